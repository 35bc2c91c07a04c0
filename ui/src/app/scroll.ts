import { announceLocationChange } from "../lib/location";
/** sessionStorage key of the saved scroll positions, so they outlive a full reload. */
const STORAGE_KEY = "custody-site:scroll";

/** How many history entries keep a saved position. */
const MAX_ENTRIES = 50;

/** The part of `history.state` this module owns: which entry it is. */
interface EntryState {
  scrollKey: string;
}

/** Saved scroll positions by history entry key, oldest first. */
const positions = new Map<string, number>();

/** The key of the entry the page shows; updated as the visitor moves through history. */
let activeKey = "";

function readSaved(): [string, number][] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    if (!Array.isArray(saved)) return [];
    return saved.filter(
      (entry): entry is [string, number] =>
        Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "number",
    );
  } catch {
    return [];
  }
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** The key stored in a history state, if this module put one there. */
function keyOf(state: unknown): string | null {
  const key = (state as Partial<EntryState> | null)?.scrollKey;
  return typeof key === "string" ? key : null;
}

/** Gives the current history entry a key (keeping its state), makes it the active one and takes
 * scrolling over from the browser; returns the scroll position saved for it before a reload. */
export function startScrollRestoration(): number | null {
  history.scrollRestoration = "manual";
  for (const [key, position] of readSaved()) positions.set(key, position);
  activeKey = keyOf(history.state) ?? newKey();
  if (keyOf(history.state) === null) history.replaceState(stateWithKey(history.state, activeKey), "");
  window.addEventListener("pagehide", () => {
    savePosition();
    persist();
  });
  return positions.get(activeKey) ?? null;
}

function stateWithKey(state: unknown, scrollKey: string): EntryState {
  return { ...(typeof state === "object" && state !== null ? state : {}), scrollKey };
}

function persist(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Positions then live for this document only.
  }
}

/** Remembers where the active entry is scrolled to. */
export function savePosition(): void {
  positions.delete(activeKey);
  positions.set(activeKey, window.scrollY);
}

/** Saves the position of the page being left and adds a history entry for `url`. */
export function pushEntry(url: URL): void {
  savePosition();
  activeKey = newKey();
  history.pushState(stateWithKey(null, activeKey), "", url);
  announceLocationChange();
}

/** Replaces the URL of the active entry (a redirect followed on the client). */
export function replaceEntryUrl(url: URL): void {
  history.replaceState(stateWithKey(history.state, activeKey), "", url);
  announceLocationChange();
}

/** After `popstate`: saves the position of the entry left and makes the entry arrived at active;
 * returns the position saved for that entry, if any. */
export function arriveAtEntry(): number | null {
  savePosition();
  const key = keyOf(history.state);
  activeKey = key ?? newKey();
  if (key === null) history.replaceState(stateWithKey(history.state, activeKey), "");
  return positions.get(activeKey) ?? null;
}

/** The element a URL fragment names (`id`, or the legacy `name` of an anchor), if the page has one. */
function anchorOf(hash: string): HTMLElement | null {
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
  const anchor = anchorOf(hash);
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
