import type { Hit as SearchHit } from "../lib/generated/Hit";
import type { SearchAnswer } from "../lib/generated/SearchAnswer";
import type { Segment } from "../lib/generated/Segment";
import type { Lang } from "../lib/types";

export type { SearchAnswer, SearchHit, Segment };

/** What can be searched: the FAQ articles or the announcements. */
export type SearchScope = "faq" | "announcements";

/** The longest query the server accepts, in characters. */
export const MAX_QUERY_LENGTH = 100;

/** The keywords of an address's `q`, as a search page reads them (the server reads a query string
 * the same way: crates/site/src/render/queried/reading.rs). */
export function searchQuery(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
}

/** Asks the server's search endpoint; rejects when it cannot answer. */
export async function search(scope: SearchScope, lang: Lang, query: string): Promise<SearchAnswer> {
  const params = new URLSearchParams({ lang, q: query });
  const response = await fetch(`/api/${scope}/search?${params}`, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  return (await response.json()) as SearchAnswer;
}
