import "../styles/search.css";
import { FormattedDate } from "./FormattedDate";
import { Highlighted } from "./Highlighted";
import type { Segment } from "./search";
import type { Lang } from "../lib/types";

/** One entry of a result list: a dated or categorised title with a passage below it. */
export interface ResultItem {
  url: string;
  title: Segment[];
  text: Segment[];
  date?: string;
  category?: string;
}

/** Plain text as a single unmarked segment. */
export function plain(text: string): Segment[] {
  return [{ text, match: false }];
}

/** A list of linked results; matches are highlighted where the items carry them. */
export function ResultList({ items, lang }: { items: ResultItem[]; lang: Lang }) {
  return (
    <ol class="result-list">
      {items.map((item) => (
        <li key={item.url} class="result">
          {item.date && <FormattedDate date={item.date} lang={lang} />}
          {item.category && <p class="result__category">{item.category}</p>}
          <h2 class="result__title">
            <a href={item.url}>
              <Highlighted segments={item.title} />
            </a>
          </h2>
          <p class="result__text">
            <Highlighted segments={item.text} />
          </p>
        </li>
      ))}
    </ol>
  );
}
