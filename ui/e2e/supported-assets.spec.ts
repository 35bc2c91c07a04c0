import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { exposedNodes, withoutOverlays } from "./site";

/** One row as the API answers it. */
interface Item {
  serial: number;
  token: string;
  tokenName: string;
  networkName: string;
  defi: boolean;
  contract: string | null;
}

/** What the API answers for `query`: the oracle the table is compared with. */
async function api(request: APIRequestContext, query: string): Promise<{ total: number; items: Item[] }> {
  const response = await request.get(`/api/supported-assets?${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { total: number; items: Item[] };
}

const rows = (page: Page) => page.locator(".asset-table tbody tr");

/** The serial numbers the table shows. */
async function serials(page: Page): Promise<number[]> {
  return (await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-serial")))).map(Number);
}

/** Waits until the table shows exactly the rows the API gives for `query`. */
async function expectRows(page: Page, query: string) {
  const answer = await api(page.request, query);
  await expect.poll(() => serials(page)).toEqual(answer.items.map((item) => item.serial));
  await expect(page.locator(".asset-results")).toHaveAttribute("aria-busy", "false");
  return answer;
}

async function open(page: Page, path: string) {
  await withoutOverlays(page);
  await page.goto(path);
  await page.waitForSelector("html[data-hydrated=true]");
}

const query = (page: Page) => new URL(page.url()).searchParams;

test("the first page of the Singapore list is in the prerendered document", async ({ request }) => {
  const answer = await api(request, "entity=sg");
  const html = await (await request.get("/support-token")).text();
  const prerendered = [...html.matchAll(/<tr data-serial="(\d+)"/g)].map((m) => Number(m[1]));
  expect(prerendered).toEqual(answer.items.map((item) => item.serial));
  expect(html).toContain(`${answer.total} records`);
  expect(html).toContain(answer.items[2]?.tokenName ?? "(no third row)");
});

test("each filter narrows the rows; Enter and the search button search; clear all resets", async ({
  page,
}) => {
  await open(page, "/support-token");
  const form = page.getByRole("search", { name: "Filter supported assets" });

  await form.getByLabel("Token").fill("usdt");
  await form.getByLabel("Token").press("Enter");
  await expect.poll(() => query(page).get("token")).toBe("usdt");
  const usdt = await expectRows(page, "entity=sg&token=usdt");
  await expect(page.locator(".pagination__total")).toContainText(`${usdt.total} records`);
  for (const text of await page.locator(".asset-table__token").allTextContents()) {
    expect(text.toLowerCase()).toContain("usdt");
  }

  await form.getByLabel("Network").fill("以太坊");
  await form.getByRole("button", { name: "Search" }).click();
  await expect.poll(() => query(page).get("network")).toBe("以太坊");
  await expectRows(page, `entity=sg&token=usdt&network=${encodeURIComponent("以太坊")}`);
  for (const text of await page.locator(".asset-table__network").allTextContents())
    expect(text).toBe("Ethereum");

  await form.getByLabel("Network").fill("");
  await form.getByLabel("Token").fill("");
  const contract =
    (await api(page.request, "entity=sg&token=usdc&network=ethereum")).items[0]?.contract ?? "";
  await form.getByLabel("Contract address").fill(contract.slice(0, 12).toLowerCase());
  await form.getByLabel("Contract address").press("Enter");
  const byContract = await expectRows(page, `entity=sg&contract=${contract.slice(0, 12).toLowerCase()}`);
  expect(byContract.items.map((item) => item.contract)).toContain(contract);

  await form.getByLabel("Contract address").fill("");
  await form.getByLabel("DeFi account").selectOption("no");
  await expect.poll(() => query(page).get("defi")).toBe("no");
  await expectRows(page, "entity=sg&defi=no");
  for (const text of await page.locator('[data-account="defi"]').allTextContents()) expect(text).toBe("No");

  await form.getByRole("button", { name: "Clear all" }).click();
  await expect.poll(() => [...query(page).keys()]).toEqual(["entity"]);
  const all = await expectRows(page, "entity=sg");
  await expect(page.locator(".pagination__total")).toContainText(`${all.total} records`);
  await expect(form.getByLabel("DeFi account")).toHaveValue("all");
});

test("page size, next and previous page through the list with the total line", async ({ page }) => {
  await open(page, "/support-token");
  const { total } = await api(page.request, "entity=sg");
  await page.getByLabel("Rows per page").selectOption("50");
  await expect.poll(() => query(page).get("size")).toBe("50");
  await expectRows(page, "entity=sg&size=50");
  const pages = Math.ceil(total / 50);
  await expect(page.locator(".pagination__total")).toHaveText(`${total} records · Page 1 of ${pages}`);

  await page.getByRole("link", { name: "Next" }).click();
  await expectRows(page, "entity=sg&size=50&page=2");
  await expect(page.locator(".pagination__total")).toHaveText(`${total} records · Page 2 of ${pages}`);
  await expect(page.locator("#asset-results")).toBeFocused();

  await page.getByRole("link", { name: `Page ${pages}` }).click();
  await expectRows(page, `entity=sg&size=50&page=${pages}`);
  await expect(page.locator(".pagination [aria-disabled=true]")).toHaveText("Next");

  await page.getByRole("link", { name: "Previous" }).click();
  await expectRows(page, `entity=sg&size=50&page=${pages - 1}`);
  await page.goBack();
  await expectRows(page, `entity=sg&size=50&page=${pages}`);
});

test("the entity switch changes the list and a shared link reproduces the view", async ({
  page,
  browser,
}) => {
  await open(page, "/support-token");
  await expect.poll(() => query(page).get("entity")).toBe("sg");
  await page.locator('.entity-switch__option[data-entity="hk"]').click();
  await expect.poll(() => query(page).get("entity")).toBe("hk");
  const hk = await expectRows(page, "entity=hk");
  await expect(page.locator("#asset-results")).toHaveText("Hong Kong entity list");
  await expect(page.locator(".pagination__total")).toContainText(`${hk.total} records`);
  await expect(page.locator('.asset-entity__option[data-entity="hk"]')).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.locator('.asset-entity__option[data-entity="sg"]').click();
  await expectRows(page, "entity=sg");
  await expect(page.locator('.entity-switch__option[data-entity="sg"]')).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goBack();
  await expectRows(page, "entity=hk");
  await expect(page.locator('.entity-switch__option[data-entity="hk"]')).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  const shared = "/zh/support-token?entity=hk&token=usd&size=10&page=2";
  const context = await browser.newContext();
  const other = await context.newPage();
  await open(other, shared);
  await expectRows(other, "entity=hk&token=usd&size=10&page=2");
  await expect(other.getByLabel("代币")).toHaveValue("usd");
  await expect(other.locator("#asset-results")).toHaveText("香港实体支持列表");
  await expect(other.locator('.entity-switch__option[data-entity="hk"]')).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await context.close();
});

test("a search that matches nothing shows the No Data state in both languages", async ({ page }) => {
  await open(page, "/support-token?token=zzzz-nothing");
  await expect(page.locator(".empty-state")).toHaveText("No matching data");
  await expect(page.locator(".asset-table")).toHaveCount(0);
  await expect(page.locator(".pagination")).toHaveCount(0);
  await open(page, "/zh/support-token?contract=zzzz-nothing");
  await expect(page.locator(".empty-state")).toHaveText("无匹配数据");
});

test("contract addresses show in full on focus and copy to the clipboard", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page, "/support-token");
  const { items } = await api(page.request, "entity=sg");
  const item = items.find((candidate) => candidate.contract) as Item;
  const row = page.locator(`tr[data-serial="${item.serial}"]`);
  const full = row.locator(".asset-contract__full");
  await expect(row.locator(".asset-contract__short")).toContainText("…");
  const hiddenWidth = (await full.boundingBox())?.width ?? 0;
  expect(hiddenWidth).toBeLessThanOrEqual(1);

  const copy = row.getByRole("button", {
    name: `Copy the contract address of ${item.token} on ${item.networkName}`,
  });
  await copy.focus();
  await expect.poll(async () => (await full.boundingBox())?.width ?? 0).toBeGreaterThan(100);
  await expect(full).toHaveText(item.contract ?? "");
  await copy.press("Enter");
  await expect(copy).toHaveAttribute("data-state", "copied");
  await expect(page.locator(".asset-table-frame").getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(item.contract);
});

test("a failed request says so, keeps the typed filters and can be retried", async ({ page }) => {
  await open(page, "/support-token");
  await page.route("**/api/supported-assets?*", (route) => route.abort("connectionrefused"));
  const form = page.getByRole("search", { name: "Filter supported assets" });
  await form.getByLabel("Token").fill("dai");
  await form.getByLabel("Token").press("Enter");
  await expect(page.getByRole("alert")).toContainText("Failed to load");
  await expect(form.getByLabel("Token")).toHaveValue("dai");
  await page.unroute("**/api/supported-assets?*");
  await page.getByRole("button", { name: "Try again" }).click();
  await expectRows(page, "entity=sg&token=dai");
  await expect(page.getByRole("alert")).toHaveCount(0);
});

for (const [lang, prefix] of [
  ["en", ""],
  ["zh", "/zh"],
] as const) {
  for (const width of [375, 1280]) {
    test(`${lang} at ${width} px: no page overflow, cards on phones, no axe violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, `${prefix}/support-token?size=10`);
      await expectRows(page, "entity=sg&size=10");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const row = page.locator(".asset-table tbody tr").first();
      const display = await row.evaluate((tr) => getComputedStyle(tr).display);
      expect(display).toBe(width < 800 ? "grid" : "table-row");
      if (width < 800) {
        // A compact card: token, network, the four account types and the contract in about 11rem.
        expect((await row.boundingBox())?.height).toBeLessThanOrEqual(208);
      }
      // Cards or not, assistive technology reads a table: every row a row, the cells of a row
      // (the first card; on a phone Chromium leaves out the cards it has not drawn yet,
      // `content-visibility: auto`) cells. e2e/engines/ counts every one in Firefox and WebKit.
      const roles = async (selector: string) => (await exposedNodes(page, selector)).map((node) => node.role);
      expect(await roles(".asset-table tr")).toEqual(Array(11).fill("row"));
      expect(await roles(".asset-table tbody tr:first-child td")).toEqual(Array(8).fill("cell"));
      await page.screenshot({
        path: `../artifacts/screenshots/support-token-${lang}-${width}.png`,
        fullPage: true,
      });
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);

      await open(page, `${prefix}/support-token?token=zzzz-nothing`);
      await expect(page.locator(".empty-state")).toBeVisible();
      const empty = await new AxeBuilder({ page }).analyze();
      expect(empty.violations.map((v) => v.id)).toEqual([]);
    });
  }
}

