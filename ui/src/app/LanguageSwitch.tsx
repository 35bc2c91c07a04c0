import { useLingui } from "@lingui/react/macro";
import { switchLanguageHref, useLocationSuffix } from "../lib/location";
import type { PageData } from "../lib/types";

/** The link to the same page in the other language, keeping the query and the hash. */
export function LanguageSwitch({ page }: { page: PageData }) {
  const { t } = useLingui();
  const suffix = useLocationSuffix();
  const other = page.lang === "en" ? "zh" : "en";
  const tag = other === "zh" ? "zh-Hans" : "en";
  return (
    <a
      class="lang-switch"
      href={switchLanguageHref(page.path, other, suffix)}
      hrefLang={tag}
      lang={tag}
      data-lang-switch={other}
    >
      {other === "zh"
        ? t({ id: "language.native.zh", message: "中文" })
        : t({ id: "language.native.en", message: "English" })}
    </a>
  );
}
