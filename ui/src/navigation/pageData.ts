import { loadI18n } from "../lib/i18n";
import { loadPage } from "../lib/pages";
import type { DataRedirect } from "../lib/generated/DataRedirect";
import type { PageData } from "../lib/types";
import type { LoadedPage } from "../app/Shell";

/** What the server's page-data endpoint answers: a page, or where a retired path moved. */
type DataAnswer = PageData | DataRedirect;

/** Answered when the server runs a different build than the page: only a full load is safe. */
const BUILD_MISMATCH = 409;

/** A page chunk or language catalog did not load: typically a deploy removed the files of this build. */
export class ChunkLoadError extends Error {
  /** Wraps the failure of loading the code of page `pageId`. */
  constructor(pageId: string, cause: unknown) {
    super(`the code of page "${pageId}" could not be loaded`, { cause });
    this.name = "ChunkLoadError";
  }
}

/** A page ready to show and the URL it ended up at (after any redirect). */
export interface FetchedPage {
  loaded: LoadedPage;
  url: URL;
}

/** Requests the page data of `path`; with `buildId`, the server answers 409 if it runs another build. */
export function requestPageData(path: string, buildId: string | null): Promise<Response> {
  const query = new URLSearchParams({ path });
  if (buildId !== null) query.set("build", buildId);
  return fetch(`/_app/data?${query}`, { headers: { accept: "application/json" } });
}

/** Loads the data, component and catalog of the page at `url` (its data from `prefetched` when
 * given), or `null` when only a full load will do: another build on the server, a network failure,
 * an answer that is not JSON. A chunk that fails to load rejects with a {@link ChunkLoadError}. */
export async function fetchPage(
  url: URL,
  buildId: string | null,
  prefetched?: Promise<Response>,
): Promise<FetchedPage | null> {
  const fresh = () => requestPageData(url.pathname, buildId);
  let response: Response;
  try {
    response = await (prefetched ? prefetched.catch(fresh) : fresh());
  } catch {
    return null;
  }
  if (response.status === BUILD_MISMATCH || !response.headers.get("content-type")?.includes("json"))
    return null;
  const answer = (await response.json()) as DataAnswer | null;
  if (typeof answer !== "object" || answer === null)
    throw new TypeError(`the page data of ${url.pathname} is not an object`);
  if ("redirect" in answer) {
    const target = new URL(answer.redirect, url);
    target.search = url.search;
    target.hash = url.hash;
    return fetchPage(target, buildId);
  }
  const [Component, i18n] = await Promise.all([loadPage(answer.page), loadI18n(answer.lang)]).catch(
    (error: unknown) => {
      throw new ChunkLoadError(answer.page, error);
    },
  );
  return { loaded: { page: answer, Component, i18n }, url };
}
