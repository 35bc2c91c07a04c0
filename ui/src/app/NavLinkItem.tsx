import { useLingui } from "@lingui/react/macro";
import { Icon } from "../components/Icon";
import { localize } from "../lib/paths";
import type { Lang } from "../lib/types";
import { linkCurrent, type NavLink, servedLinkMarker, summaryKey } from "./nav";
import { useRuntime } from "./runtime";

/** One link of the navigation: a page of the site (marked when current) or another site, announced
 * as external, whose address comes from the deployment settings: the server writes it into the
 * served page in place of the prerender's marker (crates/site/src/render/served_site.rs), and the
 * browser draws it from the settings; in a menu, a line under its label says what it offers. */
export function NavLinkItem({
  link,
  lang,
  current,
  class: className,
  summary,
}: {
  link: NavLink;
  lang: Lang;
  current: string;
  class: string;
  summary?: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const runtime = useRuntime();
  // Named after the link: only the header's menus show summaries, each link once. Not `useId`,
  // whose numbering would depend on what the served navigation panel holds before hydration.
  const summaryId = `nav-summary${summaryKey(link).replace(/\W/g, "-")}`;
  // The line describes the link; the link's name stays its label, the words voice control users say.
  const describedBy = summary ? summaryId : undefined;
  const line = summary && (
    <span class="nav-summary" id={summaryId} aria-hidden="true">
      {summary}
    </span>
  );
  if (link.kind === "page") {
    return (
      <a
        class={className}
        href={localize(link.path, lang)}
        aria-current={linkCurrent(link, current)}
        aria-describedby={describedBy}
      >
        {i18n._(link.label)}
        {line}
      </a>
    );
  }
  return (
    <a
      class={className}
      href={runtime ? link.href(runtime) : servedLinkMarker(link.id)}
      aria-describedby={describedBy}
    >
      {i18n._(link.label)}
      <Icon name="external-link" label={t`(external site)`} class="nav-external" />
      {line}
    </a>
  );
}
