import { useLingui } from "@lingui/react/macro";
import { Icon } from "../../components/Icon";
import type { MenuFeatureLink, PageData } from "../../lib/types";
import { mainNav } from "../nav";
import { NavLinkItem } from "../NavLinkItem";

/** What the navigation panel lists (src/app/Header.tsx holds the panel): its title bar with the
 * close button, and every entry of the header, groups as sections, with the current page marked,
 * each section ending in its menu's featured link as the header's menus do.
 * Prerendered into every page; in the browser its code is needed only to draw it again for
 * another page. The close button closes the panel with the browser's own popover invoker, so it
 * works before any code has arrived, and takes focus when the panel opens (`autofocus`). Its navigation landmark is named by the panel's title, so
 * that it is told apart from the header's. */
export function PhoneMenuContents({
  page,
  current,
  panelId,
}: {
  page: PageData;
  current: string;
  /** The id of the panel's `<dialog>`, which the close button closes; its title's is this id
   * followed by `-title`. */
  panelId: string;
}) {
  const { t, i18n } = useLingui();
  return (
    <>
      <div class="phone-menu__bar">
        <h2 class="phone-menu__title" id={`${panelId}-title`}>
          {t`Menu`}
        </h2>
        <button
          type="button"
          class="phone-menu__close"
          aria-label={t`Close menu`}
          popovertarget={panelId}
          popovertargetaction="hide"
          autofocus
        >
          <Icon name="close" size={23} />
        </button>
      </div>
      <nav class="phone-menu__nav" aria-labelledby={`${panelId}-title`}>
        <ul class="phone-menu__list">
          {mainNav.map((entry) =>
            entry.kind === "page" ? (
              <li key={entry.path}>
                <NavLinkItem link={entry} lang={page.lang} current={current} class="phone-menu__link" />
              </li>
            ) : (
              <li key={entry.id} class="phone-menu__section">
                <h3 class="phone-menu__heading">{i18n._(entry.label)}</h3>
                <ul>
                  {entry.links.map((link) => (
                    <li key={link.kind === "page" ? link.path : link.label.id}>
                      <NavLinkItem link={link} lang={page.lang} current={current} class="phone-menu__link" />
                    </li>
                  ))}
                  <FeatureLink feature={page.chrome.menuFeatures[entry.id]} />
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>
    </>
  );
}

/** A menu's featured link, as its section's last entry: its small label over its title. */
function FeatureLink({ feature }: { feature: MenuFeatureLink | undefined }) {
  if (!feature) return null;
  return (
    <li class="phone-menu__feature">
      <a class="phone-menu__link" href={feature.href}>
        <small>{feature.label}</small>
        {feature.title}
      </a>
    </li>
  );
}
