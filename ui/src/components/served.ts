import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Served } from "../lib/generated/Served";

export type { Served };

/** What the document was served with for its query string (the view the server read and the
 * answer it drew), for the page it was served with only; `null` for a page's own document, for
 * client navigation and in the prerender. A page draws it until hydration has read the address
 * itself, so the first render in the browser is the served markup. */
export const ServedContext = createContext<Served | null>(null);

/** The served view and answer of the supported-assets page, if the document was served with one. */
export function useServedAssets(): Extract<Served, { kind: "supportedAssets" }> | null {
  const served = useContext(ServedContext);
  return served?.kind === "supportedAssets" ? served : null;
}

/** The served query, page and answer of a search page, if the document was served with one. */
export function useServedSearch(): Extract<Served, { kind: "search" }> | null {
  const served = useContext(ServedContext);
  return served?.kind === "search" ? served : null;
}
