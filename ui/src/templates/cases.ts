import type { AssetItem, AssetView } from "../components/assets/supportedAssets";
import { NO_FILTERS } from "../components/assets/supportedAssets";
import type { SearchHit } from "../components/search";
import type { Served } from "../components/served";
import type { PageData } from "../lib/types";
import { fail } from "./compile";
import type { RenderPage } from "./parts";

/** A page as the browser draws it for a view and an answer: the server, filling the templates for
 * the same, must write the same body (crates/site/src/render/queried/cases.rs checks it). */
export interface TemplateCase {
  /** The page's localized path. */
  path: string;
  served: Served;
  html: string;
}

/** Text that tries every escape: markup, quotes, an ampersand, an entity. */
const HOSTILE = `<img src=x onerror="alert(1)"> & 'quoted' "twice" &amp; </td>`;

/** A row whose every text is hostile, without one account type and a contract. */
const hostileRow = (serial: number): AssetItem => ({
  serial,
  token: `${HOSTILE} T`,
  tokenName: HOSTILE,
  network: "X<Y",
  networkName: `"${HOSTILE}"`,
  warm: true,
  cold: false,
  defi: true,
  oasis: false,
  contract: `0x${HOSTILE}abcdef0123`,
});

/** The supported-assets page for several views: filtered and paged at each shape of the page
 * window, one page alone, a hostile row and hostile filters, and the empty states. */
function assetCases(page: PageData<"supportedAssets">): Served[] {
  const rows = page.data.initial.items;
  const view = (changes: Partial<AssetView>): AssetView => ({
    entity: "sg",
    filters: NO_FILTERS,
    page: 1,
    size: page.data.defaultPageSize,
    ...changes,
  });
  const served = (shown: AssetView, total: number, items: AssetItem[]): Served => ({
    kind: "supportedAssets",
    view: shown,
    answer: { entity: shown.entity, total, page: shown.page, size: shown.size, items },
  });
  const hostile = { ...NO_FILTERS, token: HOSTILE, network: "以太坊 ＥＴＨ", warm: "yes" as const };
  return [
    served(view({ filters: { ...NO_FILTERS, token: "usd" }, page: 3 }), 245, [
      ...rows.slice(0, 5),
      hostileRow(999),
    ]),
    served(view({ filters: hostile, page: 13 }), 245, [hostileRow(1)]),
    served(
      view({ entity: "hk", filters: { ...NO_FILTERS, cold: "no", oasis: "yes" }, size: 50 }),
      7,
      rows.slice(0, 7),
    ),
    served(view({ page: 2, size: 10 }), 30, rows.slice(10, 20)),
    served(view({ page: 5, size: 100 }), 1000, rows.slice(0, 1)),
    served(view({ filters: { ...NO_FILTERS, contract: "0xnothing" } }), 0, []),
    served(view({ entity: "hk" }), 0, []),
  ];
}

/** Search pages for several queries and answers: matches marked, hostile queries and excerpts,
 * none, one, several pages of announcements, and the announcements list at a later page. */
function searchCases(page: PageData, hitDate: string | undefined): Served[] {
  const hit = (n: number, title: string): SearchHit => ({
    url: `/probe/${n}?a=1&b="2"`,
    title: [
      { text: title, match: false },
      { text: "custody", match: true },
    ],
    excerpt: [
      { text: "…", match: false },
      { text: HOSTILE, match: false },
      { text: "Custody", match: true },
      { text: " & more", match: false },
    ],
    ...(hitDate ? { date: hitDate } : { category: `${HOSTILE} category` }),
  });
  const served = (query: string, total: number, count: number, shownPage = 1): Served => ({
    kind: "search",
    query,
    page: shownPage,
    answer: { query, total, results: Array.from({ length: count }, (_, n) => hit(n, `Title ${n} `)) },
  });
  const cases = [
    served(`custody ${HOSTILE}`, 2, 2),
    served("nothing", 0, 0),
    served("one", 1, 1),
    served("多", 1234, 12, 3),
  ];
  if (page.data.kind === "announcements") cases.push({ kind: "search", query: "", page: 2, answer: null });
  return cases;
}

/** Every case of both languages, rendered by the pages themselves. */
export async function templateCases(
  pageAt: (path: string) => PageData,
  render: RenderPage,
): Promise<TemplateCase[]> {
  const cases: TemplateCase[] = [];
  for (const prefix of ["", "/zh"]) {
    const assets = pageAt(`${prefix}/support-token`);
    if (assets.data.kind !== "supportedAssets") fail("/support-token is not the supported-assets page");
    const announcements = pageAt(`${prefix}/announcements`);
    if (announcements.data.kind !== "announcements") fail("/announcements is not the announcements list");
    const hitDate = announcements.data.items[0]?.date;
    const faq = pageAt(`${prefix}/faq/search`);
    const pages: [string, PageData, Served[]][] = [
      [`${prefix}/support-token`, assets, assetCases(assets as PageData<"supportedAssets">)],
      [`${prefix}/faq/search`, faq, searchCases(faq, undefined)],
      [`${prefix}/announcements`, announcements, searchCases(announcements, hitDate)],
    ];
    for (const [path, page, served] of pages) {
      for (const shown of served) cases.push({ path, served: shown, html: await render(page, shown) });
    }
  }
  return cases;
}
