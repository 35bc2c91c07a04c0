import { useLingui } from "@lingui/react/macro";
import { localize } from "../lib/paths";
import type { PageData } from "../lib/types";
import { Wordmark } from "./Wordmark";
import { ConsentSettingsButton } from "./ConsentBanner";
import { footerGroups } from "./nav";
import "../styles/footer.css";

/** The brand, the footer's columns of links, a block per legal entity clients contract with (its
 * name, licence or exemption, registration number and registered address) and the provider's
 * legal line with the current year. */
export function Footer({ page }: { page: PageData }) {
  const { t, i18n } = useLingui();
  const year = String(new Date().getFullYear());
  return (
    <footer class="site-footer">
      <div class="container site-footer__inner">
        <a class="brand site-footer__brand" href={localize("/", page.lang)}>
          <Wordmark name={page.chrome.name} />
        </a>
        <nav class="site-footer__nav" aria-label={t`Footer`}>
          {footerGroups.map((group) => (
            <div key={group.id} class="site-footer__group">
              <h2 class="site-footer__heading">{i18n._(group.label)}</h2>
              <ul class="site-footer__links">
                {group.links.map((link) => (
                  <li key={link.path}>
                    <a href={localize(link.path, page.lang)}>{i18n._(link.label)}</a>
                  </li>
                ))}
                {group.id === "legal" && (
                  <li>
                    <ConsentSettingsButton />
                  </li>
                )}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div class="container">
        <h2 class="site-footer__heading site-footer__entities-heading">{t`Legal entities`}</h2>
        <ul class="site-footer__entities">
          {page.chrome.entities.map((entity) => (
            <li key={entity.id} class="site-footer__entity">
              <strong class="site-footer__entity-name">{entity.legalName}</strong>
              <span>{entity.status}</span>
              <span>
                {t`Registration number`} <span class="site-footer__number">{entity.registration}</span>
              </span>
              <span>{entity.address}</span>
            </li>
          ))}
        </ul>
        <p class="site-footer__legal">{page.chrome.legalLine.replace("{year}", year)}</p>
      </div>
    </footer>
  );
}
