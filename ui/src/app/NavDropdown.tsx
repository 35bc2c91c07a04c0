import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef } from "preact/hooks";
import { Icon } from "../components/Icon";
import { focusableIn, menuKeyIndex } from "../lib/focus";
import type { Lang, MenuFeatureLink } from "../lib/types";
import { groupIsCurrent, type NavGroup, summaryKey } from "./nav";
import { NavLinkItem } from "./NavLinkItem";

/** The end of the menu that ArrowDown (first link) or ArrowUp (last link) on the button moves into. */
type MenuEdge = "first" | "last";

/** A group of the header navigation as a disclosure menu (WAI-ARIA APG "disclosure navigation"):
 * Enter/Space toggle, ArrowDown/ArrowUp open into the first/last link, arrows, Home and End move,
 * Escape closes back to the button; a click outside or focus leaving the group closes it. The
 * menu's featured link, when the content names one, closes the panel under its entries. */
export function NavDropdown({
  group,
  lang,
  current,
  open,
  onOpenChange,
  summaries,
  feature,
}: {
  group: NavGroup;
  lang: Lang;
  current: string;
  open: boolean;
  /** One line under each link, by `summaryKey`. */
  summaries: Record<string, string>;
  /** The menu's featured link (`[menu_feature]` of the content's site.toml). */
  feature: MenuFeatureLink | undefined;
  onOpenChange: (id: string, open: boolean) => void;
}) {
  const { i18n } = useLingui();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const pendingFocus = useRef<MenuEdge | null>(null);
  const menuId = `nav-menu-${group.id}`;
  const setOpen = useCallback((next: boolean) => onOpenChange(group.id, next), [onOpenChange, group.id]);
  const menuLinks = () => (menuRef.current ? focusableIn(menuRef.current) : []);
  const focusEdge = (edge: MenuEdge) => {
    const links = menuLinks();
    (edge === "first" ? links[0] : links.at(-1))?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current) focusEdge(pendingFocus.current);
    pendingFocus.current = null;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer);
  }, [open, setOpen]);

  const openInto = (edge: MenuEdge) => {
    if (open) {
      focusEdge(edge);
      return;
    }
    pendingFocus.current = edge;
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.target === buttonRef.current) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        openInto(event.key === "ArrowDown" ? "first" : "last");
      }
      return;
    }
    const links = menuLinks();
    const next = menuKeyIndex(event.key, links.indexOf(document.activeElement as HTMLElement), links.length);
    if (next === null) return;
    event.preventDefault();
    links[next]?.focus();
  };

  const onFocusOut = (event: FocusEvent) => {
    if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const onMenuClick = (event: MouseEvent) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  };

  const isCurrent = groupIsCurrent(group, current);
  return (
    <li class="site-nav__group" ref={rootRef} onKeyDown={onKeyDown} onFocusOut={onFocusOut}>
      <button
        ref={buttonRef}
        type="button"
        class="site-nav__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-current={isCurrent ? "true" : undefined}
        data-nav-group={group.id}
        onClick={() => setOpen(!open)}
      >
        {i18n._(group.label)}
        <Icon name="chevron-down" class="site-nav__chevron" />
      </button>
      <ul class="site-nav__menu" id={menuId} ref={menuRef} hidden={!open} onClick={onMenuClick}>
        {group.links.map((link) => (
          <li key={link.kind === "page" ? link.path : link.label.id}>
            <NavLinkItem
              link={link}
              lang={lang}
              current={current}
              class="site-nav__item"
              summary={summaries[summaryKey(link)]}
            />
          </li>
        ))}
        {feature && (
          <li class="site-nav__feature">
            <a href={feature.href}>
              <small>{feature.label}</small>
              <strong>{feature.title}</strong>
              <span class="nav-summary">{feature.text}</span>
            </a>
          </li>
        )}
      </ul>
    </li>
  );
}
