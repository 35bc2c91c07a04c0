import { expect, type Page, test } from "@playwright/test";
import { printTable } from "./audit/table";
import { allPagePaths, axeViolations, ERROR_PAGE_PATHS, representativePagePaths } from "./site";

/** The part of a page its menus change: an open header dropdown, or the phone navigation panel
 * (a modal dialog inside the header). With one open, axe checks this part again; the rest of the
 * page is what the run with the consent banner checked. */
const MENUS = "header.site-header";

/** The two window sizes of the axe sweep. */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** With `AUDIT_ALL=1` (the test command and `scripts/audit.sh axe`) axe runs on every page in
 * every state: desktop with the consent banner and with each header dropdown open, phone with the
 * banner and with the navigation panel open (seven runs a page, 1,400 in all: the whole page with
 * the banner, the header with a menu or the panel open). Otherwise, the quick look of a plain
 * `npx playwright test`, every page is checked at desktop width with the banner open; the
 * dropdowns, the same on every page, on the home pages and the 404 pages; the phone states on a
 * page of each kind (`representativePagePaths`) and the 404 pages. */
const EVERY_STATE_ON_EVERY_PAGE = process.env.AUDIT_ALL === "1";

/** What the contact form's country and area-code fields hold: the native lists the page is served
 * with, which the searchable lists replace once the form's behaviour has loaded after hydration
 * (ui/src/components/contact/ContactForm.tsx), at a moment no test orders against hydration. */
const SWAPPED_AFTER_HYDRATION = ".contact-field--country *, .contact-field--areaCode *";

/** Each language's sweep is split into this many tests, so that the workers share it evenly. */
const PARTS = 6;

/** The `index`-th of `PARTS` interleaved shares of `items`. */
const share = <T>(items: T[], index: number) => items.filter((_, position) => position % PARTS === index);

/** Time a sweep may take per page and state, generous for a busy machine. */
const SECONDS_PER_AXE_RUN = 12;

/** Console errors and uncaught exceptions of a page. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const isChinese = (path: string) => path === "/zh" || path.startsWith("/zh/");

/** The states of a page axe looks at, and what it found in each. */
type AxeRun = { state: string; violations: string[] };

/** axe on a hydrated page at desktop width: with the consent banner open (no choice recorded),
 * then, with `menus`, with each header dropdown open in turn. */
async function axeDesktop(page: Page, menus: boolean): Promise<AxeRun[]> {
  await expect(page.locator("section.consent")).toBeVisible();
  const runs: AxeRun[] = [{ state: "consent banner", violations: await axeViolations(page) }];
  if (!menus) return runs;
  for (const id of await page
    .locator("[data-nav-group]")
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-nav-group") ?? ""))) {
    await page.locator(`[data-nav-group="${id}"]`).click();
    await expect(page.locator(`#nav-menu-${id}`)).toBeVisible();
    runs.push({ state: `menu ${id}`, violations: await axeViolations(page, MENUS) });
    await page.keyboard.press("Escape");
    await expect(page.locator(`#nav-menu-${id}`)).toBeHidden();
  }
  return runs;
}

/** axe on a hydrated page at phone width: with the consent banner open, then with the navigation
 * panel open. */
