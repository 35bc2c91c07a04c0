import "../styles/supported-assets.css";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "preact/hooks";
import { AssetFilterForm } from "../components/assets/AssetFilterForm";
import type { AssetResultsProps } from "../components/assets/AssetResults";
import { EntityChoice } from "../components/assets/EntityChoice";
import { Deferred, deferredPart } from "../components/DeferredPart";
import { PageIntro } from "../components/PageIntro";
import { localize } from "../lib/paths";
import { main, restoreEntity, setEntity, useMain } from "../lib/store";
import { useAccountLabels } from "../components/assets/accountLabels";
import {
  ACCOUNT_TYPES,
  type AccountType,
  type AssetView,
  apiQuery,
  entityOfParams,
  isFiltered,
  keptParams,
  paramsOfView,
  viewOfParams,
} from "../components/assets/supportedAssets";
import type { PageProps } from "../lib/types";
import { useServedAssets } from "../components/served";
import { setUrlQuery, useUrlQuery } from "../components/urlQuery";
import { useAssetPage } from "../components/assets/useAssetPage";

/** The rows, pagination and page size: a first visit loads their code when the visitor reaches
 * for them or a filter changes the rows. */
const assetResults = deferredPart<AssetResultsProps>(() => import("../components/assets/AssetResults"));

/** Loads the rows' code before the page is drawn without its prerendered markup. */
export const prepare = assetResults.load;

/** `/support-token`: the supported-asset list of the chosen entity, filtered and paged. The
 * view lives in the query string (a shared link shows the same rows; back and forward work);
 * the first page of the Singapore list is in the prerendered document, and the server answers a
 * query string with its rows in the document it serves (crates/site/src/render/queried/). */
export default function SupportTokenPage({ page }: PageProps<"supportedAssets">) {
  const { t } = useLingui();
  const accountLabels = useAccountLabels();
  const data = page.data;
  const lang = page.lang;
  const path = localize("/support-token", lang);
  const params = useUrlQuery();
  const hydrated = params !== null;
  const storeEntity = useMain((state) => state.entity);
  const urlEntity = entityOfParams(params);
  const limits = [data.pageSizes, data.defaultPageSize, data.maxFilterLength] as const;
  // Until hydration has read the address, the page draws what it was served with: the view the
  // server read from the query string and its rows, or the prerendered first page of the list.
  const served = useServedAssets();
  const servedView = served?.view ?? viewOfParams(null, data.initial.entity, ...limits);
  const initial = served?.answer ?? data.initial;
  const entity = hydrated ? (urlEntity ?? storeEntity) : servedView.entity;
  const view = hydrated ? viewOfParams(params, entity, ...limits) : servedView;
  const initialQuery = apiQuery(servedView, lang);
  const [retry, setRetry] = useState(0);
  const state = useAssetPage(hydrated ? view : null, lang, initial, initialQuery, retry);
  const answer = state.answer;
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // The entity the page last saw in the store, so a change made elsewhere (the header switch) is
  // told apart from one this page made. The saved entity is restored here, before the address is
  // read, so restoring it (ClientApp does it again later, without effect) never looks like a change.
  const shownEntity = useRef(storeEntity);
  useEffect(() => {
    restoreEntity();
    shownEntity.current = main.get().entity;
  }, []);
  useEffect(() => {
    if (!hydrated) return;
    if (urlEntity === null) {
      setUrlQuery({ entity: main.get().entity }, true);
    } else if (urlEntity !== main.get().entity) {
      shownEntity.current = urlEntity;
      setEntity(urlEntity);
    }
  }, [hydrated, urlEntity]);
  useEffect(() => {
    if (shownEntity.current === storeEntity) return;
    shownEntity.current = storeEntity;
    if (hydrated && urlEntity !== storeEntity) setUrlQuery({ entity: storeEntity, page: null });
  }, [storeEntity]);
  useEffect(() => {
    if (state.status === "invalid" && state.fields.includes("page")) setUrlQuery({ page: null }, true);
  }, [state]);

  const show = (next: AssetView) => setUrlQuery(paramsOfView(next, data.defaultPageSize));
  const href = (target: AssetView) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(paramsOfView(target, data.defaultPageSize))) {
      if (value) query.set(name, value);
    }
    return `${path}?${query}`;
  };
  const entityList = entity === "sg" ? t`Singapore entity list` : t`Hong Kong entity list`;
  const entityPage = (id: string) => `${localize("/entities", lang)}#entity-${id}`;

  return (
    <>
      <PageIntro page={page} />
      <section class="container assets-page">
        <div class="asset-scope">
          <EntityChoice entity={entity} action={path} kept={keptParams(view, data.defaultPageSize)} />
          <p class="asset-note">
            <Trans>
              Supported assets vary by operating entity. See our{" "}
              <a href={entityPage("sg")}>Singapore entity</a> and{" "}
              <a href={entityPage("hk")}>Hong Kong entity</a> for what each offers.
            </Trans>
          </p>
        </div>
        <AssetFilterForm
          action={path}
          entity={entity}
          filters={view.filters}
          maxLength={data.maxFilterLength}
          onApply={(filters) => show({ ...view, filters, page: 1 })}
        />
        <h2 class="asset-results__heading" id="asset-results" tabIndex={-1} ref={resultsHeading}>
          {entityList}
        </h2>
        <p class="visually-hidden" role="status">
          {state.status === "ready" && hydrated && (
            <Plural value={answer.total} one="# record found" other="# records found" />
          )}
        </p>
        <Deferred
          part={assetResults}
          className="asset-results"
          intentScope=".assets-page"
          busy={state.status === "loading"}
          prerendered={answer === initial && state.status === "ready"}
          props={{
            state,
            accounts: ACCOUNT_TYPES.map((type): [AccountType, string] => [type, accountLabels[type]]),
            entityList,
            size: view.size,
            sizes: data.pageSizes,
            filtered: isFiltered(view.filters),
            href: (n) => href({ ...view, page: n }),
            onPage: (n) => {
              show({ ...view, page: n });
              resultsHeading.current?.focus({ preventScroll: true });
              resultsHeading.current?.scrollIntoView({ block: "start" });
            },
            onSize: (size) => show({ ...view, size, page: 1 }),
            onRetry: () => setRetry(retry + 1),
          }}
        />
      </section>
    </>
  );
}
