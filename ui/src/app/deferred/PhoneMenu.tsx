import { useLingui } from "@lingui/react/macro";
import { createPortal } from "react-dom";
import { useEffect, useRef } from "preact/hooks";
import { Icon } from "../../components/Icon";
import { focusableIn, inertOutside, trapTab } from "../../lib/focus";
import { localize } from "../../lib/paths";
import type { PageData } from "../../lib/types";
import { LanguageSwitch } from "../LanguageSwitch";
import { mainNav } from "../nav";
import { NavLinkItem } from "../NavLinkItem";
import { SessionControls } from "../SessionControls";
import "../../styles/phone-menu.css";

/** The navigation panel of phone-sized screens: a modal dialog with every entry of the header
 * (groups as sections), the "Open an account" button, the session controls and the language switch. While it is open the rest
 * of the page is inert and does not scroll, Tab cycles inside it, and Escape or the close button
 * closes it (`onClose(true)`: focus goes back to the menu button); following a link closes it too
 * (`onClose(false)`). */
export function PhoneMenu({
  page,
  current,
  onClose,
}: {
  page: PageData;
  current: string;
  onClose: (returnFocus: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    const restoreInert = inertOutside(dialog);
    focusableIn(dialog)[0]?.focus();
    return () => {
      restoreInert();
      root.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose(true);
      return;
    }
    if (dialogRef.current) trapTab(event, dialogRef.current);
  };

  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest("a")) onClose(false);
  };

  return createPortal(
    <div
      class="phone-menu"
      role="dialog"
      aria-modal="true"
      aria-labelledby="phone-menu-title"
      ref={dialogRef}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div class="phone-menu__bar">
        <h2 class="phone-menu__title" id="phone-menu-title">
          {t`Menu`}
        </h2>
        <button
          type="button"
          class="phone-menu__close"
          aria-label={t`Close menu`}
          onClick={() => onClose(true)}
        >
          <Icon name="close" size={23} />
        </button>
      </div>
      <nav class="phone-menu__nav" aria-label={t`Main navigation`}>
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
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>
      <div class="phone-menu__tools">
        <a class="button button--accent phone-menu__cta" href={localize("/contact-us", page.lang)}>
          {t`Open an account`}
        </a>
        <SessionControls />
        <LanguageSwitch page={page} />
      </div>
    </div>,
    document.body,
  );
}
