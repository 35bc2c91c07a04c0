import { useLingui } from "@lingui/react/macro";
import { localize } from "../lib/paths";
import type { PageData } from "../lib/types";
import { ConsentSettingsButton } from "./ConsentBanner";
import { footerLinks } from "./nav";

/** Footer links and the provider's legal line with the current year. */
export function Footer({ page }: { page: PageData }) {
  const { t, i18n } = useLingui();
  const year = String(new Date().getFullYear());
  return (
    <footer class="site-footer">
      <div class="container">
        <nav aria-label={t`Footer`}>
          <ul class="site-footer__links">
            {footerLinks.map((link) => (
              <li key={link.path}>
                <a href={localize(link.path, page.lang)}>{i18n._(link.label)}</a>
              </li>
            ))}
            <li>
              <ConsentSettingsButton />
            </li>
          </ul>
        </nav>
        <p class="site-footer__legal">{page.chrome.legalLine.replace("{year}", year)}</p>
      </div>
    </footer>
  );
}
