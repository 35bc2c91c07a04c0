import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ComponentChild } from "preact";
import { renderToString } from "preact-render-to-string";
import { EmptyState } from "../components/EmptyState";
import { EntityChoice } from "../components/assets/EntityChoice";
import { FormattedDate } from "../components/FormattedDate";
import { Highlighted } from "../components/Highlighted";
import { Pagination } from "../components/Pagination";
import { ResultList } from "../components/ResultList";
import type { Served } from "../components/served";
import type { Lang, PageData } from "../lib/types";

/** Renders a page's body as served for a query string (`render` of src/entry-server.tsx). */
export type RenderPage = (page: PageData, served: Served | null) => Promise<string>;

/** The components the templates are cut from, rendered alone in one language. */
export class Parts {
  constructor(
    readonly lang: Lang,
    private readonly i18n: I18n,
  ) {}

  private render(node: ComponentChild): string {
    return renderToString(<I18nProvider i18n={this.i18n}>{node}</I18nProvider>);
  }

  /** The pagination of page `page` of `pageCount`, each page's address a token of its number. */
  pagination(page: number, pageCount: number, total: number, href: (n: number) => string): string {
    return this.render(
      <Pagination page={page} pageCount={pageCount} total={total} href={href} onPage={() => undefined} />,
    );
  }

  /** The empty state of a list, filtered or not. */
  emptyState(filtered: boolean): string {
    return this.render(<EmptyState filtered={filtered} />);
  }

  /** The start tag of a result list. */
  resultListStart(): string {
    const html = this.render(<ResultList items={[]} lang={this.lang} />);
    return html.slice(0, html.indexOf(">") + 1);
  }

  /** The entity form of the supported-assets page keeping the one parameter `name`=`value`. */
  entityChoice(name: string, value: string): string {
    return this.render(<EntityChoice entity="sg" action="/" kept={[[name, value]]} />);
  }

  /** A run of text that matched a search. */
  match(text: string): string {
    return this.render(<Highlighted segments={[{ text, match: true }]} />);
  }

  /** An ISO date written out in the language. */
  date(date: string): string {
    return this.render(<FormattedDate date={date} lang={this.lang} />);
  }

  /** A number as a plural message writes it (`#`): Lingui formats it with `Intl.NumberFormat`. */
  count(n: number): string {
    return new Intl.NumberFormat(this.lang).format(n);
  }
}
