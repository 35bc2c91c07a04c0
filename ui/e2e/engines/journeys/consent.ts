import { expect } from "@playwright/test";
import { at, cookie, hiddenOrGone, openHydrated, shown } from "../steps";
import type { Journey } from "./journey";

/** The banner's three buttons, in order: Accept all, Necessary only, Settings (Save my choices
 * once the settings show). */
const ACCEPT_ALL = "section.consent .consent__actions button:nth-child(1)";
const SETTINGS_OR_SAVE = "section.consent .consent__actions button:nth-child(3)";

/** A first visit's consent banner: its settings record a choice of levels (strictly necessary
 * always on), the footer reopens them, and Accept all records every level. */
export const consentBanner: Journey = {
  title:
    "the consent banner's settings record a choice, the footer reopens them and Accept all takes every level",
  async run({ session, lang }) {
    await openHydrated(session, at(lang, "/about"));
    await shown(session, "section.consent");
    await session.click(SETTINGS_OR_SAVE);
    await shown(session, "section.consent input[name=functional]");
    const levels = () =>
      session.evaluate(
        () =>
          [...document.querySelectorAll<HTMLInputElement>("section.consent input[type=checkbox]")].map(
            (box) => `${box.name}: ${box.checked ? "on" : "off"}${box.disabled ? ", fixed" : ""}`,
          ),
        null,
      );
    expect(await levels()).toEqual(["necessary: on, fixed", "performance: off", "functional: off"]);
    await session.click("section.consent input[name=functional]");
    await session.click(SETTINGS_OR_SAVE);
    await hiddenOrGone(session, "section.consent");
    expect(await cookie(session, "cookieConsent")).toBe("necessary|functional");

    await session.click("footer [data-consent-settings]");
    await shown(session, "section.consent input[name=functional]");
    expect(await levels()).toEqual(["necessary: on, fixed", "performance: off", "functional: on"]);
    await session.click(ACCEPT_ALL);
    await hiddenOrGone(session, "section.consent");
    expect(await cookie(session, "cookieConsent")).toBe("necessary|performance|functional");
  },
};
