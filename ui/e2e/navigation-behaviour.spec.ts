import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, type Route, test } from "@playwright/test";
import type { Lang, PageData } from "../src/lib/types";
import { addLink, withoutOverlays } from "./site";

/** The two widths every behaviour is checked at. */
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

/** Every language at every width, for the cheap behaviours. */
const ALL_VARIANTS = (["en", "zh"] as const).flatMap((lang) =>
  (["desktop", "phone"] as const).map((width) => ({ lang, width })),
);

/** Both languages and both widths, each once, for the behaviours that need a slow setup. */
const PAIRED_VARIANTS = [
  { lang: "en", width: "desktop" },
  { lang: "zh", width: "phone" },
] as const;

/** The 500 page's heading in each language (content/{lang}/pages.toml, `server-error`). */
const SERVER_ERROR_HEADING: Record<Lang, string> = { en: "Internal Server Error", zh: "服务器内部错误" };

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const localized = (path: string, lang: Lang) => (lang === "en" ? path : path === "/" ? "/zh" : `/zh${path}`);

async function pageData(request: APIRequestContext, path: string): Promise<PageData> {
  return (await (await request.get(`/_app/data?path=${path}`)).json()) as PageData;
}

async function open(page: Page, path: string, width: keyof typeof VIEWPORTS): Promise<void> {
  await page.setViewportSize(VIEWPORTS[width]);
  await withoutOverlays(page);
  await page.goto(path);
  await page.waitForSelector("html[data-hydrated=true]");
}

/** Waits until the navigation code runs: it loads once the browser is idle after hydration
 * (src/app/deferredNavigation.ts), and only then are links prefetched and new builds looked for. */
async function navigationReady(page: Page): Promise<void> {
  await page.waitForSelector("html[data-navigation=ready]");
}

/** Leaves a marker on the window: it survives client-side navigation and is lost by a full load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { marker?: string }).marker = "same document";
  });
}

async function documentMarker(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { marker?: string }).marker);
}

/** Records every class <main> takes from now on. */
async function recordMainClasses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { mainClasses: string[] }).mainClasses = seen;
    const main = document.getElementById("main");
    if (!main) return;
    new MutationObserver(() => seen.push(...main.classList)).observe(main, { attributeFilter: ["class"] });
  });
}

async function recordedMainClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => [...new Set((window as unknown as { mainClasses: string[] }).mainClasses)]);
}

/** Document loads of `path` from now on. */
function countDocumentLoads(page: Page, path: string): { count: number } {
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (request.resourceType() === "document" && new URL(request.url()).pathname === path) loads.count += 1;
  });
  return loads;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

