import { Trans, useLingui } from "@lingui/react/macro";
import { PageIntro } from "../components/PageIntro";
import { ResultList } from "../components/ResultList";
import { SearchForm } from "../components/SearchForm";
import { SearchStatus } from "../components/SearchStatus";
import { localize } from "../lib/paths";
import { searchQuery } from "../components/search";
import { useServedSearch } from "../components/served";
import type { PageProps } from "../lib/types";
import { setUrlQuery, useUrlQuery } from "../components/urlQuery";
import { useSearch } from "../components/useSearch";

/** `/faq/search?q=`: keyword search over the FAQ in the page's language; works from a shared URL,
 * and without scripts (the server answers the query in the document it serves). */
export default function FaqSearchPage({ page }: PageProps<"intro">) {
  const { t } = useLingui();
  const params = useUrlQuery();
  // Until hydration has read the address, the page draws the query and answer it was served with.
  const served = useServedSearch();
  const query = params ? searchQuery(params) : (served?.query ?? "");
  const known = served?.answer ? { query: served.query, answer: served.answer } : null;
  const state = useSearch("faq", page.lang, query, known);
  const faq = localize("/faq", page.lang);
  return (
    <>
      <PageIntro page={page} />
      <section class="container search-page">
        <SearchForm
          action={localize("/faq/search", page.lang)}
          label={t`Search the FAQ`}
          value={query}
          onSearch={(q) => setUrlQuery({ q })}
        />
        {state.status === "idle" && (
          <p class="search-hint">
            <Trans>
              Enter a question or keywords, for example “whitelist”, “security key” or “insurance”.
            </Trans>
          </p>
        )}
        <SearchStatus
          state={state}
          empty={
            <p>
              <Trans>
                Check the spelling or try fewer or more general words. You can also{" "}
                <a href={faq}>browse the FAQ by topic</a> or{" "}
                <a href={localize("/contact-us", page.lang)}>contact our team</a>.
              </Trans>
            </p>
          }
        />
        {state.status === "done" && state.answer.total > 0 && (
          <ResultList
            lang={page.lang}
            items={state.answer.results.map((hit) => ({ ...hit, text: hit.excerpt }))}
          />
        )}
        <p>
          <a href={faq}>
            <Trans>All FAQ topics</Trans>
          </a>
        </p>
      </section>
    </>
  );
}
