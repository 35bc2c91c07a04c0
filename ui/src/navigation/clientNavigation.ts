import { showsErrorPages } from "../app/fatalError";
import { internalTarget } from "../app/links";
import { NAVIGATE_EVENT } from "../app/navigate";
import { guardedReload } from "../app/reloadGuard";
import { arriveAtEntry, pushEntry, replaceEntryUrl } from "../app/scroll";
import { scrollToAnchor, settleScroll } from "./arrival";
import type { LoadedPage } from "../app/Shell";
import { watchForNewBuild } from "./buildCheck";
import { type BuildMeta, loadBuildMeta, routeOf } from "./buildMeta";
import { applyHead } from "./head";
import { pageCode, preload } from "./pageCode";
import { ChunkLoadError, type FetchedPage, fetchPage } from "./pageData";
import { startPrefetch } from "./prefetch";
import { enter, leave } from "./transition";

/** What client-side navigation needs from the rendered app. */
export interface NavigationOptions {
  /** Id of the build this page runs. */
  buildId: string;
  /** Seconds between checks for a newer build. */
  buildCheckIntervalSecs: number;
  /** Renders `loaded`; resolves once it is committed to the DOM. */
  show: (loaded: LoadedPage) => Promise<void>;
  /** Renders the 500 page for `path` (for people; crawlers keep what they have). */
  showServerError: (path: string) => Promise<void>;
}

/** How a navigation came about: a followed link adds a history entry, back/forward moves to one. */
export type Arrival = "link" | "history";

/** Client-side navigation once it runs. */
export interface ClientNavigation {
  /** Shows the page at `url`, reached by following a link or by moving through history. */
  go(url: URL, arrival: Arrival): Promise<void>;
  /** Prefetches the page `anchor` leads to, as when the pointer rests on it. */
  hint(anchor: HTMLAnchorElement): void;
  /** Stops it: links and back/forward are left to the browser, nothing more is prefetched. */
  stop(): void;
}

/** The main landmark of the page as rendered now (it is replaced after a fatal error). */
const mainElement = () => document.getElementById("main");

/** Takes over navigation after hydration: links and back/forward render pages on the client with
 * the `ChangePage` transition, scroll and focus handling, prefetching, new-build detection and
 * guarded full loads. Scroll restoration is already running (src/app/deferredNavigation.ts). */
