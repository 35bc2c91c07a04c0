import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type SiteInstance, startFake, startSite } from "./server";

let site: SiteInstance;
let analytics: Awaited<ReturnType<typeof startFake>>;
/** Requests the fake analytics provider received. */
let scriptRequests = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  analytics = await startFake((_request: IncomingMessage, response: ServerResponse) => {
    scriptRequests += 1;
    response.setHeader("content-type", "text/javascript");
    response.end("window.__pageViews = (window.__pageViews || 0) + 1;");
  });
  site = await startSite({ CUSTODY_SITE_ANALYTICS_SCRIPT_URL: `${analytics.origin}/pv.js` });
});

test.afterAll(async () => {
  await site.stop();
  analytics.server.close();
});

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${site.origin}${path}`);
  await page.waitForSelector("html[data-hydrated=true]");
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "cookieConsent");
}

const banner = (page: Page) => page.locator("section.consent");

test("a first visit shows the banner without shifting the layout, and it passes axe", async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
  });
  for (const [path, accept] of [
    ["/about", "Accept all"],
    ["/zh/about", "全部接受"],
  ] as const) {
    await open(page, path);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: accept })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-consent", "pending");
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
  }
});

test("with no choice recorded the analytics script loads", async ({ page }) => {
  const before = scriptRequests;
  await open(page, "/");
  await expect.poll(() => page.evaluate(() => (window as { __pageViews?: number }).__pageViews)).toBe(1);
  expect(scriptRequests).toBe(before + 1);
});

test("necessary only is stored for a year and stops the analytics script", async ({ page, context }) => {
  await open(page, "/");
  await banner(page).getByRole("button", { name: "Necessary only" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-consent", "pending");
  const cookie = await consentCookie(context);
  expect(cookie?.value).toBe("necessary");
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.secure).toBe(false);
  expect(cookie?.path).toBe("/");
  const year = 365 * 24 * 3600;
  expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + year))).toBeLessThan(60);

  const before = scriptRequests;
  await open(page, "/services");
  await expect(banner(page)).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(scriptRequests).toBe(before);
  expect(await page.locator("script[data-analytics]").count()).toBe(0);
});

test("the banner's settings list the levels; strictly necessary is always on", async ({ page }) => {
  await open(page, "/zh");
  await banner(page).getByRole("button", { name: "设置" }).click();
  const necessary = banner(page).getByRole("checkbox", { name: "严格必要类" });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await expect(banner(page).getByRole("checkbox", { name: "性能类" })).not.toBeChecked();
  await expect(banner(page).getByRole("checkbox", { name: "功能类" })).not.toBeChecked();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("the footer control changes the choice; adding performance loads analytics at once", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "cookieConsent", value: "necessary", url: site.origin }]);
  await open(page, "/");
  await expect(banner(page)).toHaveCount(0);
  const footerButton = page.locator("footer [data-consent-settings]");
  await footerButton.click();
  await banner(page).getByRole("checkbox", { name: "Functional" }).check();
  await banner(page).getByRole("button", { name: "Save my choices" }).click();
  expect((await consentCookie(context))?.value).toBe("necessary|functional");
  expect(await page.locator("script[data-analytics]").count()).toBe(0);
  await expect(footerButton).toBeFocused();

  await footerButton.click();
  await expect(banner(page).getByRole("checkbox", { name: "Functional" })).toBeChecked();
  await expect(banner(page).getByRole("checkbox", { name: "Performance" })).not.toBeChecked();
  await banner(page).getByRole("checkbox", { name: "Performance" }).check();
  await banner(page).getByRole("button", { name: "Save my choices" }).click();
  expect((await consentCookie(context))?.value).toBe("necessary|performance|functional");
  await expect.poll(() => page.evaluate(() => (window as { __pageViews?: number }).__pageViews)).toBe(1);
});

test("the cookie policy's control reopens the settings; Escape closes them", async ({ page, context }) => {
  await context.addCookies([{ name: "cookieConsent", value: "necessary", url: site.origin }]);
  await open(page, "/zh/cookie-policy");
  await expect(banner(page)).toHaveCount(0);
  const control = page.locator("main [data-consent-settings]");
  await expect(control).toHaveText("Cookie 设置");
  await control.click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("checkbox", { name: "性能类" })).not.toBeChecked();
  await page.keyboard.press("Escape");
  await expect(banner(page)).toHaveCount(0);
  await expect(control).toBeFocused();
  expect((await consentCookie(context))?.value).toBe("necessary");
});

test("without a configured analytics script nothing is loaded", async ({ page, baseURL }) => {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL ?? "")) requested.push(request.url());
  });
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated=true]");
  await expect(banner(page)).toBeVisible();
  expect(await page.locator("script[data-analytics]").count()).toBe(0);
  expect(requested).toEqual([]);
});

test("on a phone the banner fits the screen, its choices work and it passes axe", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page, "/zh/faq");
  await expect(banner(page)).toBeVisible();
  const box = await banner(page).boundingBox();
  expect(box && box.width <= 375 && box.height < 740 * 0.7).toBe(true);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await banner(page).getByRole("button", { name: "仅限必要 Cookie" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect((await consentCookie(context))?.value).toBe("necessary");
});

test("after a first choice the supported-assets notice waits for the next page instead of stacking on the banner", async ({
  page,
}) => {
  await open(page, "/about");
  await expect(banner(page)).toBeVisible();
  const notice = page.locator("[data-notice=supported-assets]");
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect(banner(page)).toBeHidden();
  await expect(notice).toHaveCount(0);
  await page.locator("main").getByRole("link", { name: "Our services" }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(notice).toBeVisible();
});
