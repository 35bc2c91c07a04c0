import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { HtmlValidate } from "html-validate";
import type { ContactCopy, ContactPageData, FieldName } from "../src/components/contact/types";
import { htmlValidateConfig } from "./audit/html-validate.config";
import { CONTACT_LOG } from "./server";
import { seen, seenIn, withoutOverlays } from "./site";

// The contact form as a visitor without scripts meets it (and one who submits before the page
// has hydrated): posted to its page, answered by the server with the form again or a
// confirmation, the application stored once, and no request carrying an answer in its address.

type Lang = "en" | "zh";

const localized = (path: string, lang: Lang) => (lang === "en" ? path : `/zh${path}`);

/** The fixed wording of the required-field messages, verbatim (content/en/contact.toml). */
const SPEC_MESSAGES: Partial<Record<FieldName, string>> = {
  company: "Please input company",
  country: "Please select country",
  businessType: "Please select business type",
  contactPerson: "Please input the contact person",
  areaCode: "Please select the area code",
  phone: "Please input correct phone",
  email: "Please input correct email",
};

/** Every field, in page order. */
const FIELDS: FieldName[] = [
  "company",
  "country",
  "businessType",
  "website",
  "contactPerson",
  "email",
  "areaCode",
  "phone",
  "consent",
];

/** The summary's heading in each language (src/locales/{lang}/messages.po). */
const SUMMARY_TITLE: Record<Lang, string> = {
  en: "Please check and correct the following",
  zh: "请检查并更正以下信息",
};

async function formCopy(request: APIRequestContext, lang: Lang): Promise<ContactCopy> {
  const response = await request.get(`/_app/data?path=${localized("/contact-us", lang)}`);
  return ((await response.json()) as { data: ContactPageData }).data.form;
}

/** A valid application in Singapore, its company unique to the test. */
function answers(lang: Lang) {
  return {
    company: `Kestrel No Script ${lang} ${randomUUID().slice(0, 8)}`,
    website: "https://www.acme-fund.example",
    contactPerson: lang === "en" ? "Mei Tan" : "陈美",
    phone: "6123 4567",
    email: "mei.tan@acme-fund.example",
  };
}

/** One stored application as the log holds it. */
interface Stored {
  id: string;
  lang: string;
  sourcePage: string;
  company: string;
  country: string;
  areaCode: string;
  businessType: string;
}

function storedFor(company: string): Stored[] {
  if (!fs.existsSync(CONTACT_LOG)) return [];
  return fs
    .readFileSync(CONTACT_LOG, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Stored)
    .filter((record) => record.company === company);
}

/** Fills the served form as a visitor does: the lists are the page's native selects. */
async function fill(page: Page, copy: ContactCopy, values: ReturnType<typeof answers>) {
  await page.getByLabel(copy.label.company).fill(values.company);
  await page.getByLabel(copy.label.country).selectOption("SG");
  await page.getByLabel(copy.label.businessType).selectOption("fund");
  await page.getByLabel(copy.label.website).fill(values.website);
  await page.getByLabel(copy.label.contactPerson).fill(values.contactPerson);
  await page.getByLabel(copy.label.email).fill(values.email);
  await page.getByLabel(copy.label.areaCode).selectOption("SG");
  await page.getByLabel(copy.label.phone).fill(values.phone);
  await page.getByRole("checkbox", { name: seenIn(copy.consent.link) }).check();
}

/** Every request the page makes, recorded to check that no answer of the form is in an address. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

function expectNoAnswerIn(urls: string[], values: Record<string, string>) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replace(/\+/g, " "));
    for (const name of [...FIELDS, "fax"]) expect(decoded, url).not.toContain(`${name}=`);
    for (const value of Object.values(values)) expect(decoded, url).not.toContain(value);
  }
}

const submit = (page: Page, copy: ContactCopy) =>
  page.getByRole("button", { name: seenIn(copy.submit) }).click();

/** Submits the form and returns the document the browser is answered with at last (after a
 * redirect, the page it leads to), as served. */
async function submitForDocument(page: Page, copy: ContactCopy): Promise<string> {
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().isNavigationRequest() && response.status() !== 303),
    submit(page, copy),
  ]);
  return answer.text();
}

