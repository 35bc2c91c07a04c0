/** The same-origin page `anchor` leads to, or `null` when the browser must follow it itself
 * (another site, an asset under /_app/, a new window, a download). */
export function pageLink(anchor: HTMLAnchorElement): URL | null {
  if (!anchor.href || anchor.target || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/_app/")) return null;
  return url;
}

/** The link `event` happened on or inside, if any. */
export function anchorOf(event: Event): HTMLAnchorElement | null {
  const anchor = (event.target as Element | null)?.closest?.("a");
  return anchor instanceof HTMLAnchorElement ? anchor : null;
}

/** The same-origin page URL a click on `event` leads to, or `null` when the browser should handle it. */
export function internalTarget(event: MouseEvent): URL | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const anchor = anchorOf(event);
  return anchor ? pageLink(anchor) : null;
}
