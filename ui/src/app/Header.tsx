import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { Icon } from "../components/Icon";
import { trapTab } from "../lib/focus";
import { savingData, whenIdle } from "../lib/idle";
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
import "../styles/phone-menu.css";

/** The code that draws the navigation panel's contents (its chunk). */
const loadPhoneMenu = () => import("./deferred/PhoneMenu");

/** That code once loaded before rendering: always when prerendering (`preparePhoneMenu`). */
let preparedPhoneMenu: Awaited<ReturnType<typeof loadPhoneMenu>> | null = null;

/** Loads the panel's code before a page is drawn from nothing: prerendering, the live preview. */
export async function preparePhoneMenu(): Promise<void> {
  preparedPhoneMenu = await loadPhoneMenu();
}

/** The id of the navigation panel's `<dialog>`, which the menu button opens (`popovertarget`). */
const PHONE_MENU_ID = "phone-menu";

/** Whether the browser has the popover API the navigation panel is made with (Chrome and Edge 114,
 * Firefox 125, Safari 17). In an older one the menu button does not open the panel, and the rest
 * of the page works on: the header never calls what the browser lacks. */
const popoversSupported = () => typeof HTMLElement !== "undefined" && "popover" in HTMLElement.prototype;

/** Left as served: hydration does not touch the children of an element with inner HTML. */
const AS_SERVED = { __html: "" };

/** Brand, session controls, the language switch and the "Open an account" button on the first row,
 * the main navigation with its dropdown menus on the second; below 64rem (laid out by
 * CSS) the brand, the button and a menu button that opens the navigation panel instead.
 *
 * The panel is a `<dialog>` popover in the served page, closed, with every entry of the header
 * (src/app/deferred/PhoneMenu.tsx), the "Open an account" button and, while it is open, the
 * session controls and the language switch (left out of the header on phone-sized screens,
 * `isPhone`; a page holds one of each). The menu button opens it and its close button closes it
 * with the browser's own popover invokers, and Escape closes it natively, so it answers before the
 * page's code has arrived. It is a popover rather than a modal dialog because showing a modal
 * makes every other element of the page inert, and restyling them all held the tap's answer back
 * by tens of milliseconds on a phone; it covers the whole window, says it is modal to assistive
 * technology (`aria-modal`), the page under it does not scroll, and Tab cycles inside it. Opening
 * it focuses its close button (`autofocus`); closing it gives focus back to the menu button,
 * except after a link was followed. The panel's contents keep
 * their served markup until their code has loaded: once the page is idle (on intent, for a
 * visitor saving data), or when another page needs them. Once the
 * page is idle the closed menus and panel are laid out unseen (`data-prepared`), so that opening
 * one only has to show it. Menus and the panel close when the page changes or a link in the panel
 * is followed; on a window grown wide, an open panel is not drawn (styles/phone-menu.css). */
export function Header({ page }: { page: PageData }) {
  const { t } = useLingui();
  const current = splitLang(page.path).path;
  const isPhone = useMain((state) => state.isPhone);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [prepared, setPrepared] = useState(false);
  const [servedPath] = useState(page.path);
  // Drawn by code once idle (or on intent, when saving data): the served links to other sites
  // have no address until the browser knows it.
  const [phoneMenuWanted, setPhoneMenuWanted] = useState(false);
  const wantPhoneMenu = () => setPhoneMenuWanted(true);
  const loadedPhoneMenu = useLoaded(loadPhoneMenu, phoneMenuWanted || page.path !== servedPath);
  const phoneMenu = loadedPhoneMenu ?? preparedPhoneMenu;
  const panelRef = useRef<HTMLDialogElement>(null);

  const closePanel = () => {
    if (popoversSupported()) panelRef.current?.hidePopover();
  };

  useEffect(() => {
    setOpenGroup(null);
    closePanel();
  }, [page.path]);

  useEffect(() => {
    // Opened before hydration, by the menu button's own popover target.
    if (popoversSupported() && panelRef.current?.matches(":popover-open")) setPanelOpen(true);
    whenIdle(() => {
      setPrepared(true);
      if (!savingData()) wantPhoneMenu();
    });
  }, []);

  // The header is drawn again (the panel's tools) once the panel has been painted, so that the
  // tap's answer waits for nothing; the changes keep their order. The menu button's expanded
  // state is the browser's: it tells assistive technology whether its popover target is open.
  const onPanelToggle = (event: ToggleEvent) => {
    // WebKit moves focus to the `autofocus` close button only the first time a document shows a
    // popover; the panel takes it there itself whenever the browser has not.
    const panel = panelRef.current;
    if (event.newState === "open" && panel && !panel.contains(document.activeElement))
      panel.querySelector<HTMLElement>("[autofocus]")?.focus();
    requestAnimationFrame(() => setTimeout(() => setPanelOpen(event.newState === "open")));
  };

  const onPanelClick = (event: MouseEvent) => {
    if (!(event.target as Element).closest("a")) return;
    closePanel();
    // The popover gives focus back to the menu button; a followed link keeps it off the button.
    (document.activeElement as HTMLElement | null)?.blur();
  };

  const setGroupOpen = useCallback((id: string, open: boolean) => {
    setOpenGroup((previous) => (open ? id : previous === id ? null : previous));
  }, []);

  return (
    <header class="site-header" data-prepared={prepared ? "" : undefined}>
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
                  feature={page.chrome.menuFeatures[entry.id]}
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
          type="button"
          class="menu-button"
          aria-haspopup="dialog"
          aria-controls={PHONE_MENU_ID}
          popovertarget={PHONE_MENU_ID}
          popovertargetaction="show"
          onPointerDown={wantPhoneMenu}
          onFocus={wantPhoneMenu}
        >
          <Icon name="menu" size={23} />
          <span class="menu-button__label">
            <Trans>Menu</Trans>
          </span>
        </button>
      </div>
      <dialog
        id={PHONE_MENU_ID}
        class="phone-menu"
        popover="auto"
        aria-modal="true"
        aria-labelledby={`${PHONE_MENU_ID}-title`}
        ref={panelRef}
        onClick={onPanelClick}
        onKeyDown={(event) => panelRef.current && trapTab(event, panelRef.current)}
        onToggle={onPanelToggle}
      >
        {phoneMenu ? (
          <div class="phone-menu__contents">
            <phoneMenu.PhoneMenuContents page={page} current={current} panelId={PHONE_MENU_ID} />
          </div>
        ) : (
          <div class="phone-menu__contents" dangerouslySetInnerHTML={AS_SERVED} />
        )}
        <div class="phone-menu__tools">
          <a class="button button--accent phone-menu__cta" href={localize("/contact-us", page.lang)}>
            <Trans>Open an account</Trans>
          </a>
          {panelOpen && (
            <>
              <SessionControls />
              <LanguageSwitch page={page} />
            </>
          )}
        </div>
      </dialog>
    </header>
  );
}
