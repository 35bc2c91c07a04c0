import { expect } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { FIELD_ORDER, type ContactPageData, type FieldName } from "../../../src/components/contact/types";
import { CONTACT_LOG } from "../../server";
import type { EngineSession } from "../session";
import { asSeen, at, attribute, openHydrated, pageData, recordVisit, text, type Lang } from "../steps";
import type { Journey } from "./journey";

/** The required-field messages of SPEC.md, verbatim (content/en/contact.toml). */
const SPEC_MESSAGES: Partial<Record<FieldName, string>> = {
  company: "Please input company",
  country: "Please select country",
  contactPerson: "Please input the contact person",
  areaCode: "Please select the area code",
  businessType: "Please select business type",
  phone: "Please input correct phone",
  email: "Please input correct email",
};

/** The control of each field. */
const CONTROL: Record<FieldName, string> = {
  company: ".contact-form [name=company]",
  country: ".contact-form input[role=combobox][id$='-country']",
  businessType: ".contact-form select[name=businessType]",
  website: ".contact-form [name=website]",
  contactPerson: ".contact-form [name=contactPerson]",
  email: ".contact-form [name=email]",
  areaCode: ".contact-form input[role=combobox][id$='-areaCode']",
  phone: ".contact-form [name=phone]",
  consent: ".contact-form [name=consent]",
};

/** Each field's state as a screen reader reads it: marked invalid or not, and the message that
 * ends its description (the last element its `aria-describedby` names). */
function fieldStates(controls: [string, string][]): Record<string, string> {
  return Object.fromEntries(
    controls.map(([name, selector]) => {
      const control = document.querySelector(selector);
      const described = (control?.getAttribute("aria-describedby") ?? "").split(" ").at(-1) ?? "";
      const message = described ? (document.getElementById(described)?.textContent ?? "") : "";
      return [name, control?.getAttribute("aria-invalid") === "true" ? `invalid: ${message}` : "valid"];
    }),
  );
}

/** Every application the suite's log holds, read as an operator would. */
function storedApplications(): { id: string; company: string; [field: string]: unknown }[] {
  if (!fs.existsSync(CONTACT_LOG)) return [];
  return fs
    .readFileSync(CONTACT_LOG, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { id: string; company: string });
}

/** Types `search` into a list field and takes the highlighted best match with Enter. */
async function choose(session: EngineSession, selector: string, search: string): Promise<void> {
  await session.fill(selector, search);
  await session.waitFor(
    "a highlighted match",
    (css: string) => Boolean(document.querySelector(css)?.getAttribute("aria-activedescendant")),
    selector,
  );
  await session.press("Enter");
  await attribute(session, selector, "aria-expanded", "false");
}

/** Fills a valid application in Singapore (a fixed-line number libphonenumber accepts for +65). */
async function fillApplication(session: EngineSession, lang: Lang, company: string): Promise<void> {
  await session.fill(CONTROL.company, company);
  await choose(session, CONTROL.country, lang === "en" ? "singapore" : "新加坡");
  await session.select(CONTROL.businessType, "fund");
  await session.fill(CONTROL.website, "https://www.acme-fund.example");
  await session.fill(CONTROL.contactPerson, lang === "en" ? "Mei Tan" : "陈美");
  await session.fill(CONTROL.phone, "6123 4567");
  await session.fill(CONTROL.email, "mei.tan@acme-fund.example");
  await session.click(CONTROL.consent);
}

/** The contact form: an empty submit marks every field with SPEC's message and lists them in the
 * summary; a valid application shows the success text and is stored once. */
export const contactForm: Journey = {
  title: "the contact form shows SPEC's messages on an empty submit and stores one valid application",
  async run({ session, lang, origin }) {
    const path = at(lang, "/contact-us");
    const { form: copy } = await pageData<ContactPageData>(origin, path);
    if (lang === "en")
      for (const [name, message] of Object.entries(SPEC_MESSAGES))
        expect(copy.message[name as FieldName]).toBe(message);
    await recordVisit(session, { consent: "necessary", noticeDismissed: true });
    await openHydrated(session, path);

    await session.click(".contact-form__submit");
    await session.waitFor(
      "the summary to take focus",
      () => document.activeElement?.matches(".contact-summary"),
      null,
    );
    const controls = FIELD_ORDER.map((name) => [name, CONTROL[name]] as [string, string]);
    const states = async () =>
      Object.fromEntries(
        Object.entries(await session.evaluate(fieldStates, controls)).map(([name, state]) => [
          name,
          asSeen(state),
        ]),
      );
    expect(await states()).toEqual(
      Object.fromEntries(FIELD_ORDER.map((name) => [name, asSeen(`invalid: ${copy.message[name]}`)])),
    );
    expect(
      (
        await session.evaluate(
          () => [...document.querySelectorAll(".contact-summary a")].map((link) => link.textContent ?? ""),
          null,
        )
      ).map(asSeen),
    ).toEqual(FIELD_ORDER.map((name) => asSeen(copy.message[name])));

    const company = `Kestrel Engines ${lang} ${randomUUID().slice(0, 8)}`;
    await fillApplication(session, lang, company);
    expect(await states()).toEqual(Object.fromEntries(FIELD_ORDER.map((name) => [name, "valid"])));
    await session.click(".contact-form__submit");
    await text(session, ".contact-success__title", copy.success.title);
    await session.waitFor(
      "the heading to take focus",
      () => document.activeElement?.matches(".contact-success__title"),
      null,
    );
    await text(session, ".contact-success__detail", copy.success.detail);
    const stored = storedApplications().filter((record) => record.company === company);
    expect(stored).toHaveLength(1);
    // What the form sends is what the visitor typed and chose: no line-break mark of the page.
    expect(JSON.stringify(stored[0])).not.toMatch(/[\u200b\u2060\u00a0\u2011]/);
    expect(stored[0]).toMatchObject({
      lang,
      company,
      country: "SG",
      areaCode: "SG",
      businessType: "fund",
      consent: true,
    });
    await text(session, ".contact-success__reference", `${copy.success.reference}${stored[0]?.id}`);
  },
};
