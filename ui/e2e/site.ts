import axe from "axe-core";
import { type APIRequestContext, type CDPSession, expect, type Locator, type Page } from "@playwright/test";
import { sitePagePaths } from "../scripts/site-pages.mjs";

/** Every page path of the running build in both languages: static routes from the build manifest,
 * dynamic ones from the links of their list pages (shared with the Lighthouse audit). */
export async function allPagePaths(request: APIRequestContext): Promise<string[]> {
  return sitePagePaths(async (path) => (await request.get(path)).text());
}

/** A page of each kind, in both languages: every static route, and the first and the last page of
 * each dynamic route (for `/faq/{id}` a category and an article). */
export async function representativePagePaths(request: APIRequestContext): Promise<Set<string>> {
  const all = await allPagePaths(request);
  const latest = (await (await request.get("/_app/builds/latest.json")).json()) as { id: string };
  const meta = (await (await request.get(`/_app/builds/meta/${latest.id}.json`)).json()) as {
    routes: { path: string }[];
  };
  const isDynamic = (path: string) => path.endsWith("{id}");
  const chosen = new Set(meta.routes.map((route) => route.path).filter((path) => !isDynamic(path)));
  for (const { path } of meta.routes.filter((route) => isDynamic(route.path))) {
    const prefix = path.slice(0, -"{id}".length);
    const instances = all.filter(
      (page) => page.startsWith(prefix) && !page.slice(prefix.length).includes("/") && !chosen.has(page),
    );
    for (const instance of [instances[0], instances.at(-1)]) if (instance) chosen.add(instance);
  }
  return new Set([...chosen].flatMap((path) => [path, path === "/" ? "/zh" : `/zh${path}`]));
}

/** Records the cookie choice `levels` before any page script runs, so the consent banner stays
 * away in tests about something else (the banner itself is tested in consent.spec.ts). */
export async function withConsentRecorded(page: Page, levels = "necessary"): Promise<void> {
  await page.addInitScript((value) => {
    document.cookie = `cookieConsent=${value}; path=/`;
  }, levels);
}

/** Records a cookie choice and dismisses the supported-assets notice before any page script runs,
 * for tests whose clicks and scroll positions must meet neither the cookie banner nor the notice
 * arriving above the footer after hydration. */
export async function withoutOverlays(page: Page): Promise<void> {
  await withConsentRecorded(page);
  await page.addInitScript(() => {
    localStorage.setItem("noticeDismissed.supportedAssets", "test");
  });
}

/** Adds a link to `href` at the start of the main content, as if the page had one, and returns
 * its locator (for following a link the page does not show, as a client-side navigation). */
export async function addLink(page: Page, href: string, id = "test-link"): Promise<Locator> {
  await page.evaluate(
    ({ target, linkId }) => {
      const link = document.createElement("a");
      link.href = target;
      link.id = linkId;
      link.textContent = linkId;
      document.getElementById("main")?.prepend(link);
    },
    { target: href, linkId: id },
  );
  return page.locator(`#${id}`);
}

/** Error documents worth auditing like pages: an unknown path and an id that fails its route's
 * validity check, in both languages (all answered 404 with the site's error page). */
export const ERROR_PAGE_PATHS = [
  "/no-such-page",
  "/zh/no-such-page",
  "/faq/no-such-entry",
  "/zh/announcements/no-such-announcement",
];

/** Documents the server answers for a query string, filled from the UI's templates: the
 * supported-assets page filtered, paged and empty (and of the other entity), the FAQ search with
 * results and without, and the announcements searched and paged, in both languages. */
export const QUERIED_PAGE_PATHS = [
  "/support-token?entity=sg&token=usd&warm=yes&page=2",
  "/support-token?entity=hk&network=eth&defi=no",
  "/support-token?token=no-such-token",
  "/faq/search?q=password",
  "/faq/search?q=no-such-words",
  "/announcements?q=custody",
  "/announcements?page=2",
].flatMap((path) => [path, `/zh${path}`]);

/** Every document the audits look at: each page of both languages and the documents answered for
 * a query string (answered 200), and the error pages (answered 404). */
export async function auditedDocuments(
  request: APIRequestContext,
): Promise<{ path: string; status: 200 | 404 }[]> {
  return [
    ...(await allPagePaths(request)).map((path) => ({ path, status: 200 as const })),
    ...QUERIED_PAGE_PATHS.map((path) => ({ path, status: 200 as const })),
    ...ERROR_PAGE_PATHS.map((path) => ({ path, status: 404 as const })),
  ];
}

