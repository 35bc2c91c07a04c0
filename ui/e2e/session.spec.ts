import { expect, test } from "@playwright/test";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type SiteInstance, startFake, startSite } from "./server";
import { withConsentRecorded } from "./site";

/** What the fake identity service answers to the current-user call. */
let answer: (response: ServerResponse) => void = () => undefined;
let site: SiteInstance;
let identity: Awaited<ReturnType<typeof startFake>>;
const calls: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  identity = await startFake((request: IncomingMessage, response: ServerResponse) => {
    calls.push(`${request.method} ${request.url}`);
    if (request.url?.startsWith("/iam/")) {
      response.setHeader("access-control-allow-origin", request.headers.origin ?? "*");
      response.setHeader("access-control-allow-credentials", "true");
      answer(response);
    } else {
      response.setHeader("content-type", "text/html");
      response.end(`<!doctype html><title>${request.url}</title><h1>${request.url}</h1>`);
    }
  });
  site = await startSite({
    CUSTODY_SITE_IAM_BASE_URL: identity.origin,
    CUSTODY_SITE_SITE_ENVIRONMENT: "test",
    CUSTODY_SITE_LOGIN_SG_TEST: `${identity.origin}/login/sg`,
    CUSTODY_SITE_LOGIN_HK_TEST: `${identity.origin}/login/hk`,
    CUSTODY_SITE_LOGOUT_HK_TEST: `${identity.origin}/logout/hk`,
  });
});

test.afterAll(async () => {
  await site.stop();
  identity.server.close();
});

const json =
  (body: unknown, status = 200) =>
  (response: ServerResponse) => {
    response.statusCode = status;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(body));
  };

test("code 0 with data logs the visitor in and shows Logout with the name", async ({ page }) => {
  answer = json({ code: 0, data: { name: "Ada Lovelace" } });
  calls.length = 0;
  await page.goto(`${site.origin}/about`);
  await expect(page.locator("[data-session=logout]")).toBeVisible();
  await expect(page.locator(".session__user")).toHaveText("Signed in as Ada Lovelace");
  expect(calls).toContain("GET /iam/v1/portal/users/current-user-info");
});

for (const [name, respond] of [
  ["code 1", json({ code: 1, message: "not logged in" })],
  ["code 0 without data", json({ code: 0 })],
  ["HTTP 500", json({ error: "boom" }, 500)],
  ["a broken answer", (response: ServerResponse) => response.end("<html>")],
] as const) {
  test(`${name} leaves the visitor logged out with one console message`, async ({ page }) => {
    answer = respond;
    const messages: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("current user")) messages.push(message.text());
    });
    await page.goto(`${site.origin}/zh/about`);
    await page.waitForSelector("html[data-hydrated=true]");
    await expect.poll(() => messages.length).toBe(1);
    await expect(page.locator("[data-session=login]")).toHaveText("登录");
    await expect(page.locator("[data-session=logout]")).toHaveCount(0);
  });
}

test("an identity service that never answers leaves the visitor logged out", async ({ page }) => {
  answer = () => undefined;
  await page.goto(`${site.origin}/`);
  await page.waitForSelector("html[data-hydrated=true]");
  await expect(page.locator("[data-session=login]")).toBeVisible();
});

test("login follows the selected entity and environment; the entity persists", async ({ page }) => {
  answer = json({ code: 1 });
  await page.goto(`${site.origin}/services`);
  await page.waitForSelector("html[data-hydrated=true]");
  await expect(page.locator("[data-entity=sg]")).toHaveAttribute("aria-pressed", "true");
  await page.locator("[data-entity=hk]").click();
  await expect(page.locator("[data-entity=hk]")).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await page.waitForSelector("html[data-hydrated=true]");
  await expect(page.locator("[data-entity=hk]")).toHaveAttribute("aria-pressed", "true");
  await page.locator("[data-session=login]").click();
  await expect(page).toHaveURL(`${identity.origin}/login/hk`);
});

test("logout goes to the entity's logout address", async ({ page }) => {
  answer = json({ code: 0, data: { email: "ops@fund.example" } });
  await page.goto(`${site.origin}/about`);
  await page.evaluate(() => localStorage.setItem("entity", "hk"));
  await page.reload();
  await page.locator("[data-session=logout]").click();
  await expect(page).toHaveURL(`${identity.origin}/logout/hk`);
});

test("the language is saved under mainLang and lang", async ({ page }) => {
  answer = json({ code: 1 });
  await page.goto(`${site.origin}/zh/faq`);
  await page.waitForSelector("html[data-hydrated=true]");
  expect(await page.evaluate(() => [localStorage.getItem("mainLang"), localStorage.getItem("lang")])).toEqual(
    ["zh", "zh"],
  );
  await page.locator("[data-lang-switch=en]").click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect
    .poll(() => page.evaluate(() => [localStorage.getItem("mainLang"), localStorage.getItem("lang")]))
    .toEqual(["en", "en"]);
});

test("on a phone, the panel's entity switch and Log in follow the same rules, in Chinese", async ({
  page,
}) => {
  answer = json({ code: 1 });
  await page.setViewportSize({ width: 375, height: 740 });
  await withConsentRecorded(page);
  await page.goto(`${site.origin}/zh/services`);
  await page.waitForSelector("html[data-hydrated=true]");
  await page.getByRole("button", { name: "菜单" }).click();
  const panel = page.getByRole("dialog");
  await panel.locator("[data-entity=hk]").click();
  await expect(panel.locator("[data-entity=hk]")).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("entity"))).toBe("hk");
  await panel.locator("[data-session=login]").click();
  await expect(page).toHaveURL(`${identity.origin}/login/hk`);
});

test("on a phone, a signed-in visitor finds Log out in the panel", async ({ page }) => {
  answer = json({ code: 0, data: { name: "Grace Hopper" } });
  await page.setViewportSize({ width: 375, height: 740 });
  await withConsentRecorded(page);
  await page.addInitScript(() => localStorage.setItem("entity", "hk"));
  await page.goto(`${site.origin}/about`);
  await page.waitForSelector("html[data-hydrated=true]");
  await page.getByRole("button", { name: "Menu" }).click();
  const panel = page.getByRole("dialog");
  await expect(panel.locator(".session__user")).toHaveText("Signed in as Grace Hopper");
  await panel.locator("[data-session=logout]").click();
  await expect(page).toHaveURL(`${identity.origin}/logout/hk`);
});
