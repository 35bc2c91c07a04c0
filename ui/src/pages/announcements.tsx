import "../styles/pagination.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageIntro } from "../components/PageIntro";
import { Pagination } from "../components/Pagination";
import { type ResultItem, ResultList, plain } from "../components/ResultList";
import { SearchForm } from "../components/SearchForm";
import { SearchStatus } from "../components/SearchStatus";
import { localize } from "../lib/paths";
import { searchQuery } from "../components/search";
import { useServedSearch } from "../components/served";
import type { PageProps } from "../lib/types";
import { pageParam, setUrlQuery, useUrlQuery } from "../components/urlQuery";
import { useSearch } from "../components/useSearch";

/** Announcements per page of the list. */
export const PAGE_SIZE = 5;

/** `/announcements`: dated announcements, newest first, paginated, with keyword search
 * (`?q=`, `?page=`); without scripts the server answers both in the document it serves. */
export default function AnnouncementsPage({ page }: PageProps<"announcements">) {
  const { t } = useLingui();
  const params = useUrlQuery();
  // Until hydration has read the address, the page draws the query, page and answer it was served
  // with.
  const served = useServedSearch();
  const query = params ? searchQuery(params) : (served?.query ?? "");
  const known = served?.answer ? { query: served.query, answer: served.answer } : null;
  const state = useSearch("announcements", page.lang, query, known);
  const path = localize("/announcements", page.lang);

  const items: ResultItem[] = query
    ? state.status === "done"
      ? state.answer.results.map((hit) => ({ ...hit, text: hit.excerpt }))
      : []
    : page.data.items.map((item) => ({
        url: localize(`/announcements/${item.id}`, page.lang),
        date: item.date,
        title: plain(item.title),
        text: plain(item.summary),
      }));
  const pageCount = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const requested = params ? pageParam(params.get("page")) : (served?.page ?? 1);
  const current = Math.min(requested, pageCount);
  const shown = items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const pageHref = (n: number) => {
    const search = new URLSearchParams();
    if (query) search.set("q", query);
    if (n > 1) search.set("page", String(n));
    const text = search.toString();
    return text ? `${path}?${text}` : path;
  };

  return (
    <>
      <PageIntro page={page} />
      <section class="container search-page">
        <SearchForm
          action={path}
          label={t`Search announcements`}
          value={query}
          onSearch={(q) => setUrlQuery({ q, page: null })}
        />
        {query && (
          <SearchStatus
            state={state}
            empty={
              <p>
                <Trans>Check the spelling or try fewer or more general words.</Trans>
              </p>
            }
          />
        )}
        {query && (
          <p>
            <a
              href={path}
              onClick={(event) => {
                event.preventDefault();
                setUrlQuery({ q: null, page: null });
              }}
            >
              <Trans>Show all announcements</Trans>
            </a>
          </p>
        )}
        {shown.length > 0 && (
          <>
            <ResultList items={shown} lang={page.lang} />
            <Pagination
              page={current}
              pageCount={pageCount}
              total={items.length}
              href={pageHref}
              onPage={(n) => {
                setUrlQuery({ page: n > 1 ? String(n) : null });
                document.getElementById("main")?.scrollIntoView();
              }}
            />
          </>
        )}
      </section>
    </>
  );
}