test("a first visit hydrates without the rows' code; the served rows stay, and a click made before the code arrives still counts", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const rowCode: string[] = [];
  page.on("request", (request) => {
    if (/\/AssetResults-[^/]*\.js$/.test(request.url())) rowCode.push(request.url());
  });
  // The rows' code is held back until the test lets it through.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/AssetResults-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await withoutOverlays(page);
  await page.goto("/support-token");
  await page.waitForSelector("html[data-hydrated=true]");
  await page.waitForLoadState("networkidle");
  expect(rowCode).toEqual([]);

  // The served row is marked, to tell whether the code keeps it or draws a new one.
  const { items } = await api(page.request, "entity=sg");
  const item = items.find((candidate) => candidate.contract) as Item;
  const row = page.locator(`tr[data-serial="${item.serial}"]`);
  await row.evaluate((tr) => ((tr as HTMLElement & { served?: boolean }).served = true));
  const copy = row.getByRole("button", {
    name: `Copy the contract address of ${item.token} on ${item.networkName}`,
  });
  await copy.click();
  await expect.poll(() => rowCode.length).toBe(1);
  await expect(copy).toHaveAttribute("data-state", "idle");

  release();
  await expect(copy).toHaveAttribute("data-state", "copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(item.contract);
  expect(await row.evaluate((tr) => (tr as HTMLElement & { served?: boolean }).served)).toBe(true);

  // Pagination works on the client from then on: no document is loaded again.
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect.poll(() => query(page).get("page")).toBe("2");
  await expectRows(page, "entity=sg&page=2");
  expect(documents).toEqual([]);
});

test("a link of the pagination followed before the rows' code arrives shows the next page on the client", async ({
  page,
}) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/AssetResults-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await open(page, "/support-token");
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  expect(query(page).get("page")).toBeNull();
  release();
  await expect.poll(() => query(page).get("page")).toBe("2");
  await expectRows(page, "entity=sg&page=2");
  expect(documents).toEqual([]);
});