async function axePhone(page: Page): Promise<AxeRun[]> {
  await expect(page.locator("section.consent")).toBeVisible();
  const runs: AxeRun[] = [{ state: "consent banner", violations: await axeViolations(page) }];
  await page.locator(".menu-button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  runs.push({ state: "navigation panel", violations: await axeViolations(page, MENUS) });
  return runs;
}

/** A page loaded at desktop width and checked there, then narrowed to a phone's: the header gives
 * its tools to the navigation panel on a phone-sized window, loaded at that size or narrowed to
 * it (src/app/ClientApp.tsx follows the width), so one load serves both widths. */
async function narrowToPhone(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  await expect(page.locator(".menu-button")).toBeVisible();
  await expect(page.locator(".site-header__tools")).toHaveCount(0);
}

/** Prints one line per page: the states axe looked at and the violations it found. */
function printAxeTable(title: string, results: { path: string; runs: AxeRun[] }[]): void {
  printTable(
    title,
    ["page", { heading: "states", right: true }, { heading: "violations", right: true }, "found"],
    results.map(({ path, runs }) => [
      path,
      runs.length,
      runs.reduce((sum, run) => sum + run.violations.length, 0),
      runs.flatMap((run) => run.violations.map((violation) => `${run.state}: ${violation}`)).join("; "),
    ]),
  );
}

for (const lang of ["en", "zh"] as const) {
  for (let part = 0; part < PARTS; part += 1) {
    test(`every ${lang} page (part ${part + 1}/${PARTS}) loads without errors, hydrates identically and passes axe at desktop width with the consent banner and the menus open, and on a phone with the banner and the navigation panel open`, async ({
      page,
      request,
    }) => {
      const all = await allPagePaths(request);
      expect(all.length).toBeGreaterThanOrEqual(150);
      const sample = await representativePagePaths(request);
      const paths = share(
        all.filter((path) => isChinese(path) === (lang === "zh")),
        part,
      );
      const withMenus = (path: string) => EVERY_STATE_ON_EVERY_PAGE || path === "/" || path === "/zh";
      const onPhone = (path: string) => EVERY_STATE_ON_EVERY_PAGE || sample.has(path);
      test.setTimeout(
        paths.reduce((sum, path) => sum + (withMenus(path) ? 5 : 1) + (onPhone(path) ? 2 : 0), 0) *
          SECONDS_PER_AXE_RUN *
          1000,
      );
      const desktop: { path: string; runs: AxeRun[] }[] = [];
      const phone: { path: string; runs: AxeRun[] }[] = [];
      for (const path of paths) {
        await test.step(path, async () => {
          const errors = collectErrors(page);
          await page.setViewportSize(DESKTOP);
          const served = await (await request.get(path)).text();
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await page.waitForSelector("html[data-hydrated=true]");

          await expect(page.locator("html")).toHaveAttribute("lang", lang === "zh" ? "zh-Hans" : "en");

          // A Chinese heading carries <wbr> at its word boundaries: its text is what is read.
          const prerenderedHeading = /<h1>(.*?)<\/h1>/.exec(served)?.[1]?.replace(/<wbr\/?>/g, "");
          expect(prerenderedHeading, path).toBeTruthy();
          await expect(page.locator("h1")).toHaveText(prerenderedHeading ?? "");
          // Overlays that only exist after hydration (consent banner, notices) are marked
          // client-only; the contact form's native country and area-code lists give way to the
          // searchable ones once the form's behaviour has loaded after hydration, so what the
          // fields hold is not counted (their wrappers are).
          const counted = `#app *:not([data-client-only], [data-client-only] *, ${SWAPPED_AFTER_HYDRATION})`;
          const prerenderedElements = await page.evaluate(
            ([html, selector]) =>
              new DOMParser().parseFromString(html, "text/html").querySelectorAll(selector).length,
            [served, counted] as const,
          );
          const hydratedElements = await page.locator(counted).count();
          expect(hydratedElements, `${path}: hydration kept the prerendered tree`).toBe(prerenderedElements);

          const desktopRuns = await axeDesktop(page, withMenus(path));
          desktop.push({ path, runs: desktopRuns });
          const phoneRuns: AxeRun[] = [];
          if (onPhone(path)) {
            await narrowToPhone(page);
            phoneRuns.push(...(await axePhone(page)));
            phone.push({ path, runs: phoneRuns });
          }
          expect
            .soft(
              [...desktopRuns, ...phoneRuns.map((run) => ({ ...run, state: `phone, ${run.state}` }))].filter(
                (run) => run.violations.length > 0,
              ),
              path,
            )
            .toEqual([]);
          expect(errors, path).toEqual([]);
        });
      }
      printAxeTable(
        `axe: ${lang} pages at ${DESKTOP.width}×${DESKTOP.height}, part ${part + 1}/${PARTS}`,
        desktop,
      );
      printAxeTable(`axe: ${lang} pages at ${PHONE.width}×${PHONE.height}, part ${part + 1}/${PARTS}`, phone);
    });
  }
}

test("the 404 page offers the FAQ search and the popular pages, each with a line on what it offers", async ({
  page,
}) => {
  for (const [path, lang] of [
    ["/no-such-page", "en"],
    ["/zh/faq/no-such-category", "zh"],
  ] as const) {
    expect((await page.goto(path))?.status()).toBe(404);
    await page.waitForSelector("html[data-hydrated=true]");
    const suggestions = page.locator(".error-page__suggestions a");
    await expect(suggestions).toHaveCount(6);
    for (const suggestion of await suggestions.all()) {
      await expect(suggestion.locator(".error-page__summary")).not.toBeEmpty();
      const href = (await suggestion.getAttribute("href")) ?? "";
      expect(href.startsWith("/zh/"), href).toBe(lang === "zh");
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
    await page.getByRole("searchbox").fill(lang === "en" ? "whitelist" : "白名单");
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(new RegExp(`${lang === "en" ? "" : "/zh"}/faq/search\\?q=`));
    await expect(page.locator(".result").first()).toBeVisible();
  }
});

test("unknown paths show the 404 page in the path's language, and it passes axe on both widths", async ({
  page,
}) => {
  test.slow(); // four pages in seven states each
  const english = await page.goto("/no-such-page");
  expect(english?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("Page not found");
  await expect(page.locator("main code")).toHaveText("/no-such-page");
  const chinese = await page.goto("/zh/faq/no-such-category");
  expect(chinese?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.locator("main code")).toHaveText("/zh/faq/no-such-category");

  const results: { path: string; runs: AxeRun[] }[] = [];
  for (const path of ERROR_PAGE_PATHS) {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      expect((await page.goto(path))?.status(), path).toBe(404);
      await page.waitForSelector("html[data-hydrated=true]");
      const runs = viewport === DESKTOP ? await axeDesktop(page, true) : await axePhone(page);
      results.push({ path: `${path} at ${viewport.width}`, runs });
    }
  }
  printAxeTable("axe: error pages (404)", results);
  expect(
    results.flatMap(({ path, runs }) =>
      runs.flatMap((run) => run.violations.map((v) => `${path} ${run.state}: ${v}`)),
    ),
  ).toEqual([]);
});
