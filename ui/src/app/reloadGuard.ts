/** How long a reload of a path blocks another automatic reload of the same path. */
export const RELOAD_GUARD_MS = 10_000;

/** sessionStorage key prefix of the markers; the path follows. */
const MARKER_PREFIX = "custody-site:reload:";

/** Whether an automatic reload of `path` may happen now: none happened in the last 10 s. */
export function reloadAllowed(path: string, storage: Storage = sessionStorage, now = Date.now()): boolean {
  const marked = Number(storage.getItem(MARKER_PREFIX + path));
  return !marked || now - marked >= RELOAD_GUARD_MS;
}

/** Loads `url` in full unless its path was reloaded less than 10 s ago (or storage is unavailable,
 * so nothing could stop a loop); `true` when the page is being reloaded. */
export function guardedReload(
  url: URL,
  load: (href: string) => void = (href) => location.assign(href),
  storage?: Storage,
): boolean {
  try {
    const store = storage ?? sessionStorage;
    if (!reloadAllowed(url.pathname, store)) return false;
    store.setItem(MARKER_PREFIX + url.pathname, String(Date.now()));
  } catch {
    return false;
  }
  load(url.href);
  return true;
}
