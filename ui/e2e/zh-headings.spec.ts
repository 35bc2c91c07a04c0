import { expect, type Page, test } from "@playwright/test";
import type { PageData } from "../src/lib/types";
import { addLink, withConsentRecorded } from "./site";

/** The markup of every heading of the main content: what the prerender, the hydrated page and a
 * client-side render must agree on. */
async function headings(page: Page): Promise<string[]> {
  return page.locator("main :is(h1, h2, h3, h4)").evaluateAll((all) => all.map((h) => h.innerHTML));
}

test("Chinese headings carry the build's word breaks through hydration and client navigation", async ({
  page,
  request,
}) => {
  await withConsentRecorded(page);
  const data = (await (await request.get("/_app/data?path=/zh")).json()) as PageData;
  const breaks = data.wordBreaks ?? {};
  expect(breaks[data.data.heading]).toBeDefined();

  // As served, before any script: a <wbr> at each offset of the page data.
  await page.route("**/*.js", (route) => route.abort());
  await page.goto("/zh");
  const served = await headings(page);
  const hero = page.locator("main h1");
  expect(await hero.evaluate((h) => h.querySelectorAll("wbr").length)).toBe(
    breaks[data.data.heading]?.length,
  );
  expect(await hero.evaluate((h) => getComputedStyle(h).wordBreak)).toBe("keep-all");

  // Hydrated: the same markup.
  await page.unroute("**/*.js");
  await page.goto("/zh");
  await page.waitForSelector("html[data-hydrated=true]");
  expect(await headings(page)).toEqual(served);

  // Rendered in the browser after a client-side navigation: the markup of the served page.
  await (await addLink(page, "/zh/services")).click();
  await expect(page).toHaveURL(/\/zh\/services$/);
  await expect(page.locator("main h1")).toHaveText("服务");
  const navigated = await headings(page);
  expect(navigated.some((heading) => heading.includes("<wbr>"))).toBe(true);
  await page.goto("/zh/services");
  await page.waitForSelector("html[data-hydrated=true]");
  expect(await headings(page)).toEqual(navigated);
});
