import { expect, test } from "@playwright/test";
import { type Answer, type Crawl, crawlSite, isInternal, type Reference, withoutHash } from "./crawl";
import { printTable } from "./table";

/** The two start pages: a visitor (or a crawler) must reach every page from them by links. */
const STARTS = ["/", "/zh"];

/** The `<loc>` and `xhtml:link` URLs of the sitemap. */
function sitemapReferences(xml: string, base: string): Reference[] {
  const decode = (value: string) =>
    value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) =>
      name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
    );
  const locs = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => ({
    from: "/sitemap.xml",
    kind: "sitemap loc",
    url: new URL(decode(match[1] ?? ""), base),
  }));
  const alternates = [...xml.matchAll(/<xhtml:link\b[^>]*\bhref="([^"]+)"/g)].map((match) => ({
    from: "/sitemap.xml",
    kind: "sitemap xhtml:link",
    url: new URL(decode(match[1] ?? ""), base),
  }));
  return [...locs, ...alternates];
}

/** How an internal reference fared: `ok`, `redirect` (a 301 to a URL that answers 200), or what went wrong. */
function verdict(
  crawl: Crawl,
  reference: Reference,
): { outcome: "ok" | "redirect" | "broken"; detail: string } {
  const first = crawl.answers.get(withoutHash(reference.url));
  if (!first) return { outcome: "broken", detail: "not fetched" };
  let final: Answer = first;
  let finalUrl = reference.url;
  if (first.status === 301 && first.location && isInternal(first.location, crawl.origin)) {
    const target = crawl.answers.get(withoutHash(first.location));
    if (!target || target.status !== 200) {
      return {
        outcome: "broken",
        detail: `301 → ${first.location.pathname} answers ${target?.status ?? "nothing"}`,
      };
    }
    final = target;
    finalUrl = new URL(first.location);
    finalUrl.hash = reference.url.hash;
  } else if (first.status !== 200) {
    const where = first.location ? ` → ${first.location.href}` : "";
    return { outcome: "broken", detail: `${first.status}${where}` };
  }
  const fragment = decodeURIComponent(finalUrl.hash.slice(1));
  const page = crawl.pages.get(finalUrl.pathname);
  if (fragment !== "" && page && final.contentType.startsWith("text/html") && !page.ids.has(fragment)) {
    return { outcome: "broken", detail: `no element with id "${fragment}"` };
  }
  return first.status === 301
    ? {
        outcome: "redirect",
        detail: `301 → ${first.location?.pathname ?? ""}${first.location?.search ?? ""}`,
      }
    : { outcome: "ok", detail: "200" };
}

/** `items` grouped by `key`, in order of first appearance. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** The pages that referred, shortened: the first one and how many more. */
function referrers(references: Reference[]): string {
  const pages = [...new Set(references.map((reference) => reference.from))];
  return pages.length > 1 ? `${pages[0]} (+${pages.length - 1})` : (pages[0] ?? "");
}

const isChinese = (path: string) => path === "/zh" || path.startsWith("/zh/");

