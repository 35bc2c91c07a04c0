import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { SiteConfig } from "../src/lib/types";
import { addLink, expectPanelHasHeaderEntries, exposedExpanded, withConsentRecorded } from "./site";

/** The two window sizes every chrome test runs at. */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** The dropdown groups of the header and the number of links in each. */
/** The entries of each header menu; each menu also ends with its featured link. */
const GROUPS = { solutions: 6, product: 2, company: 3, resources: 3 } as const;

/** An unprefixed path in the page language. */
const at = (lang: "en" | "zh", path: string) => (lang === "en" ? path : path === "/" ? "/zh" : `/zh${path}`);

async function open(page: Page, path: string): Promise<void> {
  await withConsentRecorded(page, "necessary|functional");
  await page.goto(path);
  await page.waitForSelector("html[data-hydrated=true]");
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );
}

for (const lang of ["en", "zh"] as const) {
  test.describe(`${lang} desktop`, () => {
    test.use({ viewport: DESKTOP });

    test("every dropdown works by keyboard", async ({ page }) => {
      await open(page, at(lang, "/services"));
      for (const [id, count] of Object.entries(GROUPS)) {
        await test.step(id, async () => {
          const button = page.locator(`[data-nav-group=${id}]`);
          const menu = page.locator(`#nav-menu-${id}`);
          const items = menu.locator("a");
          await expect(button).toHaveAttribute("aria-controls", `nav-menu-${id}`);
          await expect(items).toHaveCount(count + 1);

          await button.focus();
          await page.keyboard.press("Enter");
          await expect(button).toHaveAttribute("aria-expanded", "true");
          await expect(menu).toBeVisible();
          await expect(button).toBeFocused();
          await page.keyboard.press("Enter");
          await expect(button).toHaveAttribute("aria-expanded", "false");
          await expect(menu).toBeHidden();
          await page.keyboard.press("Space");
          await expect(button).toHaveAttribute("aria-expanded", "true");
          await page.keyboard.press("Space");
          await expect(menu).toBeHidden();

          await page.keyboard.press("ArrowDown");
          await expect(menu).toBeVisible();
          await expect(items.first()).toBeFocused();
          await page.keyboard.press("ArrowDown");
          await expect(items.nth(1)).toBeFocused();
          await page.keyboard.press("End");
          await expect(items.last()).toBeFocused();
          await page.keyboard.press("ArrowDown");
          await expect(items.first()).toBeFocused();
          await page.keyboard.press("ArrowUp");
          await expect(items.last()).toBeFocused();
          await page.keyboard.press("Home");
          await expect(items.first()).toBeFocused();

          await page.keyboard.press("Escape");
          await expect(menu).toBeHidden();
          await expect(button).toHaveAttribute("aria-expanded", "false");
          await expect(button).toBeFocused();

          await page.keyboard.press("ArrowUp");
          await expect(items.last()).toBeFocused();
          await page.keyboard.press("Tab");
          await expect(menu).toBeHidden();
          await expect(button).toHaveAttribute("aria-expanded", "false");
        });
      }
    });

    test("every dropdown ends with its featured link; the Company menu's is the newest announcement", async ({
      page,
    }) => {
      await open(page, at(lang, "/services"));
      const announcements = (await (
        await page.request.get(`/_app/data?path=${at(lang, "/announcements")}`)
      ).json()) as { data: { items: { id: string; title: string }[] } };
      const newest = announcements.data.items[0];
      for (const id of Object.keys(GROUPS)) {
        await page.locator(`[data-nav-group=${id}]`).click();
        const feature = page.locator(`#nav-menu-${id} > li:last-child.site-nav__feature a`);
        await expect(feature).toBeVisible();
        await expect(feature.locator("small")).not.toBeEmpty();
        await expect(feature.locator("strong")).not.toBeEmpty();
        const href = (await feature.getAttribute("href")) ?? "";
        expect((await page.request.get(href)).status(), href).toBe(200);
        if (id === "company") {
          expect(href).toBe(at(lang, `/announcements/${newest?.id}`));
          await expect(feature.locator("strong")).toHaveText(newest?.title ?? "");
        }
        await page.keyboard.press("Escape");
      }
    });

    test("every link of a dropdown says in one line what it offers", async ({ page }) => {
      await open(page, at(lang, "/services"));
      for (const [id, count] of Object.entries(GROUPS)) {
        await page.locator(`[data-nav-group=${id}]`).click();
        const links = page.locator(`#nav-menu-${id} .site-nav__item`);
        await expect(links.locator(".nav-summary")).toHaveCount(count);
        for (const link of await links.all()) {
          const summary = link.locator(".nav-summary");
          await expect(summary).not.toBeEmpty();
          await expect(link).toHaveAccessibleDescription((await summary.textContent()) ?? "");
          const box = await summary.boundingBox();
          expect(box?.height ?? 0, "one line, two at most").toBeLessThan(48);
        }
        await page.keyboard.press("Escape");
      }
    });

    test("dropdowns work by mouse, one at a time, and close after a navigation", async ({ page }) => {
      await open(page, at(lang, "/services"));
      const product = page.locator("[data-nav-group=product]");
      const company = page.locator("[data-nav-group=company]");
      await product.click();
      await expect(product).toHaveAttribute("aria-expanded", "true");
      await expect(page.locator("#nav-menu-product")).toBeVisible();
      await company.click();
      await expect(company).toHaveAttribute("aria-expanded", "true");
      await expect(product).toHaveAttribute("aria-expanded", "false");
      await expect(page.locator("#nav-menu-product")).toBeHidden();
      await company.click();
      await expect(company).toHaveAttribute("aria-expanded", "false");

      await product.click();
      await page.locator(".site-footer__legal").click();
      await expect(product).toHaveAttribute("aria-expanded", "false");

      await product.click();
      await page.locator(`#nav-menu-product a[href='${at(lang, "/defi-connector")}']`).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, "/defi-connector")}$`));
      await expect(page.locator("#nav-menu-product")).toBeHidden();
      await expect(product).toHaveAttribute("aria-expanded", "false");
      await expect(product).toHaveAttribute("aria-current", "true");
    });

    test("the current page and its group are marked", async ({ page }) => {
      await open(page, at(lang, "/solutions/mining-pool"));
      await expect(page.locator("[data-nav-group=solutions]")).toHaveAttribute("aria-current", "true");
      for (const id of ["product", "company", "resources"])
        await expect(page.locator(`[data-nav-group=${id}]`)).not.toHaveAttribute("aria-current");
      const current = page.locator(".site-nav [aria-current=page]");
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAttribute("href", at(lang, "/solutions/mining-pool"));
      const underline = await page
        .locator("[data-nav-group=solutions]")
        .evaluate((element) => getComputedStyle(element).boxShadow);
      expect(underline).not.toBe("none");

      await page.locator(`.site-nav a[href='${at(lang, "/services")}']`).click();
      await expect(page.locator(`.site-nav a[href='${at(lang, "/services")}']`)).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.locator(".site-nav__toggle[aria-current]")).toHaveCount(0);

      await open(page, at(lang, "/faq/security"));
      await expect(page.locator("[data-nav-group=resources]")).toHaveAttribute("aria-current", "true");
      await expect(page.locator(`#nav-menu-resources a[href='${at(lang, "/faq")}']`)).toHaveAttribute(
        "aria-current",
        "true",
      );
    });

    test("insights leads to the configured site and says it is external", async ({ page }) => {
      await open(page, at(lang, "/"));
      const config = JSON.parse((await page.locator("#site-config").textContent()) ?? "{}") as SiteConfig;
      await page.locator("[data-nav-group=resources]").click();
      const insights = page.locator("#nav-menu-resources a").first();
      await expect(insights).toHaveAttribute("href", config.runtime.insightsUrl);
      await expect(insights).not.toHaveAttribute("target");
      await expect(insights).toHaveAccessibleName(
        lang === "en" ? /^Insights\s*\(external site\)$/ : /^行业洞察\s*（外部网站）$/,
      );
    });

    test("axe finds nothing with a dropdown open", async ({ page }) => {
      await open(page, at(lang, "/about"));
      await page.locator("[data-nav-group=resources]").click();
      await expect(page.locator("#nav-menu-resources")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the language switch keeps the page, the query and the hash", async ({ page }) => {
      const other = lang === "en" ? "zh" : "en";
      await open(page, `${at(lang, "/about")}?x=1#team`);
      const there = page.locator(`[data-lang-switch=${other}]`);
      await expect(there).toHaveAttribute("href", `${at(other, "/about")}?x=1#team`);

      await page.evaluate(() => {
        location.hash = "values";
      });
      await expect(there).toHaveAttribute("href", `${at(other, "/about")}?x=1#values`);

      await (await addLink(page, "#mission", "same-page")).click();
      await expect(page).toHaveURL(/\?x=1#mission$/);
      await expect(there).toHaveAttribute("href", `${at(other, "/about")}?x=1#mission`);

      await there.click();
      await expect(page).toHaveURL(new RegExp(`${at(other, "/about")}\\?x=1#mission$`));
      const back = page.locator(`[data-lang-switch=${lang}]`);
      await expect(back).toHaveAttribute("href", `${at(lang, "/about")}?x=1#mission`);
      await back.click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, "/about")}\\?x=1#mission$`));
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "en" ? "en" : "zh-Hans");

      await page.locator(`.site-nav a[href='${at(lang, "/clients")}']`).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, "/clients")}$`));
      await expect(page.locator(`[data-lang-switch=${other}]`)).toHaveAttribute(
        "href",
        at(other, "/clients"),
      );
    });

    test("solution pages show the six solutions as tabs", async ({ page }) => {
      await open(page, at(lang, "/solutions/defi-fund"));
      const tabs = page.locator(".solution-tabs a");
      await expect(tabs).toHaveCount(6);
      await expect(page.locator(".solution-tabs [aria-current=page]")).toHaveAttribute(
        "href",
        at(lang, "/solutions/defi-fund"),
      );
      const top = await page.locator(".solution-tabs").boundingBox();
      const heading = await page.locator("h1").boundingBox();
      expect(top && heading && top.y < heading.y).toBe(true);
      await page.locator(`.solution-tabs a[href='${at(lang, "/solutions/mining-pool")}']`).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, "/solutions/mining-pool")}$`));
      await expect(page.locator(".solution-tabs [aria-current=page]")).toHaveAttribute(
        "href",
        at(lang, "/solutions/mining-pool"),
      );
    });

    test("the footer has its links beside the brand and the legal line with this year", async ({ page }) => {
      await open(page, at(lang, "/"));
      const footer = page.locator("footer");
      const hrefs = await footer
        .locator("nav a")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(
        [
          "/announcements",
          "/about",
          "/contact-us",
          "/how-custody-works",
          "/developers",
          "/user-security-guide",
          "/company-security-guide",
          "/privacy",
          "/cookie-policy",
          "/aml",
        ].map((path) => at(lang, path)),
      );
      await expect(footer.locator(".site-footer__legal")).toContainText(String(new Date().getFullYear()));
      const brand = await footer.locator(".site-footer__brand").boundingBox();
      const columns = await footer
        .locator(".site-footer__group")
        .evaluateAll((groups) => groups.map((group) => group.getBoundingClientRect().top));
      expect(brand && columns.every((top) => Math.abs(top - brand.y) < 40)).toBe(true);
      expect(new Set(columns).size).toBe(1);
    });

    test("the supported-assets notice is a banner in the page's flow above the footer, passes axe, and stays dismissed", async ({
      page,
    }) => {
      await open(page, at(lang, "/about"));
      const notice = page.locator("[data-notice=supported-assets]");
      await expect(notice).toBeVisible();
      await expect(notice.locator("a")).toHaveAttribute("href", at(lang, "/support-token"));
      // In the flow, the width of the page, between the content and the footer: it covers nothing.
      expect(await notice.evaluate((element) => getComputedStyle(element).position)).toBe("static");
      const [main, banner, footer] = await Promise.all(
        ["main", "[data-notice]", "footer"].map(async (selector) => page.locator(selector).boundingBox()),
      );
      expect(main && banner && footer).toBeTruthy();
      if (main && banner && footer) {
        expect(banner.width).toBe(DESKTOP.width);
        expect(main.y + main.height).toBeLessThanOrEqual(banner.y + 0.5);
        expect(banner.y + banner.height).toBeLessThanOrEqual(footer.y + 0.5);
        expect(banner.height).toBeLessThan(80);
      }
      await expectNoAxeViolations(page);

      await notice.getByRole("button", { name: lang === "en" ? "Dismiss notice" : "关闭通知" }).click();
      await expect(notice).toHaveCount(0);
      expect(
        await page.evaluate(() => localStorage.getItem("noticeDismissed.supportedAssets")),
      ).not.toBeNull();
      await page.goto(`${at(lang, "/about")}?again=1`);
      await expect(page.locator(`[data-lang-switch]`)).toHaveAttribute("href", /\?again=1$/);
      await expect(notice).toHaveCount(0);
    });

    test("the notice is shown once a visit: the next page goes without it", async ({ page }) => {
      await open(page, at(lang, "/about"));
      await expect(page.locator("[data-notice=supported-assets]")).toBeVisible();
      await page.goto(at(lang, "/services"));
      await page.waitForSelector("html[data-hydrated=true]");
      // The banner's code would have been fetched by the time the network is quiet.
      await page.waitForLoadState("networkidle");
      await expect(page.locator("[data-notice]")).toHaveCount(0);
    });

    test("the notice is not shown on the page it announces", async ({ page }) => {
      await open(page, `${at(lang, "/support-token")}?x=1`);
      // The page adds the entity it shows to the address, so a shared link shows the same list.
      await expect(page.locator("[data-lang-switch]")).toHaveAttribute("href", /\?x=1&entity=sg$/);
      await expect(page.locator("[data-notice]")).toHaveCount(0);
    });
  });

  test.describe(`${lang} phone`, () => {
    test.use({ viewport: PHONE });

    /** Opens the navigation panel with the menu button and returns it. */
    async function openPanel(page: Page): Promise<Locator> {
      await page.locator(".menu-button").click();
      const panel = page.getByRole("dialog");
      await expect(panel).toBeVisible();
      return panel;
    }

    test("the menu button opens a panel over the page that traps focus; Escape closes it", async ({
      page,
    }) => {
      await open(page, at(lang, "/services"));
      await expect(page.locator(".site-nav")).toBeHidden();
      const menuButton = page.locator(".menu-button");
      // The button's expanded state is the browser's own, for its popover target.
      await expect(menuButton).not.toHaveAttribute("aria-expanded");
      expect(await exposedExpanded(page, ".menu-button")).toBe(false);
      const panel = await openPanel(page);
      await expect.poll(() => exposedExpanded(page, ".menu-button")).toBe(true);
      await expect(panel).toHaveAccessibleName(lang === "en" ? "Menu" : "菜单");
      const box = await panel.boundingBox();
      expect(box).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
      // Scrolling over the open panel scrolls the panel, never the page under it.
      await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
      await page.mouse.wheel(0, 4000);
      await expect.poll(() => panel.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await panel.evaluate((element) => element.scrollTo(0, 0));
      // A popover over the whole window, modal to assistive technology; Tab stays inside (below).
      expect(await panel.evaluate((element) => element.matches(":popover-open"))).toBe(true);
      await expect(panel).toHaveAttribute("aria-modal", "true");

      const close = panel.locator(".phone-menu__close");
      await expect(close).toBeFocused();
      const stops = await panel.evaluate(
        (element) => element.querySelectorAll("a[href], button:not([disabled])").length,
      );
      expect(stops).toBeGreaterThan(15);
      for (let i = 0; i < stops; i++) {
        await page.keyboard.press("Tab");
        expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await expect(close).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(panel.locator("[data-lang-switch]")).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);

      await page.keyboard.press("Escape");
      await expect(panel).toHaveCount(0);
      await expect(menuButton).toBeFocused();
      await expect.poll(() => exposedExpanded(page, ".menu-button")).toBe(false);
      expect(await page.locator(".phone-menu").evaluate((element) => element.matches(":popover-open"))).toBe(
        false,
      );

      const again = await openPanel(page);
      await again.locator(".phone-menu__close").click();
      await expect(again).toHaveCount(0);
      await expect(menuButton).toBeFocused();
    });

    test("the panel has every entry, marks the current page, and closes on navigation", async ({ page }) => {
      await open(page, at(lang, "/solutions/trad-fi"));
      const panel = await openPanel(page);
      await expectPanelHasHeaderEntries(page, at(lang, "/solutions/trad-fi"));
      await expect(panel.locator("h3")).toHaveCount(await page.locator(".site-nav__group").count());
      await expect(panel.locator("[aria-current=page]")).toHaveAttribute(
        "href",
        at(lang, "/solutions/trad-fi"),
      );
      await expect(panel.locator("[data-entity=hk]")).toBeVisible();
      await expect(panel.locator("[data-session=login]")).toBeVisible();

      await panel.locator(`a[href='${at(lang, "/clients")}']`).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, "/clients")}$`));
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.locator(".menu-button")).not.toBeFocused();
      const clients = (await (await page.request.get(`/_app/data?path=${at(lang, "/clients")}`)).json()) as {
        data: { heading: string };
      };
      await expect(page.locator("h1")).toHaveText(clients.data.heading);
      expect(await page.locator(".phone-menu").evaluate((element) => element.matches(":popover-open"))).toBe(
        false,
      );
      const reopened = await openPanel(page);
      await expect(reopened.locator("[aria-current=page]")).toHaveAttribute("href", at(lang, "/clients"));
    });

    test("the panel's session controls and language switch work", async ({ page }) => {
      const other = lang === "en" ? "zh" : "en";
      await open(page, `${at(lang, "/about")}?x=1#team`);
      await expect(page.locator("[data-entity]")).toHaveCount(0);
      let panel = await openPanel(page);
      await panel.locator("[data-entity=hk]").click();
      await expect(panel.locator("[data-entity=hk]")).toHaveAttribute("aria-pressed", "true");
      const switchLink = panel.locator(`[data-lang-switch=${other}]`);
      await expect(switchLink).toHaveAttribute("href", `${at(other, "/about")}?x=1#team`);
      await switchLink.click();
      await expect(page).toHaveURL(new RegExp(`${at(other, "/about")}\\?x=1#team$`));
      await expect(page.getByRole("dialog")).toHaveCount(0);
      panel = await openPanel(page);
      await expect(panel.locator("[data-entity=hk]")).toHaveAttribute("aria-pressed", "true");
      await expect(panel.locator(`[data-lang-switch=${lang}]`)).toHaveAttribute(
        "href",
        `${at(lang, "/about")}?x=1#team`,
      );
    });

    test("axe finds nothing with the panel open", async ({ page }) => {
      await open(page, at(lang, "/faq"));
      await openPanel(page);
      await expectNoAxeViolations(page);
    });

    test("the notice spans the page above the footer, its link under its text, and stays dismissed", async ({
      page,
    }) => {
      await open(page, at(lang, "/services"));
      const notice = page.locator("[data-notice=supported-assets]");
      await expect(notice).toBeVisible();
      const box = await notice.boundingBox();
      expect(box && box.x === 0 && box.width).toBe(PHONE.width);
      expect(await notice.evaluate((element) => getComputedStyle(element).position)).toBe("static");
      const text = await notice.locator(".notice__text").boundingBox();
      const link = await notice.locator("a").boundingBox();
      expect(text && link && link.y >= text.y + text.height - 0.5).toBe(true);
      await expectNoAxeViolations(page);
      await notice.getByRole("button").click();
      await expect(notice).toHaveCount(0);
      await page.reload();
      await page.waitForSelector("html[data-hydrated=true]");
      await page.locator(".menu-button").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(notice).toHaveCount(0);
    });

    test("solution tabs scroll sideways with the current tab in view", async ({ page }) => {
      await open(page, at(lang, "/solutions/retail-platforms"));
      const list = page.locator(".solution-tabs__list");
      const overflow = await list.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(overflow).toBe(true);
      await expect(page.locator(".solution-tabs [aria-current=page]")).toBeInViewport({ ratio: 0.95 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    });
  });
}

