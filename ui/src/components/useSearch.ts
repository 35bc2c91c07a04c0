import { useEffect, useState } from "preact/hooks";
import { type SearchAnswer, type SearchScope, search } from "./search";
import type { Lang } from "../lib/types";

/** Where a search stands: nothing asked, waiting, answered, or failed. */
export type SearchState =
  | { status: "idle" }
  | { status: "loading"; query: string }
  | { status: "done"; answer: SearchAnswer }
  | { status: "failed"; query: string };

/** Runs the search for `query` (none when empty); only the latest query's answer is kept. */
export function useSearch(scope: SearchScope, lang: Lang, query: string): SearchState {
  const [state, setState] = useState<SearchState>({ status: "idle" });
  useEffect(() => {
    if (!query) {
      setState({ status: "idle" });
      return;
    }
    let current = true;
    setState({ status: "loading", query });
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
