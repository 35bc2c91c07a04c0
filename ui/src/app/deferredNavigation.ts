import { savingData, whenIdle } from "../lib/idle";
import type { Arrival, ClientNavigation, NavigationOptions } from "../navigation/clientNavigation";
import { anchorOf, internalTarget, pageLink } from "./links";
import { NAVIGATE_EVENT } from "./navigate";
import { startScrollRestoration } from "./scroll";

/** The attribute of `<html>` set once client-side navigation runs (`data-navigation="ready"`). */
const READY_ATTRIBUTE = "navigation";

/** What a visitor did before the navigation code arrived, for it to carry out. */
type Pending = { url: URL; arrival: Arrival } | { anchor: HTMLAnchorElement };

/** Starts client-side navigation after hydration without making the first load pay for it: scroll
 * restoration runs at once, the navigation code (src/navigation/) loads when the browser is idle
 * (unless the visitor saves data, as prefetching is then off too) or at the first sign of
 * navigating: a pointer or focus on a page link, a click, back or forward. What the visitor did
 * meanwhile is carried out once it runs; if it cannot load, links load in full. Returns a function
 * that stops it. */
export function startDeferredNavigation(options: NavigationOptions): () => void {
  const restored = startScrollRestoration();
  if (restored !== null) window.scrollTo(0, restored);

  let navigation: ClientNavigation | null = null;
  let loading: Promise<ClientNavigation | null> | null = null;
  let stopped = false;

  const onClick = (event: MouseEvent) => {
    const url = internalTarget(event);
    if (!url) return;
    event.preventDefault();
    carryOut({ url, arrival: "link" });
  };
  const onNavigate = (event: Event) => {
    event.preventDefault();
    carryOut({ url: new URL((event as CustomEvent<string>).detail, location.href), arrival: "link" });
  };
  const onPopState = () => carryOut({ url: new URL(location.href), arrival: "history" });
  const onIntent = (event: Event) => {
    const anchor = anchorOf(event);
    if (anchor && pageLink(anchor)) carryOut({ anchor });
  };

  const intents = ["pointerover", "focusin", "touchstart"] as const;
  const detach = () => {
    document.removeEventListener("click", onClick);
    window.removeEventListener(NAVIGATE_EVENT, onNavigate);
    window.removeEventListener("popstate", onPopState);
    for (const type of intents) document.removeEventListener(type, onIntent);
  };
  const load = (): Promise<ClientNavigation | null> =>
    (loading ??= import("../navigation/clientNavigation").then(
      ({ startClientNavigation }) => {
        if (stopped) return null;
        detach();
        navigation = startClientNavigation(options);
        document.documentElement.dataset[READY_ATTRIBUTE] = "ready";
        return navigation;
      },
      (error: unknown) => {
        console.error("the navigation code did not load: links load pages in full", error);
        detach();
        return null;
      },
    ));

  const carryOut = (pending: Pending) =>
    void load().then((running) => {
      if ("anchor" in pending) running?.hint(pending.anchor);
      else if (running) void running.go(pending.url, pending.arrival);
      else if (pending.arrival === "link") location.assign(pending.url.href);
    });

  document.addEventListener("click", onClick);
  window.addEventListener(NAVIGATE_EVENT, onNavigate);
  window.addEventListener("popstate", onPopState);
  for (const type of intents) document.addEventListener(type, onIntent, { passive: true });
  if (!savingData()) whenIdle(() => void load());

  return () => {
    stopped = true;
    detach();
    navigation?.stop();
  };
}
