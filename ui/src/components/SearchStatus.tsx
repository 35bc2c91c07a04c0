import { Plural, Trans } from "@lingui/react/macro";
import type { ComponentChildren } from "preact";
import type { SearchState } from "./useSearch";

/** The live line that says how a search went: searching, N results, none, or unavailable.
 * `empty` is shown below it when nothing matched. */
export function SearchStatus({ state, empty }: { state: SearchState; empty: ComponentChildren }) {
  const line = (() => {
    switch (state.status) {
      case "idle":
        return null;
      case "loading":
        return <Trans>Searching…</Trans>;
      case "failed":
        return <Trans>Search is unavailable right now. Please try again in a moment.</Trans>;
      case "done": {
        const { total, query } = state.answer;
        return (
          <Plural
            value={total}
            _0={`No results for “${query}”.`}
            one={`# result for “${query}”`}
            other={`# results for “${query}”`}
          />
        );
      }
    }
  })();
  return (
    <>
      <p class="search-status" role="status" aria-live="polite" data-search-status={state.status}>
        {line}
      </p>
      {state.status === "done" && state.answer.total === 0 && <div class="search-empty">{empty}</div>}
    </>
  );
}
