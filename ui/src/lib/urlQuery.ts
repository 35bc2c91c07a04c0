import { useEffect, useState } from "preact/hooks";

/** Fired on `window` when the page changes its own query string. */
const QUERY_CHANGE = "site:querychange";

/** Updates the query string of the current page (a new history entry unless `replace`). */
export function setUrlQuery(values: Record<string, string | null>, replace = false): void {
  const url = new URL(location.href);
  for (const [name, value] of Object.entries(values)) {
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  url.hash = "";
  if (replace) history.replaceState(history.state, "", url);
  else history.pushState(null, "", url);
  window.dispatchEvent(new Event(QUERY_CHANGE));
}

/** The current page's query parameters: `null` until hydrated, so the first render matches the
 * prerendered document; afterwards read from the address bar on every render, and re-rendered
 * when the page changes its query or the visitor moves through history. */
export function useUrlQuery(): URLSearchParams | null {
  const [hydrated, setHydrated] = useState(false);
  const [, setVersion] = useState(0);
  useEffect(() => {
    setHydrated(true);
    const update = () => setVersion((version) => version + 1);
    window.addEventListener("popstate", update);
    window.addEventListener(QUERY_CHANGE, update);
    return () => {
      window.removeEventListener("popstate", update);
      window.removeEventListener(QUERY_CHANGE, update);
    };
  }, []);
  return hydrated ? new URLSearchParams(location.search) : null;
}