/** What html-validate finds wrong with a served document. */
async function validationProblems(html: string): Promise<string[]> {
  const report = await new HtmlValidate(htmlValidateConfig).validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId}: ${message.message}`),
  );
}

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ["en", "zh"] as const) {
    test(`the ${lang} form answers an empty submit with every message and keeps what was typed`, async ({
      page,
    }) => {
      const copy = await formCopy(page.request, lang);
      if (lang === "en")
        for (const [name, text] of Object.entries(SPEC_MESSAGES))
          expect(copy.message[name as FieldName]).toBe(text);
      const urls = recordRequests(page);
      await withoutOverlays(page);
      await page.goto(localized("/contact-us", lang));
      await submit(page, copy);
      await expect(page).toHaveURL(new RegExp(`${localized("/contact-us", lang)}#application$`));
      const summary = page.getByRole("group", { name: seenIn(SUMMARY_TITLE[lang]) });
      await expect(summary.getByRole("link")).toHaveText(FIELDS.map((name) => seen(copy.message[name])));
      for (const name of FIELDS) {
        const control =
          name === "consent"
            ? page.getByRole("checkbox", { name: seenIn(copy.consent.link) })
            : page.getByLabel(copy.label[name]);
        await expect(control, name).toHaveAttribute("aria-invalid", "true");
        await expect(control, name).toHaveAccessibleDescription(
          seen(name === "consent" ? copy.message.consent : `${copy.hint[name]} ${copy.message[name]}`),
        );
      }

      const typed = { company: `Acme <b>"Bold"</b> & Co ${lang}`, email: "mei@acme" };
      await page.getByLabel(copy.label.company).fill(typed.company);
      await page.getByLabel(copy.label.email).fill(typed.email);
      await page.getByLabel(copy.label.country).selectOption("HK");
      const answer = await submitForDocument(page, copy);
      await expect(page.getByLabel(copy.label.company)).toHaveValue(typed.company);
      await expect(page.getByLabel(copy.label.company)).toHaveAttribute("aria-invalid", "false");
      await expect(page.getByLabel(copy.label.email)).toHaveValue(typed.email);
      await expect(page.getByLabel(copy.label.country)).toHaveValue("HK");
      await expect(summary.getByRole("link")).toHaveText(
        FIELDS.filter((name) => name !== "company" && name !== "country").map((name) =>
          seen(copy.message[name]),
        ),
      );
      expect(await validationProblems(answer)).toEqual([]);
      expectNoAnswerIn(urls, typed);
    });

    test(`the ${lang} form stores a valid application once and confirms it; back and again stores nothing`, async ({
      page,
    }) => {
      const copy = await formCopy(page.request, lang);
      const urls = recordRequests(page);
      await withoutOverlays(page);
      await page.goto(localized("/contact-us", lang));
      const values = answers(lang);
      await fill(page, copy, values);
      const confirmed = await submitForDocument(page, copy);
      await expect(page.getByRole("heading", { name: seenIn(copy.success.title) })).toBeVisible();
      await expect(page.getByText(seen(copy.success.detail))).toBeVisible();
      const stored = storedFor(values.company);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        lang,
        sourcePage: localized("/contact-us", lang),
        country: "SG",
        areaCode: "SG",
        businessType: "fund",
      });
      // The id and its tag (HMAC under the confirmations' key, 16 characters of URL-safe base64).
      const confirmation = `${localized("/contact-us", lang)}/received/${stored[0]!.id}\\.[\\w-]{16}`;
      await expect(page).toHaveURL(new RegExp(`${confirmation}#application$`));
      await expect(page.locator(".contact-success__reference")).toHaveText(
        seen(`${copy.success.reference}${stored[0]!.id}`),
      );
      expect(await validationProblems(confirmed)).toEqual([]);

      await page.reload();
      await expect(page.getByRole("heading", { name: seenIn(copy.success.title) })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${localized("/contact-us", lang)}$`));
      await fill(page, copy, values);
      await submit(page, copy);
      await expect(page).toHaveURL(new RegExp(`${confirmation}#application$`));
      expect(storedFor(values.company)).toHaveLength(1);
      expectNoAnswerIn(urls, values);
    });
  }
});

test.describe("before the page has hydrated", () => {
  /** Refuses every script of the site until `unblock`: a page loaded meanwhile stays as served. */
  async function blockScripts(page: Page): Promise<{ unblock: () => void }> {
    let blocked = true;
    await page.route(/\/_app\/assets\/.*\.js$/, (route) => (blocked ? route.abort() : route.continue()));
    return { unblock: () => (blocked = false) };
  }

  test("a submit is posted as a form and stored once", async ({ page }) => {
    const copy = await formCopy(page.request, "en");
    await withoutOverlays(page);
    await blockScripts(page);
    await page.goto("/contact-us");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    const values = answers("en");
    await fill(page, copy, values);
    await submit(page, copy);
    await expect(page.getByRole("heading", { name: seenIn(copy.success.title) })).toBeVisible();
    expect(storedFor(values.company)).toHaveLength(1);
  });

  test("the answer to an invalid submit hydrates as it was served, and the form then sends with its script", async ({
    page,
  }) => {
    const copy = await formCopy(page.request, "zh");
    await withoutOverlays(page);
    const scripts = await blockScripts(page);
    await page.goto("/zh/contact-us");
    const values = answers("zh");
    await fill(page, copy, values);
    await page.getByLabel(copy.label.phone).fill("12");
    scripts.unblock();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await submit(page, copy);
    await page.waitForSelector("html[data-hydrated=true]");
    const summary = page.getByRole("group", { name: seenIn(SUMMARY_TITLE.zh) });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([seen(copy.message.phone)]);
    const phone = page.getByLabel(copy.label.phone);
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("combobox", { name: seenIn(copy.label.country) })).toHaveValue("新加坡");
    await expect(page.getByRole("combobox", { name: seenIn(copy.label.areaCode) })).toHaveValue("+65 新加坡");
    await expect(page.getByLabel(copy.label.company)).toHaveValue(values.company);
    await expect(page.getByRole("checkbox", { name: seenIn(copy.consent.link) })).toBeChecked();

    await phone.fill(values.phone);
    await expect(phone).toHaveAttribute("aria-invalid", "false");
    await submit(page, copy);
    await expect(page.getByRole("heading", { name: seenIn(copy.success.title) })).toBeFocused();
    expect(posts).toEqual(["/zh/contact-us", "/api/contact"]);
    expect(storedFor(values.company)).toHaveLength(1);
  });
});
