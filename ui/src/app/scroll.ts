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