export function startClientNavigation({
  buildId,
  buildCheckIntervalSecs,
  show,
  showServerError,
}: NavigationOptions): ClientNavigation {
  let routes: BuildMeta | null = null;
  const meta = loadBuildMeta(buildId).then((loaded) => (routes = loaded));
  const prefetcher = startPrefetch(buildId, meta);
  let newBuild = false;
  const stopWatching = watchForNewBuild(buildId, buildCheckIntervalSecs, (id) => {
    newBuild = true;
    document.documentElement.dataset.newBuild = id;
    prefetcher.stop();
  });

  /** The URL of the page on screen (during back/forward, `location` already names the next one). */
  let shownUrl = new URL(location.href);
  /** The navigation under way, so a chunk error Vite reports reloads the right page. */
  let pending: { url: URL; arrival: Arrival } | null = null;
  /** Bumped by every navigation; an older one that finishes late gives way. */
  let generation = 0;
  /** Set once a full load is under way: nothing else should happen on this document. */
  let unloading = false;

  /** Starts a guarded full load of `url`; `true` when one is under way. */
  const reload = (url: URL, arrival: Arrival): boolean => {
    const load =
      arrival === "link" ? (href: string) => location.assign(href) : (href: string) => location.replace(href);
    if (!unloading) unloading = guardedReload(url, load);
    return unloading;
  };

  /** The page at `url` ready to show, or `null` when a full load took over. A server on another
   * build or a missing chunk means a full load, unless the path was reloaded less than 10 s ago:
   * then the page is loaded on the client all the same (or the error is thrown). */
  const load = async (url: URL, arrival: Arrival): Promise<FetchedPage | null> => {
    try {
      const fetched = await fetchPage(url, buildId, prefetcher.takeData(url.pathname));
      if (fetched) return fetched;
      if (reload(url, arrival)) return null;
      const unchecked = await fetchPage(url, null);
      if (unchecked) return unchecked;
      throw new Error(`the page data of ${url.pathname} could not be loaded`);
    } catch (error) {
      if (error instanceof ChunkLoadError && reload(url, arrival)) return null;
      throw error;
    }
  };

  /** Whether the route table marks the page noindex; `undefined` while the table is unknown. */
  const noindexOf = (page: FetchedPage) =>
    routes ? (routeOf(routes, page.url.pathname)?.noindex ?? false) : undefined;

  /** After a navigation failed: the 500 page at `url` for people; crawlers keep the old page. */
  const failed = async (url: URL, arrival: Arrival, error: unknown, left: Promise<void>) => {
    console.error(`client navigation to ${url.pathname} failed`, error);
    await left;
    if (showsErrorPages()) {
      if (arrival === "link") pushEntry(url);
      shownUrl = url;
      await showServerError(url.pathname);
      settleScroll("", null);
    }
    const main = mainElement();
    if (main) await enter(main);
  };

  /** Whether `url` is only another place or state of the page on screen: back/forward on the same
   * path (pages read their query string themselves), or a link to an anchor. A link without a
   * fragment to the page itself loads it again, as the browser would. */
  const withinPage = (url: URL, arrival: Arrival) =>
    url.pathname === shownUrl.pathname &&
    (arrival === "history" || (url.search === shownUrl.search && url.hash !== ""));

  /** Moves within the page on screen: a link to its anchor, back/forward to the saved position. */
  const moveWithinPage = (url: URL, arrival: Arrival, position: number | null) => {
    shownUrl = url;
    if (arrival === "history") {
      settleScroll(url.hash, position);
      return;
    }
    pushEntry(url);
    scrollToAnchor(url.hash);
  };

  /** Shows the page at `url`: fades the old one out while the new one loads, then in. */
  const go = async (url: URL, arrival: Arrival) => {
    if (unloading) return;
    const position = arrival === "history" ? arriveAtEntry() : null;
    if (withinPage(url, arrival)) {
      moveWithinPage(url, arrival, position);
      return;
    }
    if (newBuild && reload(url, arrival)) return;

    const current = ++generation;
    pending = { url, arrival };
    if (routes) for (const [rel, href] of pageCode(routes, url.pathname)) void preload(rel, href);
    const main = mainElement();
    const left = main ? leave(main) : Promise.resolve();
    let fetched: FetchedPage | null;
    try {
      fetched = await load(url, arrival);
    } catch (error) {
      if (current === generation && !unloading) await failed(url, arrival, error, left);
      return;
    } finally {
      if (current === generation) pending = null;
    }
    if (!fetched || current !== generation || unloading) return;
    await left;
    if (current !== generation) return;
    if (arrival === "link") pushEntry(fetched.url);
    else if (fetched.url.href !== url.href) replaceEntryUrl(fetched.url);
    shownUrl = fetched.url;
    applyHead(fetched.loaded.page, noindexOf(fetched));
    await show(fetched.loaded);
    if (current !== generation) return;
    settleScroll(fetched.url.hash, position);
    const shownMain = mainElement();
    if (shownMain) await enter(shownMain);
  };

  const onClick = (event: MouseEvent) => {
    const url = internalTarget(event);
    if (!url) return;
    event.preventDefault();
    void go(url, "link");
  };
  const onPopState = () => void go(new URL(location.href), "history");
  const onNavigate = (event: Event) => {
    event.preventDefault();
    void go(new URL((event as CustomEvent<string>).detail, location.href), "link");
  };
  const onPreloadError = () => {
    const target = pending ?? { url: new URL(location.href), arrival: "history" as const };
    reload(target.url, target.arrival);
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) unloading = false;
  };

  document.addEventListener("click", onClick);
  window.addEventListener("popstate", onPopState);
  window.addEventListener(NAVIGATE_EVENT, onNavigate);
  window.addEventListener("vite:preloadError", onPreloadError);
  window.addEventListener("pageshow", onPageShow);
  return {
    go,
    hint: (anchor) => prefetcher.hint(anchor),
    stop() {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPopState);
      window.removeEventListener(NAVIGATE_EVENT, onNavigate);
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("pageshow", onPageShow);
      stopWatching();
      prefetcher.stop();
    },
  };
}
