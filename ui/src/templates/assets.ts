import { shortContract } from "../components/assets/AssetTable";
import {
  ACCOUNT_TYPES,
  type AssetItem,
  type AssetView,
  NO_FILTERS,
  TEXT_FILTERS,
} from "../components/assets/supportedAssets";
import type { Served } from "../components/served";
import type { Entity, PageData } from "../lib/types";
import {
  type Choice,
  type Template,
  around,
  compile,
  differ,
  element,
  fail,
  replaceAll,
  splice,
  token,
  withChoices,
} from "./compile";
import { PROBE_PAGE, PROBE_PAGES, PROBE_TOTAL } from "./pager";
import type { Parts, RenderPage } from "./parts";

/** The supported-assets page of one entity as templates: the whole body with the filters' values
 * as holes and their account-type choices, the results (the table with its caption, rows, pager and
 * page size, or the empty state), and the entity form's kept parameters as a hole; one row of the
 * table; one kept parameter (a hidden field of the entity form). */
export interface AssetTemplates {
  frame: Template;
  row: Template;
  kept: Template;
}

/** The start of the entity form (`EntityChoice`), whose hidden fields keep the view's parameters. */
const ENTITY_FORM_START = '<form id="asset-entity-form"';

/** `html` with the hidden fields of the entity form cut out (a token in their place). */
function withoutKept(html: string): string {
  const [start, end] = element(html, ENTITY_FORM_START, "</form>");
  const form = html.slice(start, end);
  const open = form.indexOf(">") + 1;
  return splice(html, [start + open, end - "</form>".length], token("kept"));
}

/** One hidden field of the entity form, its name and value as holes: cut from a render of
 * `EntityChoice` keeping one parameter whose name and value are those holes. */
function keptTemplate(parts: Parts): Template {
  const html = parts.entityChoice(token("name"), token("value"));
  return compile(html.slice(...around(html, token("name"), "<input", "/>")));
}

/** The rows per page of the probe's answer: the probe's total makes the probe's page count. */
const PROBE_SIZE = PROBE_TOTAL / PROBE_PAGES;
/** A contract address no asset has, long enough to be shortened. */
const PROBE_CONTRACT = token("contract-address-probe");

/** The probe's rows: one with every account type and a contract, then one without each account
 * type, then one without a contract (a native coin), each told apart by its serial's token. */
function probeRows(): AssetItem[] {
  const row = (serial: number, changes: Partial<AssetItem>): AssetItem => ({
    serial: token(`serial${serial}`) as unknown as number,
    token: token("symbol"),
    tokenName: token("tokenName"),
    network: token("networkCode"),
    networkName: token("networkName"),
    warm: true,
    cold: true,
    defi: true,
    oasis: true,
    contract: PROBE_CONTRACT,
    ...changes,
  });
  return [
    row(0, {}),
    ...ACCOUNT_TYPES.map((type, index) => row(index + 1, { [type]: false })),
    row(ACCOUNT_TYPES.length + 1, { contract: null }),
  ];
}

