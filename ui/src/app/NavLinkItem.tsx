import { useLingui } from "@lingui/react/macro";
import { Icon } from "../components/Icon";
import { useHydrated } from "../lib/hydrated";
import { localize } from "../lib/paths";
import type { Lang } from "../lib/types";
import { linkCurrent, type NavLink } from "./nav";
import { useRuntime } from "./runtime";

/** One link of the navigation: a page of the site (marked when current) or another site, whose
 * address is known only in the browser and which is announced as external. */
export function NavLinkItem({
  link,
  lang,
  current,
  class: className,
}: {
  link: NavLink;
  lang: Lang;
  current: string;
  class: string;
}) {
  const { t, i18n } = useLingui();
  const runtime = useRuntime();
  const hydrated = useHydrated();
  if (link.kind === "page") {
    return (
      <a class={className} href={localize(link.path, lang)} aria-current={linkCurrent(link, current)}>
        {i18n._(link.label)}
      </a>
    );
  }
  return (
    <a class={className} href={hydrated && runtime ? link.href(runtime) : undefined}>
      {i18n._(link.label)}
      <Icon name="external-link" label={t`(external site)`} class="nav-external" />
    </a>
  );
}
