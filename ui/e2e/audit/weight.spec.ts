import { brotliCompressSync } from "node:zlib";
import { type Browser, expect, type Page, type Request, test } from "@playwright/test";
import { auditedDocuments } from "../site";
import { kb, printTable } from "./table";

/** What a first visit to any page may load, in brotli bytes (1 KB = 1,000 bytes); fonts (woff2,
 * compressed in themselves) as transferred. */
const BUDGETS = { html: 25_000, css: 12_000, js: 25_000, font: 35_000 } as const;
type Kind = keyof typeof BUDGETS;

/** Each illustration of the site (`[data-illustration]`: a mock product screen or a lattice
 * diagram drawn in HTML, src/components/screens/), its markup in brotli bytes on its own, which
 * overstates what it adds to its page's compressed document. */
const ILLUSTRATION_BUDGET = 8_000;

/** Pages measured at once, in as many tabs. */
const CONCURRENCY = 4;

/** How long the network must stay quiet after hydration before a page's first load counts as done. */
const QUIET_MS = 150;

/** The budget class of a response by its content type; `null` for what the budgets leave out. */
function kindOf(contentType: string): Kind | null {
  if (contentType.startsWith("text/html")) return "html";
  if (contentType.startsWith("text/css")) return "css";
  if (/^(text|application)\/javascript/.test(contentType)) return "js";
  if (contentType.startsWith("font/")) return "font";
  return null;
}

/** Bytes below which brotli gains nothing: ui/scripts/build.mjs keeps a compressed copy only when
 * it is smaller, so a file this small (the entry module, one import) travels as it is. */
const TOO_SMALL_TO_COMPRESS = 100;

interface Weight {
  path: string;
  bytes: Record<Kind, number>;
  files: Record<Kind, number>;
  /** Other responses (images, icons, data), bytes as transferred; not budgeted. */
  other: number;
  /** HTML, CSS or JS responses that came without brotli. */
  uncompressed: string[];
  /** The illustrations the page draws, by name, with their markup. */
  illustrations: { name: string; html: string }[];
}

/** A browser tab that measures first visits: the browser cache is off (Chrome DevTools Protocol)
 * and cookies and storage are cleared between pages, so every page loads as on a first visit without the
 * cost of a new context; it asks for brotli only, and link prefetching is off (the page honours
 * Save-Data), so only the page's own first load is counted, not the pages it prepares for the
 * next click. */
async function firstVisitTab(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "Accept-Encoding": "br" } });
  await context.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return { page, close: () => context.close() };
}

/** Loads `path` in `page`, waits until it has hydrated and the network has been quiet for
 * `QUIET_MS`, and adds up the encoded body sizes of what it loaded by content type. */
async function measure(page: Page, path: string): Promise<Weight> {
  await page.context().clearCookies();
  const finished: Promise<void>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const weight: Weight = {
    path,
    bytes: { html: 0, css: 0, js: 0, font: 0 },
    files: { html: 0, css: 0, js: 0, font: 0 },
    other: 0,
    uncompressed: [],
    illustrations: [],
  };
  const onRequest = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const onFailed = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  const onFinished = (request: Request) => {
    inFlight -= 1;
    lastActivity = Date.now();
    finished.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const { responseBodySize } = await request.sizes();
        const headers = await response.allHeaders();
        const kind = kindOf(headers["content-type"] ?? "");
        if (kind === null) {
          weight.other += responseBodySize;
          return;
        }
        weight.bytes[kind] += responseBodySize;
        weight.files[kind] += 1;
        if (
          kind !== "font" &&
          headers["content-encoding"] !== "br" &&
          responseBodySize > TOO_SMALL_TO_COMPRESS
        )
          weight.uncompressed.push(new URL(request.url()).pathname);
      })(),
    );
  };
  page.on("request", onRequest);
  page.on("requestfailed", onFailed);
  page.on("requestfinished", onFinished);
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response?.status(), path).toBeLessThan(500);
  await page.waitForSelector("html[data-hydrated=true]");
  while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(25);
  await Promise.all(finished);
  weight.illustrations = await page.$$eval("[data-illustration]", (drawings) =>
    drawings.map((drawing) => ({
      name: drawing.getAttribute("data-illustration") ?? "",
      html: drawing.outerHTML,
    })),
  );
  page.off("request", onRequest);
  page.off("requestfailed", onFailed);
  page.off("requestfinished", onFinished);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  return weight;
}