for (const { lang, width } of ALL_VARIANTS) {
  test.describe(`${lang}, ${width}`, () => {
    test("a link fades the page out and in, lands at the top with focus on main and updates the head", async ({
      page,
      request,
      baseURL,
    }) => {
      const target = localized("/services", lang);
      const data = await pageData(request, target);
      await open(page, localized("/privacy", lang), width);
      await markDocument(page);
      await recordMainClasses(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await scrollY(page)).toBeGreaterThan(300);

      await (await addLink(page, target)).dispatchEvent("click");
      await expect(page).toHaveURL(`${baseURL}${target}`);
      await expect(page.locator("h1")).toHaveText(data.data.heading);
      await expect(page.locator("main")).not.toHaveClass(/ChangePage/);
      expect(await recordedMainClasses(page)).toEqual(
        expect.arrayContaining(["ChangePage-leave-active", "ChangePage-enter-active"]),
      );
      expect(await scrollY(page)).toBe(0);
      expect(await focusedId(page)).toBe("main");
      expect(await documentMarker(page)).toBe("same document");

      await expect(page).toHaveTitle(data.title);
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "zh" ? "zh-Hans" : "en");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", data.description);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", data.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${target}`);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
        "href",
        `${baseURL}/services`,
      );
      await expect(page.locator('link[rel="alternate"][hreflang="zh-Hans"]')).toHaveAttribute(
        "href",
        `${baseURL}/zh/services`,
      );
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
        "href",
        `${baseURL}/services`,
      );
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    });

    test("under reduced motion the page changes without transition classes", async ({ page, request }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const target = localized("/about", lang);
      await open(page, localized("/services", lang), width);
      await recordMainClasses(page);
      await (await addLink(page, target)).click();
      await expect(page.locator("h1")).toHaveText((await pageData(request, target)).data.heading);
      expect(await recordedMainClasses(page)).toEqual([]);
    });

    test("a same-page hash link scrolls to its anchor and focuses it; back returns to where it was", async ({
      page,
    }) => {
      await open(page, localized("/privacy", lang), width);
      await markDocument(page);
      const link = page.locator(".document__toc a").nth(4);
      const id = ((await link.getAttribute("href")) ?? "").slice(1);
      await link.scrollIntoViewIfNeeded();
      const before = await scrollY(page);

      await link.click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect.poll(() => focusedId(page)).toBe(id);
      await expect(page.locator(`#${id}`)).toHaveAttribute("tabindex", "-1");
      const top = await page.locator(`#${id}`).evaluate((element) => element.getBoundingClientRect().top);
      expect(Math.abs(top)).toBeLessThanOrEqual(20);
      expect(await documentMarker(page)).toBe("same document");

      await page.goBack();
      await expect(page).not.toHaveURL(/#/);
      await expect.poll(() => scrollY(page)).toBe(before);
      expect(await documentMarker(page)).toBe("same document");
    });

    test("the contents of a long page mark the section being read, and only that one", async ({ page }) => {
      await open(page, localized("/privacy", lang), width);
      const links = page.locator(".document__toc a");
      const current = page.locator('.document__toc a[aria-current="location"]');
      for (const index of [5, 2]) {
        const id = ((await links.nth(index).getAttribute("href")) ?? "").slice(1);
        await page.locator(`#${id}`).evaluate((section) => section.scrollIntoView());
        await expect(current).toHaveCount(1);
        await expect(current).toHaveAttribute("href", `#${id}`);
      }
    });

    test("a hash in a link to another page scrolls to that anchor once the page is shown", async ({
      page,
    }) => {
      const documentPath = localized("/privacy", lang);
      await open(page, documentPath, width);
      const id = ((await page.locator(".document__toc a").nth(3).getAttribute("href")) ?? "").slice(1);
      await page.goto(localized("/about", lang));
      await page.waitForSelector("html[data-hydrated=true]");
      await markDocument(page);

      await (await addLink(page, `${documentPath}#${id}`)).click();
      await expect(page).toHaveURL(new RegExp(`${documentPath}#${id}$`));
      await expect.poll(() => focusedId(page)).toBe(id);
      const top = await page.locator(`#${id}`).evaluate((element) => element.getBoundingClientRect().top);
      expect(Math.abs(top)).toBeLessThanOrEqual(20);
      expect(await scrollY(page)).toBeGreaterThan(0);
      expect(await documentMarker(page)).toBe("same document");
    });

    test("back and forward restore the scroll position of each history entry", async ({ page, baseURL }) => {
      const first = localized("/privacy", lang);
      const second = localized("/cookie-policy", lang);
      await open(page, first, width);
      await markDocument(page);
      const link = await addLink(page, second);
      await page.evaluate(() => window.scrollTo(0, 900));
      await link.dispatchEvent("click");
      await expect(page).toHaveURL(`${baseURL}${second}`);
      await expect.poll(() => scrollY(page)).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 500));

      await page.goBack();
      await expect(page).toHaveURL(`${baseURL}${first}`);
      await expect.poll(() => scrollY(page)).toBe(900);
      await page.goForward();
      await expect(page).toHaveURL(`${baseURL}${second}`);
      await expect.poll(() => scrollY(page)).toBe(500);
      expect(await documentMarker(page)).toBe("same document");
    });
  });
}

