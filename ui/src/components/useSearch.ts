import { useEffect, useState } from "preact/hooks";
import { type SearchAnswer, type SearchScope, search } from "./search";
import type { Lang } from "../lib/types";

/** Where a search stands: nothing asked, waiting, answered, or failed. */
export type SearchState =
  | { status: "idle" }
  | { status: "loading"; query: string }
  | { status: "done"; answer: SearchAnswer }
  | { status: "failed"; query: string };

/** An answer at hand for a query (the one the document was served with). */
export interface KnownAnswer {
  query: string;
  answer: SearchAnswer;
}

/** The state of `query` with nothing asked yet: answered when `known` answers it. */
function startingState(query: string, known: KnownAnswer | null): SearchState {
  if (!query) return { status: "idle" };
  return known?.query === query ? { status: "done", answer: known.answer } : { status: "loading", query };
}

/** Runs the search for `query` (none when empty; none either when `known` answers it, as the
 * served document's answer does); only the latest query's answer is kept. */
export function useSearch(
  scope: SearchScope,
  lang: Lang,
  query: string,
  known: KnownAnswer | null = null,
): SearchState {
  // Before its effect runs (the prerender, hydration), a search shows only an answer at hand.
  const [state, setState] = useState<SearchState>(() =>
    known?.query === query ? startingState(query, known) : { status: "idle" },
  );
  useEffect(() => {
    setState(startingState(query, known));
    if (!query || known?.query === query) return;
    let current = true;
    search(scope, lang, query).then(
      (answer) => current && setState({ status: "done", answer }),
      (error: unknown) => {
        console.warn("search failed", error);
        if (current) setState({ status: "failed", query });
      },
    );
    return () => {
      current = false;
    };
  }, [scope, lang, query]);
  return state;
}
