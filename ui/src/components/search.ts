import type { Lang } from "../lib/types";

/** What can be searched: the FAQ articles or the announcements. */
export type SearchScope = "faq" | "announcements";

/** The longest query the server accepts, in characters. */
export const MAX_QUERY_LENGTH = 100;

/** A run of text; `match` marks the parts that matched the query. */
export interface Segment {
  text: string;
  match: boolean;
}

/** One result of a search. */
export interface SearchHit {
  url: string;
  title: Segment[];
  excerpt: Segment[];
  category?: string;
  date?: string;
}

/** The server's answer to a search. */
export interface SearchAnswer {
  query: string;
  total: number;
  results: SearchHit[];
}

/** Asks the server's search endpoint; rejects when it cannot answer. */
export async function search(scope: SearchScope, lang: Lang, query: string): Promise<SearchAnswer> {
  const params = new URLSearchParams({ lang, q: query });
  const response = await fetch(`/api/${scope}/search?${params}`, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  return (await response.json()) as SearchAnswer;
}
