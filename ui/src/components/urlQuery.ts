import { useEffect, useState } from "preact/hooks";
import { pushEntry, replaceEntryUrl } from "../app/scroll";
import { onLocationChange } from "../lib/location";

/** Updates the query string of the current page (a new history entry unless `replace`). */
export function setUrlQuery(values: Record<string, string | null>, replace = false): void {
  const url = new URL(location.href);
  for (const [name, value] of Object.entries(values)) {
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  url.hash = "";
  if (replace) replaceEntryUrl(url);
  else pushEntry(url);
}

/** The current page's query parameters: `null` until hydrated, so the first render matches the
 * prerendered document; afterwards read from the address bar on every render, and re-rendered
 * whenever the address changes. */
export function useUrlQuery(): URLSearchParams | null {
  const [hydrated, setHydrated] = useState(false);
  const [, setVersion] = useState(0);
  useEffect(() => {
    setHydrated(true);
    return onLocationChange(() => setVersion((version) => version + 1));
  }, []);
  return hydrated ? new URLSearchParams(location.search) : null;
}

/** A page number of the address: a whole number from 1 written in digits alone, else 1 (the server
 * reads a query string the same way: crates/site/src/render/queried/reading.rs). */
export function pageParam(value: string | null | undefined): number {
  return value && /^[1-9][0-9]*$/.test(value) ? Number(value) : 1;
}