test("links: every internal reference answers, and every page is reachable from / and /zh", async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "").origin;
  const sitemapXml = await (await request.get("/sitemap.xml")).text();
  const fromSitemap = sitemapReferences(sitemapXml, origin);
  const started = Date.now();
  const crawl = await crawlSite(request, origin, STARTS, fromSitemap);

  const internal = crawl.references.filter((reference) => isInternal(reference.url, origin));
  const external = crawl.references.filter((reference) => !isInternal(reference.url, origin));
  const judged = internal.map((reference) => ({ reference, ...verdict(crawl, reference) }));
  const broken = judged.filter((entry) => entry.outcome === "broken");
  const redirects = judged.filter((entry) => entry.outcome === "redirect");

  // Pages listed by the sitemap and the build's route manifest that no link leads to.
  const latest = (await (await request.get("/_app/builds/latest.json")).json()) as { id: string };
  const meta = (await (await request.get(`/_app/builds/meta/${latest.id}.json`)).json()) as {
    routes: { path: string }[];
  };
  const reached = new Set(crawl.pages.keys());
  const listed: { path: string; source: string }[] = [];
  for (const reference of fromSitemap.filter((entry) => isInternal(entry.url, origin)))
    listed.push({ path: reference.url.pathname, source: reference.kind });
  for (const route of meta.routes) {
    for (const lang of ["en", "zh"]) {
      const path = lang === "en" ? route.path : route.path === "/" ? "/zh" : `/zh${route.path}`;
      if (!path.endsWith("{id}")) {
        listed.push({ path, source: "route manifest" });
        continue;
      }
      const prefix = path.slice(0, -"{id}".length);
      const instances = [...reached].filter(
        (page) => page.startsWith(prefix) && !page.slice(prefix.length).includes("/"),
      );
      if (instances.length === 0) listed.push({ path, source: "route manifest (no instance reached)" });
    }
  }
  const unreachable = [...groupBy(listed, (entry) => entry.path)]
    .filter(([path]) => !reached.has(path))
    .map(([path, entries]) => [path, [...new Set(entries.map((entry) => entry.source))].join(", ")]);

  // The sitemap holds exactly the indexable pages.
  const inSitemap = new Set(
    fromSitemap.filter((entry) => entry.kind === "sitemap loc").map((entry) => entry.url.pathname),
  );
  const sitemapMismatches = [...crawl.pages.values()]
    .filter((page) => inSitemap.has(page.path) === page.noindex)
    .map((page) => [
      page.path,
      page.noindex ? "noindex page listed in the sitemap" : "indexable page missing from the sitemap",
    ]);
  const elapsed = ((Date.now() - started) / 1000).toFixed(1);

  const byUrl = groupBy(judged, (entry) => entry.reference.url.href);
  const pages = [...reached];
  printTable(
    "Links: summary",
    ["what", { heading: "count", right: true }],
    [
      ["pages reached from / and /zh (en)", pages.filter((path) => !isChinese(path)).length],
      ["pages reached from / and /zh (zh)", pages.filter(isChinese).length],
      ["internal references checked", internal.length],
      ["distinct internal URLs (fragment included)", byUrl.size],
      ["distinct resources fetched", [...crawl.answers.keys()].length],
      ["sitemap URLs (loc + xhtml:link)", fromSitemap.length],
      ["redirects followed (301 → 200)", new Set(redirects.map((entry) => entry.reference.url.href)).size],
      [
        "external links in the served documents (listed)",
        new Set(external.map((entry) => entry.url.href)).size,
      ],
      ["broken", broken.length],
      ["listed but not reachable by links", unreachable.length],
      ["crawl time (s)", elapsed],
    ],
  );
  printTable(
    "Links: internal references by kind",
    [
      "kind",
      { heading: "references", right: true },
      { heading: "URLs", right: true },
      { heading: "broken", right: true },
    ],
    [...groupBy(judged, (entry) => entry.reference.kind)].map(([kind, entries]) => [
      kind,
      entries.length,
      new Set(entries.map((entry) => entry.reference.url.href)).size,
      entries.filter((entry) => entry.outcome === "broken").length,
    ]),
  );
  printTable(
    "Links: broken internal references",
    ["URL", "answer", "kind", "found on"],
    [...groupBy(broken, (entry) => `${entry.reference.url.href} ${entry.reference.kind}`).values()].map(
      (entries) => [
        entries[0]?.reference.url.href.slice(origin.length) ?? "",
        entries[0]?.detail ?? "",
        entries[0]?.reference.kind ?? "",
        referrers(entries.map((entry) => entry.reference)),
      ],
    ),
  );
  printTable(
    "Links: redirects met (intended 301s whose target answers 200)",
    ["URL", "answer", "kind", "found on"],
    [...groupBy(redirects, (entry) => entry.reference.url.href).values()].map((entries) => [
      entries[0]?.reference.url.href.slice(origin.length) ?? "",
      entries[0]?.detail ?? "",
      [...new Set(entries.map((entry) => entry.reference.kind))].join(", "),
      referrers(entries.map((entry) => entry.reference)),
    ]),
  );
  printTable(
    "Links: external (listed, never fetched)",
    ["URL", "kind", { heading: "pages", right: true }],
    [...groupBy(external, (reference) => reference.url.href)].map(([url, references]) => [
      url,
      [...new Set(references.map((reference) => reference.kind))].join(", "),
      new Set(references.map((reference) => reference.from)).size,
    ]),
  );
  printTable(
    "Links: pages of the sitemap or route manifest not reachable by links from / and /zh",
    ["page", "listed by"],
    unreachable,
  );
  printTable("Links: sitemap and robots meta disagree", ["page", "problem"], sitemapMismatches);

  expect(pages.length, "pages reached").toBeGreaterThanOrEqual(66);
  expect
    .soft(
      broken.map(
        (entry) =>
          `${entry.reference.from}: ${entry.reference.kind} ${entry.reference.url.href} (${entry.detail})`,
      ),
      "broken internal references",
    )
    .toEqual([]);
  expect.soft(unreachable, "pages reachable only by typing").toEqual([]);
  expect.soft(sitemapMismatches, "sitemap against robots meta").toEqual([]);
});

test("links: the external links of the hydrated pages are listed, and the pages request nothing off the site", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "").origin;
  const offSite: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin) offSite.push(request.url());
  });
  const external = new Map<string, Set<string>>();
  for (const path of STARTS) {
    await page.goto(path);
    await page.waitForSelector("html[data-hydrated=true]");
    // Addresses known only in the browser (insights, login) are set once the page has hydrated.
    const hrefs = await page
      .locator("a[href]")
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    for (const href of hrefs) {
      if (new URL(href).origin === origin) continue;
      external.set(href, (external.get(href) ?? new Set()).add(path));
    }
  }
  printTable(
    "Links: external links of the hydrated start pages (listed, never fetched)",
    ["URL", "on"],
    [...external].map(([url, paths]) => [url, [...paths].join(", ")]),
  );
  expect(offSite, "requests that left the site").toEqual([]);
});
