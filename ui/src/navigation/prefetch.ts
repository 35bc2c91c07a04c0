import { anchorOf, pageLink } from "../app/links";
import { savingData, whenIdle } from "../lib/idle";
import type { BuildMeta } from "./buildMeta";
import { pageCode, preload } from "./pageCode";
import { requestPageData } from "./pageData";
import { createRequestQueue } from "./requestQueue";

/** Prefetch requests running at once, at most. */
const MAX_IN_FLIGHT = 4;

/** How long a link must stay in view (or under the pointer) before its page is prefetched. */
const WAIT_MS = 100;

/** Pages whose links the visitor may follow next are loaded ahead of time. */
export interface Prefetcher {
  /** The page data prefetched for `path`, handed over once; `undefined` if it was not requested yet. */
  takeData(path: string): Promise<Response> | undefined;
  /** Prefetches the page `anchor` leads to shortly, as when the pointer rests on it. */
  hint(anchor: HTMLAnchorElement): void;
  /** Stops prefetching: nothing more is requested. */
  stop(): void;
}

/** Prefetches the data and code of pages whose links enter the viewport or are hovered or focused
 * (but for the language switch: the other language's page is seldom the next, and on an error
 * page it is missing too),
 * 100 ms after that, when the browser is idle; never more than 4 requests at once, each URL once.
 * Chunks come from the build's route manifest `meta`; without it, only page data is prefetched. */
export function startPrefetch(buildId: string, meta: Promise<BuildMeta | null>): Prefetcher {
  if (savingData() || !("IntersectionObserver" in window))
    return { takeData: () => undefined, hint: () => undefined, stop: () => undefined };

  const queue = createRequestQueue(MAX_IN_FLIGHT);
  const data = new Map<string, Promise<Response>>();
  const taken = new Set<string>();
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  let stopped = false;

  const prefetchData = (path: string) =>
    queue.add(`data:${path}`, () => {
      if (taken.has(path)) return Promise.resolve();
      const response = requestPageData(path, buildId);
      data.set(path, response);
      return response.then((answer) => answer.clone().arrayBuffer());
    });

  const prefetchCode = (files: BuildMeta, path: string) => {
    for (const [rel, href] of pageCode(files, path)) queue.add(href, () => preload(rel, href));
  };

  const prefetch = (url: URL) => {
    if (stopped || url.pathname === location.pathname || queue.has(`data:${url.pathname}`)) return;
    prefetchData(url.pathname);
    void meta.then((files) => {
      if (files && !stopped) prefetchCode(files, url.pathname);
    });
  };

  const schedule = (anchor: HTMLAnchorElement) => {
    const url = anchor.hasAttribute("data-lang-switch") ? null : pageLink(anchor);
    if (!url || timers.has(anchor)) return;
    const timer = setTimeout(() => {
      timers.delete(anchor);
      visible.unobserve(anchor);
      whenIdle(() => prefetch(url));
    }, WAIT_MS);
    timers.set(anchor, timer);
  };

  const cancel = (anchor: Element) => {
    clearTimeout(timers.get(anchor));
    timers.delete(anchor);
  };

  const visible = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const anchor = entry.target as HTMLAnchorElement;
      if (entry.isIntersecting) schedule(anchor);
      else cancel(anchor);
    }
  });

  const observeLinks = () => {
    visible.disconnect();
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      const url = pageLink(anchor);
      if (url && url.pathname !== location.pathname && !queue.has(`data:${url.pathname}`))
        visible.observe(anchor);
    }
  };

  let rescan: ReturnType<typeof setTimeout> | undefined;
  const changes = new MutationObserver(() => {
    clearTimeout(rescan);
    rescan = setTimeout(observeLinks, WAIT_MS);
  });

  const onPointer = (event: Event) => {
    const anchor = anchorOf(event);
    if (anchor) schedule(anchor);
  };

  observeLinks();
  changes.observe(document.body, { childList: true, subtree: true });
  document.addEventListener("pointerover", onPointer);
  document.addEventListener("focusin", onPointer);

  return {
    takeData(path) {
      taken.add(path);
      const response = data.get(path);
      data.delete(path);
      return response;
    },
    hint: schedule,
    stop() {
      stopped = true;
      visible.disconnect();
      changes.disconnect();
      clearTimeout(rescan);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      queue.clear();
      document.removeEventListener("pointerover", onPointer);
      document.removeEventListener("focusin", onPointer);
    },
  };
}
