import { expect, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import fs from "node:fs";
import { seenIn, withoutOverlays } from "./site";

/** The marketing pages of the site, unprefixed. */
const MARKETING_PATHS = [
  "/",
  "/services",
  "/clients",
  "/about",
  "/entities",
  "/trust-center",
  "/how-custody-works",
  "/developers",
  "/brand-kit",
  "/defi-connector",
  "/oasis-off-exchange-settlement",
  "/solutions/trad-fi",
  "/solutions/defi-fund",
  "/solutions/mining-pool",
  "/solutions/crypto-project",
  "/solutions/crypto-exchanges",
  "/solutions/retail-platforms",
];

const WIDTHS = [390, 1440] as const;

interface SectionData {
  id: string;
  kind: string;
  heading: string;
}

const localized = (path: string, lang: "en" | "zh") =>
  lang === "en" ? path : path === "/" ? "/zh" : `/zh${path}`;

/** Total layout shift the page has recorded so far. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

// Overflow, clipped text and screenshots at five widths are the layout audit's (audit/layout.spec.ts),
// axe on every page at both widths the axe sweep's (pages.spec.ts); this checks what only the
// marketing pages have: every section of the page data, and no layout shift while they load.
for (const lang of ["en", "zh"] as const) {
  test(`every ${lang} marketing page shows its sections at 390 and 1440 px without a layout shift`, async ({
    page,
    request,
  }) => {
    await withoutOverlays(page);
    for (const path of MARKETING_PATHS.map((p) => localized(p, lang))) {
      const data = (await (await request.get(`/_app/data?path=${encodeURIComponent(path)}`)).json()) as {
        data: { heading: string; sections: SectionData[] };
      };
      const sections = data.data.sections;
      expect(sections.length, path).toBeGreaterThanOrEqual(4);
      for (const width of WIDTHS) {
        await test.step(`${path} at ${width}px`, async () => {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(path);
          await page.waitForSelector("html[data-hydrated=true]");
          await expect(page.locator("h1")).toHaveText(data.data.heading);
          for (const section of sections) {
            const element = page.locator(`main [id="${section.id}"]`);
            await expect(element, `${path} #${section.id}`).toHaveCount(1);
            await expect(element.locator("h2").first()).toHaveText(section.heading);
          }
          expect(await layoutShift(page), `${path} shifts its layout`).toBeLessThan(0.01);
        });
      }
    }
  });
}

test("the figure strip shows the figures computed from content", async ({ page }) => {
  await withoutOverlays(page);
  await page.goto("/");
  const values = await page.locator(".figures__value").allTextContents();
  expect(values).toEqual(["300+", "400+", "USD 10bn+", "29+", "USD 50m"]);
  await page.goto("/zh");
  await expect(page.locator('[data-figure="safeguarded"] .figures__value')).toHaveText("逾 100 亿美元");
});

test("the solution tabs work by keyboard and mark the current audience", async ({ page }) => {
  await withoutOverlays(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/solutions/trad-fi");
  await page.waitForSelector("html[data-hydrated=true]");
  const tabs = page.locator(".solution-tabs a");
  await expect(tabs).toHaveCount(6);
  await expect(tabs.first()).toHaveAttribute("aria-current", "page");
  await tabs.first().focus();
  await page.keyboard.press("Tab");
  await expect(tabs.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/solutions\/crypto-exchanges$/);
  await expect(page.locator(".solution-tabs a").nth(1)).toHaveAttribute("aria-current", "page");
  await expect(page.locator("h1")).not.toHaveText("");
});

test("a step flow is a row on desktop and a sideways scroller on phones, numbered in order", async ({
  page,
}) => {
  await withoutOverlays(page);
  for (const [width, scrolls] of [
    [1440, false],
    [390, true],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/oasis-off-exchange-settlement");
    await page.waitForSelector("html[data-hydrated=true]");
    const steps = page.locator(".steps").first().locator(".steps__item");
    await expect(steps).toHaveCount(7);
    await expect(steps.locator(".steps__number")).toHaveText(["1", "2", "3", "4", "5", "6", "7"]);
    const [first, second] = [await steps.nth(0).boundingBox(), await steps.nth(1).boundingBox()];
    if (!first || !second) throw new Error("steps are laid out");
    expect(second.x).toBeGreaterThan(first.x);
    expect(second.y).toBe(first.y);
    const flow = page.locator(".steps").first();
    const overflows = await flow.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(overflows).toBe(scrolls);
    if (scrolls) {
      await expect(flow).toHaveAttribute("tabindex", "0");
      await expect(flow).toHaveAttribute("aria-label", /\S/);
    }
  }
});

test("a feature list has no boxes, its icon beside the text, in two columns on wide screens and one on phones", async ({
  page,
}) => {
  await withoutOverlays(page);
  for (const [width, columns] of [
    [1440, 2],
    [390, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/services");
    const items = page.locator("#roles .feature-list__item");
    await expect(items).toHaveCount(6);
    const first = items.first();
    const box = await first.evaluate((item) => {
      const style = getComputedStyle(item);
      return {
        sides: [style.borderLeftWidth, style.borderRightWidth, style.borderBottomWidth],
        radius: style.borderRadius,
      };
    });
    expect(box).toEqual({ sides: ["0px", "0px", "0px"], radius: "0px" });
    const [icon, title] = [
      await first.locator(".feature-icon").boundingBox(),
      await first.locator("h3").boundingBox(),
    ];
    if (!icon || !title) throw new Error("the item is laid out");
    expect(title.x).toBeGreaterThan(icon.x + icon.width);
    const tops = new Set(
      await items.evaluateAll((all) => all.map((item) => item.getBoundingClientRect().top)),
    );
    expect(tops.size).toBe(6 / columns);
  }
});

test("the Oasis demo request is reached by keyboard and opens the contact form with the request", async ({
  page,
}) => {
  await withoutOverlays(page);
  await page.goto("/zh/oasis-off-exchange-settlement");
  await page.waitForSelector("html[data-hydrated=true]");
  const demo = page.locator(".hero a.button").first();
  await expect(demo).toHaveAttribute("href", "/zh/contact-us?request=oasis-demo");
  await demo.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/zh\/contact-us\?request=oasis-demo$/);
});

test("the brand kit downloads a zip with the listed files, and copies colour values", async ({
  page,
  context,
}) => {
  await withoutOverlays(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/brand-kit");
  await page.waitForSelector("html[data-hydrated=true]");

  const listed = await page.locator(".brand-download__listing code").allTextContents();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator(".brand-download a").click(),
  ]);
  expect(download.suggestedFilename()).toBe("kestrel-custody-brand-kit.zip");
  const archive = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const names = Object.keys(archive).sort();
  expect(names).toEqual([...listed].sort());
  for (const logo of ["full-colour", "monochrome", "white"]) {
    const png = archive[`logos/kestrel-custody-logo-${logo}.png`];
    expect(png && Buffer.from(png.subarray(1, 4)).toString()).toBe("PNG");
    expect(Buffer.from(archive[`logos/kestrel-custody-logo-${logo}.svg`] ?? []).toString()).toContain("<svg");
  }
  const palette = Buffer.from(archive["palette.csv"] ?? []).toString();
  for (const hex of await page.locator(".swatch__values code").allTextContents())
    if (hex.startsWith("#")) expect(palette).toContain(hex);
  const copyEn = Buffer.from(archive["approved-copy-en.txt"] ?? []).toString();
  const copyZh = Buffer.from(archive["approved-copy-zh.txt"] ?? []).toString();
  // The page sets the copy with the build's line-break marks; the files hold it as a reader reads it.
  for (const text of await page.locator(".brand-copy__text blockquote").allTextContents())
    expect(seenIn(text).test(copyEn) || seenIn(text).test(copyZh), text).toBe(true);
  expect(archive["usage-rules-en.txt"]).toBeTruthy();
  expect(archive["usage-rules-zh.txt"]).toBeTruthy();

  const navy = page.locator('[data-colour="brand"]');
  await navy.locator(".copy-button__control").first().click();
  await expect(navy.locator(".copy-button__status").first()).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("#0b2545");

  const logo = page.locator('[data-logo="white"] .brand-logo__files a').nth(1);
  const png = await page.request.get((await logo.getAttribute("href")) ?? "");
  expect(png.headers()["content-type"]).toBe("image/png");
});
