import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { allPagePaths } from "./site";

/** Console errors and uncaught exceptions of a page. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

for (const lang of ["en", "zh"] as const) {
  test(`every ${lang} page loads without errors, hydrates identically and passes axe`, async ({
    page,
    request,
  }) => {
    test.slow(); // a sweep of every page with axe: give it room on a loaded machine
    const all = await allPagePaths(request);
    expect(all.length).toBeGreaterThanOrEqual(66);
    const paths = all.filter((path) => (path === "/zh" || path.startsWith("/zh/")) === (lang === "zh"));
    for (const path of paths) {
      await test.step(path, async () => {
        const errors = collectErrors(page);
        const served = await (await request.get(path)).text();
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await page.waitForSelector("html[data-hydrated=true]");

        const expectedLang = path === "/zh" || path.startsWith("/zh/") ? "zh-Hans" : "en";
        await expect(page.locator("html")).toHaveAttribute("lang", expectedLang);

        const prerenderedHeading = /<h1>([^<]*)<\/h1>/.exec(served)?.[1];
        expect(prerenderedHeading, path).toBeTruthy();
        await expect(page.locator("h1")).toHaveText(prerenderedHeading ?? "");
        const prerenderedElements = (
          served.split('<div id="app">')[1]?.split("</div>\n<script")[0] ?? ""
        ).match(/<[a-z][a-z0-9]*[\s>]/g)?.length;
        // Overlays that only exist after hydration (consent banner, notices) are marked client-only.
        const hydratedElements = await page
          .locator("#app *:not([data-client-only], [data-client-only] *)")
          .count();
        expect(hydratedElements, `${path}: hydration kept the prerendered tree`).toBe(prerenderedElements);

        const axe = await new AxeBuilder({ page }).analyze();
        expect(
          axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
          path,
        ).toEqual([]);
        expect(errors, path).toEqual([]);
      });
    }
  });
}

test("unknown paths show the 404 page in the path's language", async ({ page }) => {
  const english = await page.goto("/no-such-page");
  expect(english?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("Page not found");
  await expect(page.locator("main code")).toHaveText("/no-such-page");
  const chinese = await page.goto("/zh/faq/no-such-category");
  expect(chinese?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.locator("main code")).toHaveText("/zh/faq/no-such-category");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
