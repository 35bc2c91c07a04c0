/** Where a page shown by client navigation is scrolled to and what takes focus: the fragment's
 * anchor, a saved position, or the top and the main landmark. Part of the navigation's chunk
 * (src/app/scroll.ts, in every page's first load, keeps the history entries and their saved
 * positions). */

/** The element a URL fragment names (`id`, or the legacy `name` of an anchor), if the page has one. */
function fragmentTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    id = hash.slice(1);
  }
  return document.getElementById(id) ?? document.querySelector<HTMLElement>(`a[name="${CSS.escape(id)}"]`);
}

/** Focuses `element` for screen readers without scrolling, making it focusable if needed. */
function focusQuietly(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
}

/** Scrolls to the anchor `hash` names and focuses it; `false` when the page has no such anchor. */
export function scrollToAnchor(hash: string): boolean {
  const anchor = fragmentTarget(hash);
  if (!anchor) return false;
  anchor.scrollIntoView({ block: "start" });
  focusQuietly(anchor);
  return true;
}

/** Shows a page just rendered: at `position` (back/forward), else at the anchor of `hash`, else at
 * the top; focus moves to the anchor or to the main landmark, so screen readers start there. */
export function settleScroll(hash: string, position: number | null): void {
  if (position === null && scrollToAnchor(hash)) return;
  window.scrollTo(0, position ?? 0);
  const main = document.getElementById("main");
  if (main) focusQuietly(main);
}
