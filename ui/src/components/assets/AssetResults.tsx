import { useLingui } from "@lingui/react/macro";
import { useMemo } from "preact/hooks";
import { type AccountColumns, AssetTable } from "./AssetTable";
import type { AssetPageState } from "./useAssetPage";
import { EmptyState } from "../EmptyState";
import { Pagination } from "../Pagination";
import { uiMessages } from "../messages";

/** What the supported-assets page shows under its results heading. */
export interface AssetResultsProps {
  state: AssetPageState;
  accounts: AccountColumns;
  /** The name of the list shown ("Singapore entity list"), for the table's caption. */
  entityList: string;
  /** The rows per page, and the sizes the visitor may choose. */
  size: number;
  sizes: number[];
  /** Whether a filter is set, for the empty state's wording. */
  filtered: boolean;
  /** The address of page n (1-based), and what choosing it does. */
  href: (page: number) => string;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** Asks for the rows again after a failure. */
  onRetry: () => void;
}

/** The page-size select's id: the part renders as a root of its own, where `useId` could repeat an
 * id of the page's tree. */
const SIZE_ID = "asset-page-size";

/** The rows of the supported-assets page or its empty state, its pagination and page size, and
 * what went wrong when rows could not be had. Its code loads after the page's
 * (src/components/DeferredPart.tsx): the first page of rows is prerendered, so a first visit needs
 * it only once the visitor reaches for it. */
export default function AssetResults(props: AssetResultsProps) {
  const { t, i18n } = useLingui();
  const { answer, status, fields } = props.state;
  const { entityList } = props;
  const shownPage = answer.page;
  const pageCount = Math.max(1, Math.ceil(answer.total / answer.size));
  const caption = t`${entityList}, page ${shownPage} of ${pageCount}`;
  // The same element while the rows are the same: Preact then skips the table, so marking the
  // results busy after a search redraws no row before the pending state shows.
  const table = useMemo(
    () => <AssetTable items={answer.items} accounts={props.accounts} caption={caption} />,
    [answer.items, props.accounts.join(), caption],
  );
  return (
    <>
      {status === "failed" && (
        <div class="asset-alert" role="alert">
          <p>{i18n._(uiMessages.failedToLoad)}</p>
          <button type="button" class="button button--secondary" onClick={props.onRetry}>
            {t`Try again`}
          </button>
        </div>
      )}
      {status === "invalid" && !fields.includes("page") && (
        <div class="asset-alert" role="alert">
          <p>{i18n._(uiMessages.illegalInput)}</p>
        </div>
      )}
      {answer.total === 0 ? (
        <EmptyState filtered={props.filtered} />
      ) : (
        <>
          {table}
          <div class="asset-footer">
            <Pagination
              page={shownPage}
              pageCount={pageCount}
              total={answer.total}
              href={props.href}
              onPage={props.onPage}
            />
            <div class="asset-size">
              <label for={SIZE_ID}>{t`Rows per page`}</label>
              <select
                id={SIZE_ID}
                class="select-control"
                value={props.size}
                onChange={(event) => props.onSize(Number(event.currentTarget.value))}
              >
                {props.sizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </>
      )}
    </>
  );
}
