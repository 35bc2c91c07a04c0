import { expect, type Page, test } from "@playwright/test";
import type { PageData } from "../src/lib/types";
import { addLink } from "./site";

async function pageData(page: Page, path: string): Promise<PageData> {
  return (await (await page.request.get(`/_app/data?path=${path}`)).json()) as PageData;
}

test("links navigate on the client and update the head", async ({ page }) => {
  await page.goto("/about");
  await page.waitForSelector("html[data-hydrated=true]");
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = "same document";
  });
  await page.locator(".site-nav a[href='/services']").click();
  await expect(page).toHaveURL(/\/services$/);
  const services = await pageData(page, "/services");
  await expect(page.locator("h1")).toHaveText(services.data.heading);
  await expect(page).toHaveTitle(services.title);
  await expect(page.locator(".site-nav a[href='/services']")).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");

  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  const about = await pageData(page, "/about");
  await expect(page.locator("h1")).toHaveText(about.data.heading);
});

test("the language switch keeps the page and switches the interface language", async ({ page }) => {
  await page.goto("/faq");
  await page.waitForSelector("html[data-hydrated=true]");
  await page.locator("[data-lang-switch=zh]").click();
  await expect(page).toHaveURL(/\/zh\/faq$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.locator(".site-nav a[href='/zh/services']")).toHaveText("服务");
  await page.locator("[data-lang-switch=en]").click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.locator(".site-nav a[href='/services']")).toHaveText("Services");
});

test("a retired path followed on the client lands on its new page", async ({ page }) => {
  await page.goto("/zh/about");
  await page.waitForSelector("html[data-hydrated=true]");
  await (await addLink(page, "/zh/touch?from=test", "retired")).click();
  await expect(page).toHaveURL(/\/zh\/contact-us\?from=test$/);
});

test("client navigation moves the share card and the feed link to the new page", async ({ page }) => {
  await page.goto("/zh/about");
  await page.waitForSelector("html[data-hydrated=true]");
  const feedLink = page.locator('link[rel="alternate"][type="application/atom+xml"]');
  await expect(feedLink).toHaveCount(0);
  await (await addLink(page, "/zh/announcements", "announcements")).click();
  await expect(page).toHaveURL(/\/zh\/announcements$/);
  const announcements = await pageData(page, "/zh/announcements");
  const card = announcements.shareImage;
  expect(card?.url).toMatch(/\/_app\/share\/zh-announcements\.[0-9a-f]+\.png$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", card?.url ?? "");
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", card?.alt ?? "");
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(feedLink).toHaveAttribute("href", announcements.feed?.href ?? "");
  expect(announcements.feed?.href).toMatch(/\/zh\/announcements\/feed\.xml$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/zh\/about$/);
  const about = await pageData(page, "/zh/about");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    about.shareImage?.url ?? "",
  );
  await expect(feedLink).toHaveCount(0);
});