/** The templates of the supported-assets page of `entity`, cut from renders of the page. */
export async function assetTemplates(
  render: RenderPage,
  page: PageData<"supportedAssets">,
  entity: Entity,
  parts: Parts,
  pagerStart: string,
): Promise<AssetTemplates> {
  const rows = probeRows();
  const base: AssetView = {
    entity,
    filters: {
      ...NO_FILTERS,
      network: token("filter.network"),
      token: token("filter.token"),
      contract: token("filter.contract"),
    },
    page: PROBE_PAGE,
    size: page.data.defaultPageSize,
  };
  const answer = { entity, total: PROBE_TOTAL, page: PROBE_PAGE, size: PROBE_SIZE, items: rows };
  const served = (view: AssetView, shown = answer): Served => ({
    kind: "supportedAssets",
    view,
    answer: shown,
  });

  /** A render with the rows and the pagination cut out (their tokens in their place). */
  const cut = (html: string) => {
    const found = rows.map((_, index) => around(html, token(`serial${index}`), "<tr", "</tr>"));
    const [first, last] = [found[0], found.at(-1)];
    if (!first || !last) return fail("no rows");
    const withoutRows = splice(html, [first[0], last[1]], token("rows"));
    return {
      html: withoutKept(splice(withoutRows, element(withoutRows, pagerStart, "</nav>"), token("pager"))),
      rows: found.map(([start, end], index) =>
        replaceAll(html.slice(start, end), token(`serial${index}`), token("serial")),
      ),
    };
  };
  const { html: table, rows: rowHtml } = cut(await render(page, served(base)));

  const frameChoices: Choice[] = [];
  // An empty value is written as a bare attribute: whether a text filter is given is a choice.
  for (const name of TEXT_FILTERS) {
    const empty = cut(await render(page, served({ ...base, filters: { ...base.filters, [name]: "" } }))).html;
    const found = differ(table, { given: table, empty });
    frameChoices.push({ name: `filter.${name}.given`, ...found, options: found.alternatives });
  }
  for (const type of ACCOUNT_TYPES) {
    const variant = async (flag: "yes" | "no") =>
      cut(await render(page, served({ ...base, filters: { ...base.filters, [type]: flag } }))).html;
    const found = differ(table, { all: table, yes: await variant("yes"), no: await variant("no") });
    frameChoices.push({ name: `filter.${type}`, ...found, options: found.alternatives });
  }

  const sizes: Record<string, string> = {};
  for (const size of page.data.pageSizes) {
    sizes[String(size)] = cut(await render(page, served({ ...base, size }))).html;
  }
  const size = differ(table, sizes);
  const empty = replaceAll(
    withoutKept(await render(page, served(base, { ...answer, total: 0, page: 1, items: [] }))),
    parts.emptyState(true),
    token("emptyState"),
    1,
  );
  const results = differ(table, { table, empty });
  if (size.start < results.start || size.end > results.end) fail("the page size is outside the results");
  const tableOption = splice(
    table.slice(results.start, results.end),
    [size.start - results.start, size.end - results.start],
    token("size"),
  );
  const captioned = replaceAll(
    replaceAll(tableOption, String(PROBE_PAGE), token("page"), 1),
    String(PROBE_PAGES),
    token("pageCount"),
    1,
  );
  frameChoices.push({ name: "results", start: results.start, end: results.end, options: {} });
  const frame = withChoices(table, frameChoices);

  return {
    frame: compile(frame, {
      ...Object.fromEntries(frameChoices.map((choice) => [choice.name, choice.options])),
      results: { table: captioned, empty: results.alternatives.empty },
      size: size.alternatives,
      emptyState: { filtered: parts.emptyState(true), unfiltered: parts.emptyState(false) },
    }),
    row: rowTemplate(rowHtml),
    kept: keptTemplate(parts),
  };
}

/** One row of the table: the base row with the value of each account type and of the contract a
 * choice, found against the rows that lack each. */
function rowTemplate(rows: string[]): Template {
  const contract = (html: string) =>
    replaceAll(
      replaceAll(html, shortContract(PROBE_CONTRACT), token("contractShort"), 1),
      PROBE_CONTRACT,
      token("contract"),
      1,
    );
  const [base, ...others] = rows;
  if (!base) return fail("no probe row");
  const row = contract(base);
  const choices: Choice[] = [...ACCOUNT_TYPES, "contract"].map((name, index) => {
    const other = others[index] ?? fail(`no probe row without ${name}`);
    const variant = name === "contract" ? other : contract(other);
    const [yes, no] = name === "contract" ? ["address", "native"] : ["yes", "no"];
    const found = differ(row, { [yes]: row, [no]: variant });
    return { name: `row.${name}`, ...found, options: found.alternatives };
  });
  return compile(
    withChoices(row, choices),
    Object.fromEntries(choices.map((choice) => [choice.name, choice.options])),
  );
}