/** axe-core's violations on the page as it is now, one line each: rule id and the elements. axe-core
 * goes into the document once, at the first run after a load, and runs there (`axe.run`), as
 * @axe-core/playwright runs it in a page without frames, less what that builder adds to every run:
 * the 0.5 MB script evaluated twice, and each run finished in a tab of its own (its frame by frame
 * mode, for frames of other origins). The site's pages have no frames (asserted). `within`: the
 * selector of the one element a state changes (an open menu changes the header only), to check
 * that part and not the rest of the page again; page-level rules then run only on the whole
 * document. */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  expect(page.frames(), "the page has no frames: axe runs in the document itself").toHaveLength(1);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(async (selector) => {
    const context = selector === null ? document : document.querySelector(selector);
    if (!context) throw new Error(`axe: no element matches ${selector}`);
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(context);
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, within ?? null);
}

/** Runs `use` on the DOM node ids Chromium's DevTools protocol gives the elements matching
 * `selector`, in a protocol session of its own. */
async function withNodes<T>(
  page: Page,
  selector: string,
  use: (cdp: CDPSession, nodeIds: number[]) => Promise<T>,
): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector });
    return await use(cdp, nodeIds);
  } finally {
    await cdp.detach();
  }
}

/** What Chromium's accessibility tree, which assistive technology reads, says of each element
 * matching `selector`: its role (`none` when it leaves the element out) and, when it has one, its
 * expanded state (a popover's invoker gets it from the browser, with no `aria-expanded`). */
export function exposedNodes(
  page: Page,
  selector: string,
): Promise<{ role: string; expanded: boolean | undefined }[]> {
  return withNodes(page, selector, (cdp, nodeIds) =>
    Promise.all(
      nodeIds.map(async (nodeId) => {
        const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
        const expanded = nodes[0]?.properties?.find((property) => property.name === "expanded");
        return {
          role: String(nodes[0]?.role?.value ?? "none"),
          expanded: expanded === undefined ? undefined : expanded.value.value === true,
        };
      }),
    ),
  );
}

/** Whether Chromium's accessibility tree says the first element matching `selector` is expanded. */
export async function exposedExpanded(page: Page, selector: string): Promise<boolean | undefined> {
  return (await exposedNodes(page, selector))[0]?.expanded;
}

/** The phone panel carries every entry of the header, in its order: the header's pages, its
 * menus' links and each menu's featured link (`chrome.menuFeatures` of the data of the page at
 * `path`), so the entries a test expects come from the navigation data the header draws, never
 * from a count typed in the test. */
export async function expectPanelHasHeaderEntries(page: Page, path: string): Promise<void> {
  const hrefs = (selector: string) =>
    page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  const header = await hrefs(".site-nav a[href]");
  const response = await page.request.get(`/_app/data?path=${encodeURIComponent(path)}`);
  const { chrome } = (await response.json()) as {
    chrome: { menuFeatures: Record<string, { href: string }> };
  };
  const features = Object.values(chrome.menuFeatures).map((feature) => feature.href);
  expect(features.length, "the content names featured links").toBeGreaterThan(0);
  expect(header).toEqual(expect.arrayContaining(features));
  expect(await hrefs(".phone-menu a.phone-menu__link")).toEqual(header);
}

/** A pattern of `text` as a reader sees it: the build's zero width spaces between words and word
 * joiners (scripts/line-breaks.mjs), invisible, may stand between any two characters, a space may be a
 * no-break one and a hyphen a non-breaking one. The page data's copy carries them; an answer of the
 * server or a message of the catalog may not, so a test compares what a reader sees. */
export function seenPattern(text: string): string {
  return [...text.replace(/[\u200b\u2060]/g, "")]
    .map((char) =>
      /\s/.test(char)
        ? "\\s"
        : /[-\u2011]/.test(char)
          ? "[-\u2011]"
          : char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"),
    )
    .join("[\u200b\u2060]?");
}

/** Matches the whole of `text` as a reader sees it (`seenPattern`). */
export const seen = (text: string): RegExp => new RegExp(`^\\s*${seenPattern(text)}\\s*$`);

/** Matches `text` as a reader sees it (`seenPattern`) anywhere in a longer text, as a name given
 * to `getByRole` without `exact` matches. */
export const seenIn = (text: string): RegExp => new RegExp(seenPattern(text));
