import { expect } from "@playwright/test";
import {
  address,
  at,
  attribute,
  expectPanelHasHeaderEntries,
  hiddenOrGone,
  hydrated,
  markDocument,
  openHydrated,
  pageData,
  PHONE,
  recordVisit,
  sameDocument,
  shown,
  text,
} from "../steps";
import type { Journey } from "./journey";

/** The number of elements of the served body (the prerendered tree), and its heading's text. */
async function served(origin: string, path: string): Promise<{ elements: number; heading: string }> {
  const html = await (await fetch(new URL(path, origin))).text();
  const body = html.split('<div id="app">')[1]?.split("</div>\n<script")[0] ?? "";
  const heading = (/<h1>(.*?)<\/h1>/.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "");
  return { elements: body.match(/<[a-z][a-zA-Z0-9]*[\s/>]/g)?.length ?? 0, heading };
}

/** A first visit to the home page: it hydrates keeping the served tree, in the page's language,
 * and the consent banner follows. */
export const homePage: Journey = {
  title: "the home page loads and hydrates the served tree, and the consent banner follows",
  async run({ session, lang, origin }) {
    const path = at(lang, "/");
    const prerendered = await served(origin, path);
    await openHydrated(session, path);
    const after = await session.evaluate(
      () => ({
        lang: document.documentElement.lang,
        heading: document.querySelector("h1")?.textContent ?? "",
        // Overlays that exist only after hydration (the consent banner, notices) are marked.
        elements: document.querySelectorAll("#app *:not([data-client-only], [data-client-only] *)").length,
      }),
      null,
    );
    expect(after).toEqual({
      lang: lang === "en" ? "en" : "zh-Hans",
      heading: prerendered.heading,
      elements: prerendered.elements,
    });
    await shown(session, "section.consent");
  },
};

/** The phone menu: the menu button opens the navigation panel over the page, focus moves into it,
 * and Escape closes it and gives focus back. */
export const phoneMenu: Journey = {
  title: "on a phone the menu button opens the navigation panel and Escape closes it",
  viewport: PHONE,
  async run({ session, lang, origin }) {
    await recordVisit(session, { consent: "necessary", noticeDismissed: true });
    await openHydrated(session, at(lang, "/services"));
    await hiddenOrGone(session, ".site-nav");
    await session.click(".menu-button");
    await session.waitFor(
      "the panel to open",
      () => document.querySelector(".phone-menu:popover-open"),
      null,
    );
    await session.waitFor(
      "focus on the panel's close button",
      () => document.activeElement?.matches(".phone-menu__close"),
      null,
    );
    await expectPanelHasHeaderEntries(session, origin, at(lang, "/services"));
    await session.press("Escape");
    await session.waitFor(
      "the panel to close",
      () => !document.querySelector(".phone-menu:popover-open"),
      null,
    );
    await session.waitFor(
      "focus back on the menu button",
      () => document.activeElement?.matches(".menu-button"),
      null,
    );
  },
};

/** A header dropdown: a click opens it, Escape closes it. */
export const desktopDropdown: Journey = {
  title: "a header dropdown opens on a click and closes with Escape",
  async run({ session, lang }) {
    await recordVisit(session, { consent: "necessary", noticeDismissed: true });
    await openHydrated(session, at(lang, "/about"));
    const toggle = "[data-nav-group=product]";
    await session.click(toggle);
    await attribute(session, toggle, "aria-expanded", "true");
    await shown(session, "#nav-menu-product");
    await session.press("Escape");
    await hiddenOrGone(session, "#nav-menu-product");
    await attribute(session, toggle, "aria-expanded", "false");
  },
};

/** The language switch leads to the same page in the other language, query kept; the entity
 * switch is remembered across loads. */
export const languageAndEntity: Journey = {
  title: "the language switch keeps the page and its query; the entity switch is remembered",
  async run({ session, lang }) {
    const other = lang === "en" ? "zh" : "en";
    await recordVisit(session, { consent: "necessary", noticeDismissed: true });
    await openHydrated(session, `${at(lang, "/about")}?x=1`);
    await session.click(`.site-header__tools [data-lang-switch=${other}]`);
    await address(session, `${at(other, "/about")}?x=1`);
    await hydrated(session);
    await attribute(session, "html", "lang", other === "en" ? "en" : "zh-Hans");

    await session.click(".site-header__tools [data-entity=hk]");
    await attribute(session, ".site-header__tools [data-entity=hk]", "aria-pressed", "true");
    expect(await session.evaluate(() => localStorage.getItem("entity"), null)).toBe("hk");
    await openHydrated(session, at(lang, "/services"));
    await attribute(session, ".site-header__tools [data-entity=hk]", "aria-pressed", "true");
    await attribute(session, ".site-header__tools [data-entity=sg]", "aria-pressed", "false");
  },
};

/** A link of the header changes the page in the same document (client-side navigation). */
export const clientNavigation: Journey = {
  title: "a header link shows the next page without a full load",
  async run({ session, lang, origin }) {
    await recordVisit(session, { consent: "necessary", noticeDismissed: true });
    await openHydrated(session, at(lang, "/about"));
    await markDocument(session);
    const clients = at(lang, "/clients");
    await session.click(`.site-nav a[href="${clients}"]`);
    await address(session, clients);
    await text(session, "h1", (await pageData<{ heading: string }>(origin, clients)).heading);
    await attribute(session, `.site-nav a[href="${clients}"]`, "aria-current", "page");
    expect(await sameDocument(session), "the page changed without a new document").toBe(true);
  },
};