for (const [name, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`the header is laid out before hydration exactly as after (${name})`, async ({ browser }) => {
    const positions = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto("/solutions/crypto-project");
      if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated=true]");
      const boxes = await page
        .locator("header, .solution-tabs, h1, .menu-button")
        .evaluateAll((elements) =>
          elements.map((element) => JSON.stringify(element.getBoundingClientRect().toJSON())),
        );
      await context.close();
      return boxes;
    };
    expect(await positions(true)).toEqual(await positions(false));
  });
}

test("before the page's code runs, the menu button opens the panel and Escape or its close button closes it", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/zh/services");
  const panel = page.getByRole("dialog", { name: "菜单" });
  await expect(panel).toHaveCount(0);
  await page.locator(".menu-button").click();
  await expect(panel).toBeVisible();
  expect(await panel.evaluate((element) => element.matches(":popover-open"))).toBe(true);
  await expect(panel.locator(".phone-menu__close")).toBeFocused();
  await expectPanelHasHeaderEntries(page, "/zh/services");
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await page.locator(".menu-button").click();
  await panel.locator(".phone-menu__close").click();
  await expect(panel).toHaveCount(0);
  await context.close();
});

test("a browser without the popover API (Safari 16, Firefox 124, Chrome 113) keeps every page working", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  // What such a browser lacks, taken away before the page's code runs: the API and the property
  // the header looks for (Chromium's own popovertarget handling stays; the header never uses it).
  await page.addInitScript(() => {
    for (const name of ["popover", "showPopover", "hidePopover", "togglePopover"])
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const servedHeading = async (path: string) =>
    (/<h1>(.*?)<\/h1>/.exec(await (await page.request.get(path)).text())?.[1] ?? "").replace(/<[^>]+>/g, "");
  for (const lang of ["en", "zh"] as const) {
    await page.goto(at(lang, "/services"));
    await page.waitForSelector("html[data-hydrated=true]");
    // Settled: the header's first effects have run (they close the panel), its idle work is done.
    await expect(page.locator("html")).toHaveAttribute("data-navigation", "ready");
    await expect(page.locator("h1")).toHaveText(await servedHeading(at(lang, "/services")));
    await expect(page.locator(".site-header")).toHaveAttribute("data-prepared", "");
    // A client-side navigation, after which the header closes its menus and panel.
    await page.locator(`.site-footer a[href='${at(lang, "/privacy")}']`).click();
    await expect(page).toHaveURL(new RegExp(`${at(lang, "/privacy")}$`));
    await expect(page.locator("h1")).toHaveText(await servedHeading(at(lang, "/privacy")));
  }
  expect(errors).toEqual([]);
  await context.close();
});
