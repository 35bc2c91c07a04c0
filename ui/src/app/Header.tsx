import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { Icon } from "../components/Icon";
import { localize, splitLang } from "../lib/paths";
import { useMain } from "../lib/store";
import { useLoaded } from "../lib/useLoaded";
import type { PageData } from "../lib/types";
import { Wordmark } from "./Wordmark";
import { LanguageSwitch } from "./LanguageSwitch";
import { mainNav } from "./nav";
import { NavDropdown } from "./NavDropdown";
import { NavLinkItem } from "./NavLinkItem";
import { SessionControls } from "./SessionControls";
import "../styles/header.css";

/** The navigation panel, loaded the first time the menu button is pressed. */
const loadPhoneMenu = () => import("./deferred/PhoneMenu");

/** Widths at which the navigation would not fit on one line beside the brand: the menu button and
 * its panel take over (styles/header.css holds the same width). */
const COMPACT_HEADER = "(max-width: 63.99rem)";

/** Brand, session controls, the language switch and the "Open an account" button on the first row,
 * the main navigation with its dropdown menus on the second; below `COMPACT_HEADER` (laid out by
 * CSS) the brand, the button and a menu button that opens the navigation panel instead. The
 * session controls are left out on phone-sized screens (`isPhone`), where the panel has them.
 * Menus and the panel close when the page changes, and the panel when the window grows wide. */
export function Header({ page }: { page: PageData }) {
  const { t } = useLingui();
  const current = splitLang(page.path).path;
  const isPhone = useMain((state) => state.isPhone);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const phoneMenu = useLoaded(loadPhoneMenu, panelOpen);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const refocusMenuButton = useRef(false);

  useEffect(() => {
    setOpenGroup(null);
    setPanelOpen(false);
  }, [page.path]);

  useEffect(() => {
    const compact = matchMedia(COMPACT_HEADER);
    const closeWhenWide = () => {
      if (!compact.matches) setPanelOpen(false);
    };
    compact.addEventListener("change", closeWhenWide);
    return () => compact.removeEventListener("change", closeWhenWide);
  }, []);

  useEffect(() => {
    if (panelOpen || !refocusMenuButton.current) return;
    refocusMenuButton.current = false;
    menuButtonRef.current?.focus();
  }, [panelOpen]);

  const closePanel = useCallback((returnFocus: boolean) => {
    refocusMenuButton.current = returnFocus;
    setPanelOpen(false);
  }, []);

  const setGroupOpen = useCallback((id: string, open: boolean) => {
    setOpenGroup((previous) => (open ? id : previous === id ? null : previous));
  }, []);

  return (
    <header class="site-header">
      <div class="container site-header__inner">
        <a class="brand" href={localize("/", page.lang)}>
          <Wordmark name={page.chrome.name} />
        </a>
        <nav class="site-nav" aria-label={t`Main navigation`}>
          <ul class="site-nav__list">
            {mainNav.map((entry) =>
              entry.kind === "page" ? (
                <li key={entry.path}>
                  <NavLinkItem link={entry} lang={page.lang} current={current} class="site-nav__link" />
                </li>
              ) : (
                <NavDropdown
                  key={entry.id}
                  group={entry}
                  lang={page.lang}
                  current={current}
                  open={openGroup === entry.id}
                  onOpenChange={setGroupOpen}
                  summaries={page.chrome.menuSummaries}
                />
              ),
            )}
          </ul>
        </nav>
        {!isPhone && (
          <div class="site-header__tools">
            <SessionControls />
            <LanguageSwitch page={page} />
          </div>
        )}
        <a class="button button--accent site-header__cta" href={localize("/contact-us", page.lang)}>
          <Trans>Open an account</Trans>
        </a>
        <button
          ref={menuButtonRef}
          type="button"
          class="menu-button"
          aria-haspopup="dialog"
          aria-expanded={panelOpen}
          onClick={() => setPanelOpen(true)}
        >
          <Icon name="menu" size={23} />
          <span class="menu-button__label">
            <Trans>Menu</Trans>
          </span>
        </button>
      </div>
      {panelOpen && phoneMenu && <phoneMenu.PhoneMenu page={page} current={current} onClose={closePanel} />}
    </header>
  );
}
