import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { seen, seenIn } from "./site";

/** axe-core violations of the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function hydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector("html[data-hydrated=true]");
}

test("FAQ category counts equal the articles each category lists", async ({ page }) => {
  for (const prefix of ["", "/zh"]) {
    await hydrated(page, `${prefix}/faq`);
    const cards = page.locator("[data-article-count]");
    const counts = await cards.evaluateAll((nodes) =>
      nodes.map((n) => Number(n.getAttribute("data-article-count"))),
    );
    const links = await page
      .locator(".card-list h2 a")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href")));
    expect(counts.length).toBe(6);
    for (const [index, href] of links.entries()) {
      await hydrated(page, href ?? "");
      const listed = await page.locator("#faq-articles ~ .question-list > li a").count();
      expect(listed, href ?? "").toBe(counts[index]);
    }
  }
});

test("searching from the FAQ page shows ranked, highlighted results", async ({ page }) => {
  await hydrated(page, "/faq");
  await page.getByRole("searchbox", { name: "Search the FAQ" }).fill("security key");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/faq\/search\?q=security\+key$/);
  const status = page.locator("[data-search-status=done]");
  await expect(status).toContainText("for “security key”");
  const results = page.locator(".result");
  const total = Number(/(\d+) results?/.exec((await status.textContent()) ?? "")?.[1]);
  await expect(results).toHaveCount(total);
  await expect(results.first().locator("a")).toHaveAttribute("href", "/faq/lost-or-damaged-security-key");
  const marks = await page.locator(".result mark").allTextContents();
  expect(marks.length).toBeGreaterThan(0);
  for (const mark of marks) expect(["security", "key"]).toContain(mark.toLowerCase());
  expect(await violations(page)).toEqual([]);
});

test("a shared Chinese search URL searches by substring and keeps the query in the box", async ({ page }) => {
  await hydrated(page, "/zh/faq/search?q=%E5%AF%86%E9%92%A5");
  await expect(page.getByRole("searchbox")).toHaveValue("密钥");
  await expect(page.locator("[data-search-status=done]")).toContainText(seenIn("条与“密钥”相关的结果"));
  const marks = await page.locator(".result mark").allTextContents();
  expect(marks.length).toBeGreaterThan(0);
  expect(new Set(marks)).toEqual(new Set(["密钥"]));
  const links = await page
    .locator(".result a")
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href")));
  for (const href of links) expect(href).toMatch(/^\/zh\/faq\//);
  expect(await violations(page)).toEqual([]);
});

test("no match shows a clear empty state; markup in the query stays text", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const attack = '<img src=x onerror="alert(1)">';
  await hydrated(page, `/faq/search?q=${encodeURIComponent(attack)}`);
  await expect(page.locator("[data-search-status=done]")).toHaveText(`No results for “${attack}”.`);
  await expect(page.locator(".search-empty")).toContainText("browse the FAQ by topic");
  await expect(page.locator("main img")).toHaveCount(0);
  expect(dialogs).toBe(0);
  expect(await violations(page)).toEqual([]);
  await hydrated(page, "/zh/faq/search?q=zzyzx");
  await expect(page.locator("[data-search-status=done]")).toHaveText(seen("未找到与“zzyzx”相关的结果。"));
});

test("back and forward move between searches", async ({ page }) => {
  await hydrated(page, "/faq/search?q=whitelist");
  await expect(page.locator("[data-search-status=done]")).toContainText("“whitelist”");
  await page.getByRole("searchbox").fill("insurance");
  await page.getByRole("searchbox").press("Enter");
  await expect(page.locator("[data-search-status=done]")).toContainText("“insurance”");
  await page.goBack();
  await expect(page.locator("[data-search-status=done]")).toContainText("“whitelist”");
  await expect(page.getByRole("searchbox")).toHaveValue("whitelist");
});

test("announcements are paginated newest first, and pages work from a shared URL", async ({ page }) => {
  // How many announcements there are is the sitemap's count of their pages, five to a page.
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const records = [...sitemap.matchAll(/<loc>[^<]*?\/announcements\/[a-z0-9-]+<\/loc>/g)].filter(
    ([loc]) => !loc.includes("/zh/"),
  ).length;
  const pages = Math.ceil(records / 5);
  expect(pages, "the announcements fill three pages or more").toBeGreaterThanOrEqual(3);

  await hydrated(page, "/announcements");
  const dates = async () =>
    page.locator(".result time").evaluateAll((n) => n.map((t) => t.getAttribute("datetime") ?? ""));
  const first = await dates();
  expect(first).toHaveLength(5);
  expect([...first].sort().reverse()).toEqual(first);
  const total = page.locator(".pagination__total");
  await expect(total).toContainText(`${records} records`);
  await expect(total).toContainText(`Page 1 of ${pages}`);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/announcements\?page=2$/);
  await expect(total).toContainText(`Page 2 of ${pages}`);
  const second = await dates();
  expect((second[0] ?? "") < (first[4] ?? "")).toBe(true);
  expect(await violations(page)).toEqual([]);
  await hydrated(page, `/zh/announcements?page=${pages}`);
  await expect(page.locator(".result")).toHaveCount(records - 5 * (pages - 1));
  await expect(page.locator(".pagination a[aria-current=page]")).toHaveText(String(pages));
  await expect(page.locator(".pagination__total")).toContainText(`共 ${records} 条记录`);
});

test("announcement search highlights matches and can be cleared", async ({ page }) => {
  await hydrated(page, "/announcements?page=2");
  await page.getByRole("searchbox", { name: "Search announcements" }).fill("maintenance");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/announcements\?q=maintenance$/);
  await expect(page.locator("[data-search-status=done]")).toContainText("for “maintenance”");
  await expect(page.locator(".result mark").first()).toHaveText(/maintenance/i);
  await page.getByRole("link", { name: "Show all announcements" }).click();
  await expect(page.locator(".result")).toHaveCount(5);
  await hydrated(page, "/zh/announcements?q=%E4%B8%8D%E5%AD%98%E5%9C%A8%E7%9A%84%E5%86%85%E5%AE%B9");
  await expect(page.locator("[data-search-status=done]")).toContainText(seenIn("未找到"));
  await expect(page.locator(".result")).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test("a Chinese word of several characters is found in titles and text, with scripts and without", async ({
  page,
  browser,
}) => {
  // The page text carries the build's zero width spaces between words (scripts/line-breaks.mjs); a
  // reader and the search see the words without them.
  const seen = (texts: string[]) => texts.map((text) => text.replace(/[\u200b\u2060]/g, ""));
  // 保险 is in FAQ titles and texts; 数字资产 in texts only (no FAQ title has it).
  for (const [word, inTitles] of [
    ["数字资产", false],
    ["保险", true],
  ] as const) {
    await hydrated(page, "/zh/faq");
    await page.getByRole("searchbox").fill(word);
    await page.getByRole("searchbox").press("Enter");
    await expect(page.locator("[data-search-status=done]")).toContainText(`“${word}”`);
    const results = page.locator(".result");
    expect(await results.count(), word).toBeGreaterThan(0);
    expect(new Set(seen(await page.locator(".result mark").allTextContents())), word).toEqual(
      new Set([word]),
    );
    const titles = seen(await results.locator("a").allTextContents());
    const texts = seen(await results.locator("p").allTextContents());
    expect(
      titles.some((title) => title.includes(word)),
      `${word} in a title`,
    ).toBe(inTitles);
    expect(
      texts.some((text) => text.includes(word)),
      `${word} in a text`,
    ).toBe(true);

    const served = await browser.newContext({ javaScriptEnabled: false });
    const withoutScripts = await served.newPage();
    await withoutScripts.goto(`/zh/faq/search?q=${encodeURIComponent(word)}`);
    expect(seen(await withoutScripts.locator(".result a").allTextContents()), word).toEqual(titles);
    await served.close();
  }
});