for (const { lang, width } of PAIRED_VARIANTS) {
  test.describe(`${lang}, ${width}`, () => {
    test("links are prefetched with never more than 4 requests in flight, each URL once", async ({
      page,
    }) => {
      const requested: string[] = [];
      let counting = false;
      let inFlight = 0;
      let most = 0;
      const prefetchable = (url: URL) =>
        url.pathname === "/_app/data" ||
        (url.pathname.startsWith("/_app/assets/") && url.pathname.endsWith(".js"));
      await page.route(prefetchable, async (route: Route) => {
        if (!counting) return route.continue();
        requested.push(route.request().url());
        inFlight += 1;
        most = Math.max(most, inFlight);
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.fulfill({ response });
        inFlight -= 1;
      });
      await open(page, localized("/faq", lang), width);
      await navigationReady(page);
      await page.waitForTimeout(1500);
      counting = true;

      // The footer's link lists come into view (its top: at the very bottom of a phone's page,
      // the legal block can fill the screen with links that share one chunk).
      await page.evaluate(() => document.querySelector("footer")?.scrollIntoView());
      await expect.poll(() => requested.length, { timeout: 15_000 }).toBeGreaterThan(4);
      // Prefetching comes in waves (a batch of four can finish together), so
      // it has settled only once nothing is in flight and nothing new was
      // asked for over a whole second.
      await expect
        .poll(
          async () => {
            const seen = requested.length;
            await page.waitForTimeout(1000);
            return inFlight === 0 && requested.length === seen;
          },
          { timeout: 30_000 },
        )
        .toBe(true);

      expect(most).toBe(4);
      expect(new Set(requested).size).toBe(requested.length);
      expect(requested.some((url) => url.includes("/_app/data?"))).toBe(true);
      expect(requested.some((url) => url.includes("/_app/assets/"))).toBe(true);
    });

    test("prefetched page data is reused by the next navigation", async ({ page, request }) => {
      const target = localized("/contact-us", lang);
      const dataRequests: string[] = [];
      page.on("request", (sent) => {
        const url = new URL(sent.url());
        if (url.pathname === "/_app/data" && url.searchParams.get("path") === target)
          dataRequests.push(url.href);
      });
      await open(page, localized("/about", lang), width);
      const link = await addLink(page, target);
      await link.hover();
      await expect.poll(() => dataRequests.length).toBe(1);

      await link.click();
      await expect(page.locator("h1")).toHaveText((await pageData(request, target)).data.heading);
      expect(dataRequests).toHaveLength(1);
    });

    test("nothing is prefetched when the visitor saves data", async ({ page }) => {
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "connection", { value: { saveData: true } });
      });
      const prefetched: string[] = [];
      page.on("request", (sent) => {
        if (new URL(sent.url()).pathname === "/_app/data") prefetched.push(sent.url());
      });
      await open(page, localized("/faq", lang), width);
      await (await addLink(page, localized("/contact-us", lang))).hover();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(1000);
      expect(prefetched).toEqual([]);
    });

    test("with Save-Data the navigation code waits for the visitor, and a click before it arrives still navigates on the client", async ({
      page,
      request,
    }) => {
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "connection", { value: { saveData: true } });
      });
      const navigationCode: string[] = [];
      page.on("request", (sent) => {
        const { pathname } = new URL(sent.url());
        if (pathname.startsWith("/_app/assets/clientNavigation-") && pathname.endsWith(".js"))
          navigationCode.push(pathname);
      });
      const target = localized("/services", lang);
      const heading = (await pageData(request, target)).data.heading;
      const loads = countDocumentLoads(page, target);
      await open(page, localized("/about", lang), width);
      await page.waitForLoadState("networkidle");
      expect(navigationCode).toEqual([]);
      await expect(page.locator("html")).not.toHaveAttribute("data-navigation");

      await markDocument(page);
      // A click without a pointer first (no hover to announce it): the click itself loads the code.
      await (await addLink(page, target)).dispatchEvent("click", { button: 0 });
      await expect(page.locator("h1")).toHaveText(heading);
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      expect(await documentMarker(page)).toBe("same document");
      expect(loads.count).toBe(0);
      expect(navigationCode).toHaveLength(1);
      await expect(page.locator("html")).toHaveAttribute("data-navigation", "ready");
    });

    test("after a new build appears the next navigation loads in full, but not twice within 10 s", async ({
      page,
      request,
    }) => {
      const target = localized("/services", lang);
      const heading = (await pageData(request, target)).data.heading;
      await page.clock.install();
      await page.route("**/_app/builds/latest.json*", (route) =>
        route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } }),
      );
      const loads = countDocumentLoads(page, target);
      await open(page, localized("/about", lang), width);
      await navigationReady(page);
      await markDocument(page);
      await expect(page.locator("html")).not.toHaveAttribute("data-new-build");

      await page.clock.fastForward("01:00:00");
      await expect(page.locator("html")).toHaveAttribute("data-new-build", "a-newer-build");
      await expectFullLoad(page, target, heading, loads);

      // The page loaded in full watches for builds once its navigation code runs.
      await navigationReady(page);
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await expect(page.locator("html")).toHaveAttribute("data-new-build", "a-newer-build");
      await expectClientNavigation(page, target, heading, loads);
    });

    test("a page-data answer of another build loads in full, then navigates on the client within 10 s", async ({
      page,
      request,
    }) => {
      const target = localized("/clients", lang);
      const heading = (await pageData(request, target)).data.heading;
      await page.route(
        (url) => url.pathname === "/_app/data" && url.searchParams.has("build"),
        (route) => route.fulfill({ status: 409, json: { error: { code: "build_mismatch", message: "" } } }),
      );
      const loads = countDocumentLoads(page, target);
      await open(page, localized("/about", lang), width);
      await markDocument(page);
      await expectFullLoad(page, target, heading, loads);
      await expectClientNavigation(page, target, heading, loads);
    });

    test("a page chunk that fails to load reloads the page once, which then stays as served", async ({
      page,
      request,
      baseURL,
    }) => {
      const target = localized("/services", lang);
      const heading = (await pageData(request, target)).data.heading;
      await page.route("**/_app/assets/services-*.js", (route) => route.abort());
      const loads = countDocumentLoads(page, target);
      await open(page, localized("/about", lang), width);
      await markDocument(page);

      await (await addLink(page, target)).click();
      await expect(page).toHaveURL(`${baseURL}${target}`);
      await expect(page.locator("h1")).toHaveText(heading);
      await expect.poll(() => documentMarker(page)).toBeUndefined();
      await page.waitForTimeout(2000);
      expect(loads.count).toBe(1);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
      await expect(page.locator("h1")).toHaveText(heading);
    });

    test("a page that throws while rendering shows the 500 page inside the header and footer", async ({
      page,
      baseURL,
    }) => {
      const target = localized("/services", lang);
      await corruptPageData(page, target);
      await open(page, localized("/about", lang), width);
      await (await addLink(page, target)).click();

      await expect(page.locator("h1")).toHaveText(SERVER_ERROR_HEADING[lang]);
      await expect(page).toHaveURL(`${baseURL}${target}`);
      await expect(page.locator("main code")).toHaveText(target);
      await expect(page).toHaveTitle(new RegExp(SERVER_ERROR_HEADING[lang]));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "zh" ? "zh-Hans" : "en");
      await expect(page.locator(".site-header")).toBeVisible();
      await expect(page.locator(".site-footer")).toBeVisible();
      await expect(page.locator("main")).not.toHaveClass(/ChangePage/);
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    });

    test("a crawler keeps the last rendered content when a page throws", async ({
      browser,
      request,
      baseURL,
    }) => {
      const context = await browser.newContext({
        userAgent: GOOGLEBOT,
        baseURL: String(baseURL),
        viewport: VIEWPORTS[width],
      });
      const page = await context.newPage();
      const from = localized("/about", lang);
      const target = localized("/services", lang);
      const heading = (await pageData(request, from)).data.heading;
      await corruptPageData(page, target);
      await page.goto(from);
      await page.waitForSelector("html[data-hydrated=true]");
      const failure = page.waitForEvent("console", (message) => message.type() === "error");
      await (await addLink(page, target)).click();
      await failure;

      await expect(page.locator("h1")).toHaveText(heading);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.getByText(SERVER_ERROR_HEADING[lang])).toHaveCount(0);
      await context.close();
    });
  });
}

/** Answers the page data of `path` with a `data` the page cannot render. */
/** Follows a link to `target` and expects a full page load (the marker is lost). */
async function expectFullLoad(page: Page, target: string, heading: string, loads: { count: number }) {
  await (await addLink(page, target)).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(target);
  await page.waitForSelector("html[data-hydrated=true]");
  await expect(page.locator("h1")).toHaveText(heading);
  expect(await documentMarker(page)).toBeUndefined();
  expect(loads.count).toBe(1);
}

/** Follows a link to `target` and expects a client-side navigation (no new document load). */
async function expectClientNavigation(page: Page, target: string, heading: string, loads: { count: number }) {
  await markDocument(page);
  await recordMainClasses(page);
  await (await addLink(page, target)).click();
  await expect.poll(() => recordedMainClasses(page)).toContain("ChangePage-enter-active");
  await expect(page.locator("h1")).toHaveText(heading);
  expect(await documentMarker(page)).toBe("same document");
  expect(loads.count).toBe(1);
}

async function corruptPageData(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === "/_app/data" && url.searchParams.get("path") === path,
    async (route) => {
      const answer = (await (await route.fetch()).json()) as PageData;
      await route.fulfill({ json: { ...answer, data: null } });
    },
  );
}
