import { expect, type Page, test } from "@playwright/test";
import type { PageData } from "../src/lib/types";
import { addLink, seen, withConsentRecorded } from "./site";

/** The markup of every heading of the main content: what the prerender, the hydrated page and a
 * client-side render must agree on. */
async function headings(page: Page): Promise<string[]> {
  return page.locator("main :is(h1, h2, h3, h4)").evaluateAll((all) => all.map((h) => h.innerHTML));
}

test("Chinese headings carry the build's breaks between phrases through hydration and client navigation", async ({
  page,
  request,
}) => {
  await withConsentRecorded(page);
  const data = (await (await request.get("/_app/data?path=/zh")).json()) as PageData;
  // The page data's heading offers a break (a zero width space) between its phrases.
  expect(data.data.heading).toContain("\u200b");

  // As served, before any script: the heading as the page data has it, set with keep-all.
  await page.route("**/*.js", (route) => route.abort());
  await page.goto("/zh");
  const served = await headings(page);
  const hero = page.locator("main h1");
  expect(await hero.textContent()).toBe(data.data.heading);
  expect(await hero.evaluate((h) => getComputedStyle(h).wordBreak)).toBe("keep-all");

  // Hydrated: the same markup.
  await page.unroute("**/*.js");
  await page.goto("/zh");
  await page.waitForSelector("html[data-hydrated=true]");
  expect(await headings(page)).toEqual(served);

  // Rendered in the browser after a client-side navigation: the markup of the served page.
  await (await addLink(page, "/zh/services")).click();
  await expect(page).toHaveURL(/\/zh\/services$/);
  await expect(page.locator("main h1")).toHaveText(seen("服务"));
  const navigated = await headings(page);
  expect(navigated.some((heading) => /<wbr>|\u200b/.test(heading))).toBe(true);
  await page.goto("/zh/services");
  await page.waitForSelector("html[data-hydrated=true]");
  expect(await headings(page)).toEqual(navigated);
});

test("Chinese text a visitor copies reaches the clipboard without the build's marks", async ({ page }) => {
  await withConsentRecorded(page);
  await page.goto("/zh");
  await page.waitForSelector("html[data-hydrated=true]");
  const lead = page.locator("main p").filter({ hasText: "\u200b" }).first();
  // The words of a paragraph are separated by zero width spaces in the page…
  expect(await lead.textContent()).toContain("\u200b");
  // …and a copy of it (select it, copy) carries the words as a reader sees them.
  const { copied, seen } = await lead.evaluate((paragraph) => {
    getSelection()?.selectAllChildren(paragraph);
    const clipboardData = new DataTransfer();
    document.dispatchEvent(new ClipboardEvent("copy", { clipboardData, cancelable: true, bubbles: true }));
    return {
      copied: clipboardData.getData("text/plain"),
      seen: (getSelection()?.toString() ?? "")
        .replace(/[\u200b\u2060]/g, "")
        .replace(/\u00a0/g, " ")
        .replace(/\u2011/g, "-"),
    };
  });
  expect(copied).not.toMatch(/[\u200b\u2060\u00a0\u2011]/);
  expect(copied).toBe(seen);
  expect(copied.length).toBeGreaterThan(1);
});
