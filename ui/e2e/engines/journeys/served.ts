import { expect } from "@playwright/test";
import type { EngineSession } from "../session";
import { address, at, attribute, expectPanelHasHeaderEntries, PHONE } from "../steps";
import type { Journey } from "./journey";

/** Whether the page's scripts have run on the current document (they mark it hydrated). */
const hydratedNow = (session: EngineSession) =>
  session.evaluate(() => document.documentElement.dataset.hydrated === "true", null);

/** Without scripts, on a phone: the served menu button opens the navigation panel (the browser's
 * own popover invoker), Escape closes it, and so does the panel's close button. */
export const servedPhoneMenu: Journey = {
  title: "without scripts, on a phone the menu button opens the panel; Escape and its close button close it",
  viewport: PHONE,
  scripts: false,
  async run({ session, lang, origin }) {
    await session.goto(at(lang, "/services"));
    expect(await hydratedNow(session), "no script ran").toBe(false);
    const open = () => document.querySelector(".phone-menu:popover-open") !== null;
    await session.click(".menu-button");
    await session.waitFor("the panel to open", open, null);
    await session.waitFor(
      "focus on the panel's close button",
      () => document.activeElement?.matches(".phone-menu__close"),
      null,
    );
    await expectPanelHasHeaderEntries(session, origin, at(lang, "/services"));
    await session.press("Escape");
    await session.waitFor(
      "the panel to close",
      () => document.querySelector(".phone-menu:popover-open") === null,
      null,
    );
    await session.click(".menu-button");
    await session.waitFor("the panel to open again", open, null);
    await session.click(".phone-menu__close");
    await session.waitFor(
      "the panel to close",
      () => document.querySelector(".phone-menu:popover-open") === null,
      null,
    );
  },
};

/** Without scripts: the header's language switch is a plain link to the same page in the other
 * language, which is served whole (the query stays behind: keeping it is the scripts' work). */
export const servedLanguageSwitch: Journey = {
  title: "without scripts, the language switch leads to the same page in the other language",
  scripts: false,
  async run({ session, lang }) {
    const other = lang === "en" ? "zh" : "en";
    await session.goto(at(lang, "/about"));
    await session.click(`.site-header__tools [data-lang-switch=${other}]`);
    await address(session, at(other, "/about"));
    await attribute(session, "html", "lang", other === "en" ? "en" : "zh-Hans");
    expect(await hydratedNow(session), "no script ran").toBe(false);
  },
};
