import type { ApiErrorAnswer } from "../../lib/generated/ApiErrorAnswer";
import type { Entity, Lang } from "../../lib/types";
import { pageParam } from "../urlQuery";

import type { AssetAnswer } from "../../lib/generated/AssetAnswer";
import type { AssetItem } from "../../lib/generated/AssetItem";

export type { AssetAnswer, AssetItem };

/** An account-type filter value. */
export type Flag = "all" | "yes" | "no";

/** The four account types, in column order. */
export const ACCOUNT_TYPES = ["warm", "cold", "defi", "oasis"] as const;

/** One of the four account types. */
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The text filters, in form order. */
export const TEXT_FILTERS = ["network", "token", "contract"] as const;

/** One of the three text filters. */
export type TextFilter = (typeof TEXT_FILTERS)[number];

/** What the visitor filters by: text filters and account-type flags. */
export type AssetFilters = Record<TextFilter, string> & Record<AccountType, Flag>;

/** Everything that decides which rows are shown. */
export interface AssetView {
  entity: Entity;
  filters: AssetFilters;
  page: number;
  size: number;
}

/** No filtering at all. */
export const NO_FILTERS: AssetFilters = {
  network: "",
  token: "",
  contract: "",
  warm: "all",
  cold: "all",
  defi: "all",
  oasis: "all",
};

function isFlag(value: string | null): value is Flag {
  return value === "all" || value === "yes" || value === "no";
}

/** Whether any filter narrows the list. */
export function isFiltered(filters: AssetFilters): boolean {
  return (Object.keys(NO_FILTERS) as (keyof AssetFilters)[]).some((key) => filters[key] !== NO_FILTERS[key]);
}

/** The entity a URL names, if it names a valid one. */
export function entityOfParams(params: URLSearchParams | null): Entity | null {
  const entity = params?.get("entity");
  return entity === "sg" || entity === "hk" ? entity : null;
}

/** Control characters, which no asset has: a filter reads them as spaces. */
const CONTROL = /\p{Cc}/gu;

/** The view a URL describes; anything missing or invalid takes its default. The server reads a
 * query string the same way (crates/site/src/render/queried/reading.rs) to serve the rows. */
export function viewOfParams(
  params: URLSearchParams | null,
  entity: Entity,
  pageSizes: number[],
  defaultSize: number,
  maxLength: number,
): AssetView {
  const filters = { ...NO_FILTERS };
  for (const name of TEXT_FILTERS) {
    filters[name] = (params?.get(name) ?? "").replace(CONTROL, " ").trim().slice(0, maxLength);
  }
  for (const name of ACCOUNT_TYPES) {
    const value = params?.get(name) ?? null;
    if (isFlag(value)) filters[name] = value;
  }
  const size = params?.get("size");
  return {
    entity,
    filters,
    size: pageSizes.find((choice) => String(choice) === size) ?? defaultSize,
    page: pageParam(params?.get("page")),
  };
}

/** The query-string values of a view, `null` where the default applies (so links stay short). */
export function paramsOfView(view: AssetView, defaultSize: number): Record<string, string | null> {
  const values: Record<string, string | null> = { entity: view.entity };
  for (const name of TEXT_FILTERS) values[name] = view.filters[name] || null;
  for (const name of ACCOUNT_TYPES) values[name] = view.filters[name] === "all" ? null : view.filters[name];
  values.size = view.size === defaultSize ? null : String(view.size);
  values.page = view.page > 1 ? String(view.page) : null;
  return values;
}

/** The parameters of a view that the entity switch keeps when it changes the entity: every one
 * its links carry but the entity, in their order. */
export function keptParams(view: AssetView, defaultSize: number): [string, string][] {
  return Object.entries(paramsOfView(view, defaultSize)).filter(
    (pair): pair is [string, string] => pair[0] !== "entity" && pair[1] !== null,
  );
}

/** The API query of a view, with every parameter spelled out. */
export function apiQuery(view: AssetView, lang: Lang): string {
  const params = new URLSearchParams({ entity: view.entity });
  for (const name of TEXT_FILTERS) if (view.filters[name]) params.set(name, view.filters[name]);
  for (const name of ACCOUNT_TYPES) if (view.filters[name] !== "all") params.set(name, view.filters[name]);
  params.set("page", String(view.page));
  params.set("size", String(view.size));
  params.set("lang", lang);
  return params.toString();
}

/** Why a page of rows could not be shown. */
export class AssetRequestError extends Error {
  constructor(
    /** `invalid` when the server refused the parameters, `failed` when it could not answer. */
    readonly kind: "invalid" | "failed",
    /** The parameters the server named, for `invalid`. */
    readonly fields: string[] = [],
  ) {
    super(`supported assets: ${kind} ${fields.join(",")}`);
  }
}

/** Asks the API for one page of rows. */
export async function fetchAssets(view: AssetView, lang: Lang, signal?: AbortSignal): Promise<AssetAnswer> {
  let response: Response;
  try {
    response = await fetch(`/api/supported-assets?${apiQuery(view, lang)}`, {
      headers: { accept: "application/json" },
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AssetRequestError("failed");
  }
  if (response.status === 400) {
    const body = (await response.json().catch(() => null)) as Partial<ApiErrorAnswer> | null;
    throw new AssetRequestError("invalid", Object.keys(body?.error?.fields ?? {}));
  }
  if (!response.ok) throw new AssetRequestError("failed");
  return (await response.json()) as AssetAnswer;
}
