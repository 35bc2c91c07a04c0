import { useEffect, useMemo, useState } from "preact/hooks";
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

/** What the last request that finished brought: the request (query and retry) and its outcome. */
interface Settled extends AssetPageState {
  request: string | null;
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
  const query = view ? apiQuery(view, lang) : null;
  const request = query === null || query === initialQuery ? null : `${query}#${retry}`;
  const [settled, setSettled] = useState<Settled>({
    request: null,
    answer: initial,
    status: "ready",
    fields: [],
  });
  useEffect(() => {
    if (!view || request === null) {
      setSettled({ request, answer: initial, status: "ready", fields: [] });
      return;
    }
    const controller = new AbortController();
    fetchAssets(view, lang, controller.signal).then(
      (answer) => setSettled({ request, answer, status: "ready", fields: [] }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("supported assets could not be loaded", error);
        const invalid = error instanceof AssetRequestError && error.kind === "invalid";
        setSettled((current) => ({
          ...current,
          request,
          status: invalid ? "invalid" : "failed",
          fields: invalid ? error.fields : [],
        }));
      },
    );
    return () => controller.abort();
  }, [request]); // the request stands for the whole view
  // A request not yet answered is loading from the render that makes it, not from its effect,
  // which runs after the next paint: the pending state shows in the first frame after the input.
  return useMemo((): AssetPageState => {
    if (request === null) return { answer: initial, status: "ready", fields: [] };
    const { answer, status, fields } = settled;
    return settled.request === request
      ? { answer, status, fields }
      : { answer, status: "loading", fields: [] };
  }, [settled, request, initial]);
}
