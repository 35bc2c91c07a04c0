import { loadI18n } from "../lib/i18n";
import { loadPage } from "../lib/pages";
import type { PageData } from "../lib/types";
import type { LoadedPage } from "./Shell";

/** What the server's page-data endpoint answers: a page, or where a retired path moved. */
type DataAnswer = PageData | { redirect: string };

/** Answered when the server runs a different build than the page: only a full load is safe. */
const BUILD_MISMATCH = 409;

/** Loads the data, component and catalog of the page at `url`, or `null` when only a full load will do. */
export async function fetchPage(url: URL, buildId: string): Promise<{ loaded: LoadedPage; url: URL } | null> {
  const query = new URLSearchParams({ path: url.pathname, build: buildId });
  const response = await fetch(`/_app/data?${query}`, { headers: { accept: "application/json" } });
  if (response.status === BUILD_MISMATCH || !response.headers.get("content-type")?.includes("json"))
    return null;
  const answer = (await response.json()) as DataAnswer;
  if ("redirect" in answer) {
    const target = new URL(answer.redirect, url);
    target.search = url.search;
    target.hash = url.hash;
    return fetchPage(target, buildId);
  }
  const [Component, i18n] = await Promise.all([loadPage(answer.page), loadI18n(answer.lang)]);
  return { loaded: { page: answer, Component, i18n }, url };
}

/** Updates what the document head says about the page after a client-side navigation. */
export function applyHead(page: PageData, url: URL): void {
  document.title = page.title;
  document.documentElement.lang = page.lang === "zh" ? "zh-Hans" : "en";
  document.querySelector('meta[name="description"]')?.setAttribute("content", page.description);
  document.querySelector('link[rel="canonical"]')?.setAttribute("href", new URL(page.path, url.origin).href);
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
  const anchor = (event.target as Element | null)?.closest?.("a");
  if (!anchor?.href || anchor.target || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/_app/")) return null;
  return url;
}
