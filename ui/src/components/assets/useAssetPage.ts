import { useEffect, useState } from "preact/hooks";
import {
  type AssetAnswer,
  AssetRequestError,
  type AssetView,
  apiQuery,
  fetchAssets,
} from "./supportedAssets";
import type { Lang } from "../../lib/types";

/** The rows on screen and whether newer ones are on their way or could not be had. The previous
 * rows stay on screen while the next ones load, so the table never collapses. */
export interface AssetPageState {
  answer: AssetAnswer;
  status: "ready" | "loading" | "failed" | "invalid";
  /** The parameters the server refused, when `invalid`. */
  fields: string[];
}

/** Loads the rows of `view` (none before hydration: the prerendered `initial` rows show), newest
 * request wins. `initialQuery` is the API query `initial` answers, which needs no request. `retry`
 * asks again after a failure when it changes. */
export function useAssetPage(
  view: AssetView | null,
  lang: Lang,
  initial: AssetAnswer,
  initialQuery: string,
  retry: number,
): AssetPageState {
  const [state, setState] = useState<AssetPageState>({ answer: initial, status: "ready", fields: [] });
  const query = view ? apiQuery(view, lang) : null;
  useEffect(() => {
    if (!view || query === initialQuery) {
      setState({ answer: initial, status: "ready", fields: [] });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ ...current, status: "loading", fields: [] }));
    fetchAssets(view, lang, controller.signal).then(
      (answer) => setState({ answer, status: "ready", fields: [] }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("supported assets could not be loaded", error);
        const invalid = error instanceof AssetRequestError && error.kind === "invalid";
        setState((current) => ({
          ...current,
          status: invalid ? "invalid" : "failed",
          fields: invalid ? error.fields : [],
        }));
      },
    );
    return () => controller.abort();
  }, [query, retry]); // the query string stands for the whole view
  return state;
}
