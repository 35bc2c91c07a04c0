import { expect } from "@playwright/test";
import type { EngineSession } from "../session";
import { at, openHydrated, PHONE, recordVisit, shown, siteJson, type Lang } from "../steps";
import type { Journey } from "./journey";

/** One page of the supported-assets list as the API answers it: the oracle of the table. */
interface AssetPage {
  total: number;
  items: { serial: number }[];
}

/** Waits until the table shows exactly the rows the API answers for `query`, and is no longer
 * busy; answers that page. */
async function rowsOf(session: EngineSession, origin: string, lang: Lang, query: string): Promise<AssetPage> {
  const answer = await siteJson<AssetPage>(origin, `/api/supported-assets?${query}&lang=${lang}`);
  const serials = answer.items.map((item) => String(item.serial)).join(",");
  await session.waitFor(
    `the rows of ${query}`,
    (wanted: string) =>
      document.querySelector(".asset-results")?.getAttribute("aria-busy") === "false" &&
      [...document.querySelectorAll(".asset-table tbody tr")]
        .map((row) => row.getAttribute("data-serial"))
        .join(",") === wanted,
    serials,
  );
  return answer;
}

/** The supported-assets page: a token filter narrows the rows to the API's answer and puts itself
 * in the address; the pager moves to the next page of the whole list. */
export const supportedAssets: Journey = {
  title: "the supported-assets filters narrow the rows and the pager moves through the list",
  async run({ session, lang, origin }) {
    await recordVisit(session, { consent: "necessary", noticeDismissed: true });
    await openHydrated(session, at(lang, "/support-token"));
    await rowsOf(session, origin, lang, "entity=sg");
    await session.fill(".asset-filters input[name=token]", "usdt");
    await session.press("Enter");
    await session.waitFor(
      "the filter in the address",
      () => new URLSearchParams(location.search).get("token") === "usdt",
      null,
    );
    const usdt = await rowsOf(session, origin, lang, "entity=sg&token=usdt");
    expect(usdt.total).toBeGreaterThan(1);

    await session.fill(".asset-filters input[name=token]", "");
    await session.press("Enter");
    const all = await rowsOf(session, origin, lang, "entity=sg");
    await session.click(".pagination a[rel=next]");
    await session.waitFor(
      "page 2 in the address",
      () => new URLSearchParams(location.search).get("page") === "2",
      null,
    );
    const second = await rowsOf(session, origin, lang, "entity=sg&page=2");
    expect(second.total).toBe(all.total);
  },
};

/** On a phone, where each row of the supported-assets table is drawn as a card, the browser still
 * tells assistive technology it is a table: each row a row (the header's and one per asset), each
 * header cell a column header (serial, token, network, the four account types, contract), each
 * cell a cell. */
export const assetTableOnPhone: Journey = {
  title:
    "on a phone the supported-assets cards are still a table's rows, headers and cells to assistive technology",
  viewport: PHONE,
  async run({ session, lang, origin }) {
    await recordVisit(session, { consent: "necessary", noticeDismissed: true });
    await openHydrated(session, at(lang, "/support-token"));
    const { items } = await rowsOf(session, origin, lang, "entity=sg");
    const roles = {
      row: await session.countRole(".asset-table", "tr", "row"),
      columnheader: await session.countRole(".asset-table", "th", "columnheader"),
      cell: await session.countRole(".asset-table", "td", "cell"),
    };
    expect(roles).toEqual({ row: items.length + 1, columnheader: 8, cell: items.length * 8 });
  },
};

/** The FAQ search: the query goes into the address and the results are the API's, with the
 * matches marked. */
export const faqSearch: Journey = {
  title: "the FAQ search shows the API's results for the query, its matches marked",
  async run({ session, lang, origin }) {
    const query = lang === "en" ? "security key" : "密钥";
    await recordVisit(session, { consent: "necessary", noticeDismissed: true });
    await openHydrated(session, at(lang, "/faq"));
    await session.fill(".search-form input[type=search]", query);
    await session.click(".search-form button[type=submit]");
    await session.waitFor(
      "the search page of the query",
      ([path, wanted]: [string, string]) =>
        location.pathname === path && new URLSearchParams(location.search).get("q") === wanted,
      [at(lang, "/faq/search"), query] as [string, string],
    );
    await shown(session, "[data-search-status=done]");
    const answer = await siteJson<{ total: number; results: { url: string }[] }>(
      origin,
      `/api/faq/search?q=${encodeURIComponent(query)}&lang=${lang}`,
    );
    expect(answer.total).toBeGreaterThan(0);
    const shownResults = await session.evaluate(
      () => ({
        links: [...document.querySelectorAll(".result a")].map((link) => link.getAttribute("href")),
        marks: document.querySelectorAll(".result mark").length,
      }),
      null,
    );
    expect(shownResults.links).toEqual(answer.results.map((result) => result.url));
    expect(shownResults.marks).toBeGreaterThan(0);
  },
};
