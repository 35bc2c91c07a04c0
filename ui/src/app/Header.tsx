import { useLingui } from "@lingui/react/macro";
import { localize, splitLang } from "../lib/paths";
import type { PageData } from "../lib/types";
import { headerLinks } from "./nav";
import { SessionControls } from "./SessionControls";

/** Brand, main navigation and the language switch (which keeps the current page). */
export function Header({ page }: { page: PageData }) {
  const { t, i18n } = useLingui();
  const current = splitLang(page.path).path;
  const other = page.lang === "en" ? "zh" : "en";
  return (
    <header class="site-header">
      <div class="container site-header__inner">
        <a class="brand" href={localize("/", page.lang)}>
          <svg class="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect width="32" height="32" rx="7" />
            <path d="M10 8v16M10 16l10-8M13.5 13.5 21 24" />
          </svg>
          <span>{page.chrome.name}</span>
        </a>
        <nav class="site-nav" aria-label={t`Main navigation`}>
          <ul>
            {headerLinks.map((link) => (
              <li key={link.path}>
                <a
                  href={localize(link.path, page.lang)}
                  aria-current={current === link.path ? "page" : undefined}
                >
                  {i18n._(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <SessionControls />
        <a
          class="lang-switch"
          href={localize(current, other)}
          hrefLang={other === "zh" ? "zh-Hans" : "en"}
          lang={other === "zh" ? "zh-Hans" : "en"}
          data-lang-switch={other}
        >
          {other === "zh"
            ? t({ id: "language.native.zh", message: "中文" })
            : t({ id: "language.native.en", message: "English" })}
        </a>
      </div>
    </header>
  );
}