test("page weight: the first visit of every page stays within the brotli budgets", async ({
  browser,
  request,
}) => {
  test.slow(); // every page in a browser
  const started = Date.now();
  const paths = (await auditedDocuments(request)).map((document) => document.path);
  const weights: Weight[] = [];
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const tab = await firstVisitTab(browser);
      for (let path = queue.shift(); path !== undefined; path = queue.shift())
        weights.push(await measure(tab.page, path));
      await tab.close();
    }),
  );
  const total = (weight: Weight) => weight.bytes.html + weight.bytes.css + weight.bytes.js;
  weights.sort((a, b) => total(b) - total(a));
  const cell = (weight: Weight, kind: Kind) => `${kb(weight.bytes[kind])} (${weight.files[kind]})`;
  const headroom = (weight: Weight, kind: Kind) => kb(BUDGETS[kind] - weight.bytes[kind]);
  printTable(
    `Page weight: first visit, brotli KB (files) and headroom under the budgets (HTML ${kb(BUDGETS.html)}, CSS ${kb(BUDGETS.css)}, JS ${kb(BUDGETS.js)}, fonts ${kb(BUDGETS.font)}), heaviest first`,
    [
      "page",
      { heading: "HTML", right: true },
      { heading: "left", right: true },
      { heading: "CSS", right: true },
      { heading: "left", right: true },
      { heading: "JS", right: true },
      { heading: "left", right: true },
      { heading: "fonts", right: true },
      { heading: "total", right: true },
      { heading: "other", right: true },
    ],
    weights.map((weight) => [
      weight.path,
      cell(weight, "html"),
      headroom(weight, "html"),
      cell(weight, "css"),
      headroom(weight, "css"),
      cell(weight, "js"),
      headroom(weight, "js"),
      cell(weight, "font"),
      kb(total(weight)),
      kb(weight.other),
    ]),
  );
  const largest = (kind: Kind) => weights.reduce((a, b) => (b.bytes[kind] > a.bytes[kind] ? b : a));
  printTable(
    "Page weight: summary",
    ["what", { heading: "largest KB", right: true }, "on", { heading: "budget KB", right: true }],
    [
      ...(["html", "css", "js", "font"] as const).map((kind) => [
        kind.toUpperCase(),
        kb(largest(kind).bytes[kind]),
        largest(kind).path,
        kb(BUDGETS[kind]),
      ]),
      [`pages measured: ${weights.length}, time ${((Date.now() - started) / 1000).toFixed(1)} s`, "", "", ""],
    ],
  );
  const over = weights.flatMap((weight) =>
    (["html", "css", "js", "font"] as const)
      .filter((kind) => weight.bytes[kind] > BUDGETS[kind])
      .map((kind) => `${weight.path}: ${kind} ${kb(weight.bytes[kind])} KB > ${kb(BUDGETS[kind])} KB`),
  );
  const illustrations = weights
    .flatMap((weight) =>
      weight.illustrations.map(({ name, html }) => ({
        name,
        path: weight.path,
        bytes: brotliCompressSync(Buffer.from(html, "utf8")).length,
      })),
    )
    .sort((a, b) => b.bytes - a.bytes);
  printTable(
    `Illustrations: markup in brotli bytes on its own, budget ${kb(ILLUSTRATION_BUDGET)} KB each`,
    ["illustration", "page", { heading: "KB", right: true }],
    illustrations.map(({ name, path, bytes }) => [name, path, kb(bytes)]),
  );
  expect(weights.length).toBe(paths.length);
  expect(illustrations.length, "pages with illustrations").toBeGreaterThan(0);
  expect
    .soft(
      illustrations
        .filter(({ bytes }) => bytes > ILLUSTRATION_BUDGET)
        .map(({ name, path }) => `${path}: ${name}`),
      "illustrations over budget",
    )
    .toEqual([]);
  expect.soft(over, "over budget").toEqual([]);
  expect
    .soft(
      weights.flatMap((weight) => weight.uncompressed),
      "served without brotli",
    )
    .toEqual([]);
  for (const weight of weights) expect.soft(weight.files.html, `${weight.path}: one document`).toBe(1);
});
