import { useEffect, useState } from "preact/hooks";
import { localize, splitLang } from "./paths";
import type { Lang } from "./types";

/** Dispatched on `window` after the site changes the address with the History API. */
const LOCATION_CHANGE = "site:locationchange";

/** Tells the page's observers that the address changed (call after `pushState`/`replaceState`,
 * which fire no event of their own). */
export function announceLocationChange(): void {
  window.dispatchEvent(new Event(LOCATION_CHANGE));
}

/** Calls `update` whenever the address may have changed (history moves, hash changes, and the
 * site's own History API calls); returns the function that stops it. */
export function onLocationChange(update: () => void): () => void {
  const events = ["popstate", "hashchange", LOCATION_CHANGE];
  for (const name of events) window.addEventListener(name, update);
  return () => {
    for (const name of events) window.removeEventListener(name, update);
  };
}

/** The query and hash of the current address (`?x=1#team`), kept from render to render: empty
 * while prerendering and on the first render in the browser (so hydration matches the HTML). */
export function useLocationSuffix(): string {
  const [suffix, setSuffix] = useState("");
  useEffect(() => {
    const update = () => setSuffix(`${location.search}${location.hash}`);
    update();
    return onLocationChange(update);
  }, []);
  return suffix;
}

/** The address of the same page in language `target`, with the query and hash carried over:
 * `/about` + `?x=1#team` → `/zh/about?x=1#team`, `/zh` → `/`. */
export function switchLanguageHref(pagePath: string, target: Lang, suffix: string): string {
  return `${localize(splitLang(pagePath).path, target)}${suffix}`;
}
