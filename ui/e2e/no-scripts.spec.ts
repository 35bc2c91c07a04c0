import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { withoutOverlays } from "./site";

/** A row of the supported-assets API, and a result of the search API: the oracles. */
interface Assets {
  total: number;
  items: { serial: number }[];
}
interface Search {
  total: number;
  results: { url: string }[];
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const serialsOf = (answer: Assets) => answer.items.map((item) => item.serial);
const linksOf = (answer: Search, count = 50) => answer.results.slice(0, count).map((hit) => hit.url);

/** The serial numbers of the rows the table shows. */
const serials = (page: Page) =>
  page
    .locator(".asset-table tbody tr")
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-serial"))));

/** The addresses of the result list's titles. */
const resultLinks = (page: Page) =>
  page.locator(".result__title a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));

const query = (page: Page) => new URL(page.url()).searchParams;

for (const [prefix, lang] of [
  ["", "en"],
  ["/zh", "zh"],
] as const) {
  test.describe(`without scripts (${lang})`, () => {
    test.use({ javaScriptEnabled: false });

    test("the supported-assets filters, entity switch and pages answer with their rows", async ({ page }) => {
      await page.goto(`${prefix}/support-token`);
      const form = page.locator("form.asset-filters");
      await form.locator('input[name="token"]').fill("usd");
      await form.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/token=usd/);
      const filtered = await api<Assets>(
        page.request,
        `/api/supported-assets?entity=sg&token=usd&lang=${lang}`,
      );
      expect(await serials(page)).toEqual(serialsOf(filtered));
      await expect(form.locator('input[name="token"]')).toHaveValue("usd");

      // The pager's links are plain links carrying the query.
      await page.locator('.pagination a[rel="next"]').click();
      expect(query(page).get("page")).toBe("2");
      expect(query(page).get("token")).toBe("usd");
      const second = await api<Assets>(page.request, `/api/supported-assets?entity=sg&token=usd&page=2`);
      expect(await serials(page)).toEqual(serialsOf(second));
      await expect(page.locator('.pagination [aria-current="page"]')).toHaveText("2");

      // An account-type choice and a search keep the rest of the form.
      await form.locator('select[name="warm"]').selectOption("no");
      await form.locator('button[type="submit"]').click();
      expect(query(page).get("warm")).toBe("no");
      expect(query(page).get("page")).toBeNull();
      const warmless = await api<Assets>(page.request, `/api/supported-assets?entity=sg&token=usd&warm=no`);
      expect(await serials(page)).toEqual(serialsOf(warmless));

      // The entity buttons show the other entity's list, filtered alike: only the entity changes.
      await page.locator('.asset-entity button[data-entity="hk"]').click();
      expect([...query(page)].sort()).toEqual([
        ["entity", "hk"],
        ["token", "usd"],
        ["warm", "no"],
      ]);
      const hk = await api<Assets>(page.request, `/api/supported-assets?entity=hk&token=usd&warm=no`);
      expect(await serials(page)).toEqual(serialsOf(hk));
      await expect(page.locator('.asset-entity button[data-entity="hk"]')).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(form.locator('input[name="token"]')).toHaveValue("usd");
      // The filter form keeps the entity.
      await form.locator('input[name="token"]').fill("");
      await form.locator('select[name="warm"]').selectOption("all");
      await form.locator('input[name="network"]').fill("tron");
      await form.locator('input[name="network"]').press("Enter");
      expect(query(page).get("entity")).toBe("hk");
      const tron = await api<Assets>(page.request, `/api/supported-assets?entity=hk&network=tron`);
      expect(await serials(page)).toEqual(serialsOf(tron));

      // The entity switch keeps the page and the page size too, and a filter of any characters.
      const typed = `usd"><i>&`;
      await page.goto(`${prefix}/support-token?entity=hk&size=10&page=2`);
      await page.locator('.asset-entity button[data-entity="sg"]').click();
      expect([...query(page)].sort()).toEqual([
        ["entity", "sg"],
        ["page", "2"],
        ["size", "10"],
      ]);
      const sgSecond = await api<Assets>(page.request, `/api/supported-assets?entity=sg&size=10&page=2`);
      expect(await serials(page)).toEqual(serialsOf(sgSecond));
      await page.goto(`${prefix}/support-token?entity=sg&token=${encodeURIComponent(typed)}`);
      await page.locator('.asset-entity button[data-entity="hk"]').click();
      expect(query(page).get("token")).toBe(typed);
      await expect(form.locator('input[name="token"]')).toHaveValue(typed);

      // A filter that finds nothing shows the empty state.
      await form.locator('input[name="network"]').fill("no such network");
      await form.locator('button[type="submit"]').click();
      await expect(page.locator(".asset-results .empty-state")).toBeVisible();
      await expect(page.locator(".asset-table")).toHaveCount(0);
    });

    test("the FAQ search answers with its results", async ({ page }) => {
      await page.goto(`${prefix}/faq/search`);
      const keywords = lang === "en" ? "security key" : "密码";
      await page.locator('form.search-form input[name="q"]').fill(keywords);
      await page.locator('form.search-form button[type="submit"]').click();
      await expect(page).toHaveURL(/\?q=/);
      const answer = await api<Search>(
        page.request,
        `/api/faq/search?q=${encodeURIComponent(keywords)}&lang=${lang}`,
      );
      expect(answer.total).toBeGreaterThan(0);
      expect(await resultLinks(page)).toEqual(linksOf(answer));
      await expect(page.locator(".result mark").first()).toBeVisible();
      await expect(page.locator('[data-search-status="done"]')).toContainText(keywords);
    });

    test("the announcements search and list pages answer with their items", async ({ page }) => {
      await page.goto(`${prefix}/announcements`);
      const firstPage = await resultLinks(page);
      await page.locator('.pagination a[rel="next"]').click();
      expect(query(page).get("page")).toBe("2");
      const secondPage = await resultLinks(page);
      expect(secondPage.length).toBeGreaterThan(0);
      expect(secondPage.filter((link) => firstPage.includes(link))).toEqual([]);

      const keywords = lang === "en" ? "custody" : "托管";
      await page.locator('form.search-form input[name="q"]').fill(keywords);
      await page.locator('form.search-form button[type="submit"]').click();
      const answer = await api<Search>(
        page.request,
        `/api/announcements/search?q=${encodeURIComponent(keywords)}&lang=${lang}`,
      );
      expect(answer.total).toBeGreaterThan(0);
      expect(await resultLinks(page)).toEqual(linksOf(answer, 5));
      if (answer.results.length > 5) {
        await page.locator('.pagination a[rel="next"]').click();
        expect(query(page).get("q")).toBe(keywords);
        expect(await resultLinks(page)).toEqual(answer.results.slice(5, 10).map((hit) => hit.url));
      }
    });
  });

  test.describe(`with scripts (${lang})`, () => {
    /** Opens `path` and waits for hydration, recording console errors, the API requests made and
     * every state of the elements `watched` that differs from the served markup (their outer HTML,
     * read at each batch of changes: hydration may split a served run of text into the text nodes
     * it renders, which changes nothing drawn, while a flash of other rows or results would show
     * here even if it were undone). */
    async function open(page: Page, path: string, watched: string) {
      const errors: string[] = [];
      const requests: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/api/")) requests.push(request.url());
      });
      await withoutOverlays(page);
      await page.addInitScript((selector) => {
        const changes: string[] = [];
        (window as unknown as { servedChanges: string[] }).servedChanges = changes;
        document.addEventListener("DOMContentLoaded", () => {
          for (const element of document.querySelectorAll(selector)) {
            const served = element.outerHTML;
            new MutationObserver(() => {
              if (element.outerHTML !== served) changes.push(element.outerHTML);
            }).observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
          }
        });
      }, watched);
      await page.goto(path);
      await page.waitForSelector("html[data-hydrated=true]");
      await page.waitForLoadState("networkidle");
      const changes = await page.evaluate(
        () => (window as unknown as { servedChanges: string[] }).servedChanges,
      );
      return { errors, requests, changes };
    }

    test("a filtered address hydrates over the served rows without a change or an error", async ({
      page,
    }) => {
      const path = `${prefix}/support-token?entity=sg&token=usd&warm=yes&page=2`;
      const { errors, requests, changes } = await open(page, path, ".asset-results, .asset-filters");
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      expect(changes).toEqual([]);
      const expected = await api<Assets>(
        page.request,
        `/api/supported-assets?entity=sg&token=usd&warm=yes&page=2`,
      );
      expect(await serials(page)).toEqual(serialsOf(expected));
      await expect(page.locator('form.asset-filters input[name="token"]')).toHaveValue("usd");
      // The hydrated page takes over: the next page is fetched and drawn by the client.
      await page.locator('.pagination a[rel="next"]').click();
      const third = await api<Assets>(
        page.request,
        `/api/supported-assets?entity=sg&token=usd&warm=yes&page=3`,
      );
      await expect.poll(() => serials(page)).toEqual(serialsOf(third));
    });

    test("a search address hydrates over the served results without a change or an error", async ({
      page,
    }) => {
      for (const path of [`${prefix}/faq/search?q=password`, `${prefix}/announcements?q=custody&page=1`]) {
        const { errors, requests, changes } = await open(page, path, ".search-page");
        expect(errors, path).toEqual([]);
        expect(requests, path).toEqual([]);
        expect(changes, path).toEqual([]);
        await expect(page.locator('[data-search-status="done"]')).toBeVisible();
      }
    });
  });
}
