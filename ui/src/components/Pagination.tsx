import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { pageWindow } from "./pageWindow";

/** Previous / next links with a window of page numbers and the total-records line. `href(n)` is the
 * address of page n (1-based); links update the query string on the client. On a phone only the
 * current number stays between the two, so the row never wraps. Its styles, styles/pagination.css,
 * are part of the stylesheet of each page that shows it, so they are there before its code. */
export function Pagination({
  page,
  pageCount,
  total,
  href,
  onPage,
}: {
  page: number;
  pageCount: number;
  total: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const go = (target: number) => (event: MouseEvent) => {
    event.preventDefault();
    onPage(target);
  };
  return (
    <nav class="pagination" aria-label={t`Pagination`}>
      <p class="pagination__total">
        <Plural value={total} one="# record" other="# records" /> ·{" "}
        <Trans>
          Page {page} of {pageCount}
        </Trans>
      </p>
      {pageCount > 1 && (
        <ul>
          <li>
            {page > 1 ? (
              <a href={href(page - 1)} rel="prev" onClick={go(page - 1)}>
                {t`Previous`}
              </a>
            ) : (
              <span aria-disabled="true">{t`Previous`}</span>
            )}
          </li>
          {pageWindow(page, pageCount).map((n, index) =>
            n === null ? (
              <li key={`gap-${index}`} class="pagination__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li
                key={n}
                class={n === page ? "pagination__number pagination__current" : "pagination__number"}
              >
                <a
                  href={href(n)}
                  aria-current={n === page ? "page" : undefined}
                  aria-label={t`Page ${n}`}
                  onClick={go(n)}
                >
                  {n}
                </a>
              </li>
            ),
          )}
          <li>
            {page < pageCount ? (
              <a href={href(page + 1)} rel="next" onClick={go(page + 1)}>
                {t`Next`}
              </a>
            ) : (
              <span aria-disabled="true">{t`Next`}</span>
            )}
          </li>
        </ul>
      )}
    </nav>
  );
}
