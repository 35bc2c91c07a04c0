import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, type Route, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ContactCopy, ContactPageData, FieldName } from "../src/components/contact/types";
import { CONTACT_LOG, startSite } from "./server";
import { seen, seenIn, seenPattern, withoutOverlays } from "./site";

type Lang = "en" | "zh";

/** The fixed wording of the required-field messages, verbatim (content/en/contact.toml). */
const SPEC_MESSAGES: Partial<Record<FieldName, string>> = {
  company: "Please input company",
  country: "Please select country",
  contactPerson: "Please input the contact person",
  areaCode: "Please select the area code",
  businessType: "Please select business type",
  phone: "Please input correct phone",
  email: "Please input correct email",
};

/** Every field of the form, each required, in page order. */
const REQUIRED: FieldName[] = [
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

/** One stored application as the log holds it. */
interface StoredApplication {
  id: string;
  lang: string;
  sourcePage: string | null;
  request: string | null;
  idempotencyKey: string | null;
  company: string;
  country: string;
  businessType: string;
  website: string;
  contactPerson: string;
  areaCode: string;
  phone: string;
  email: string;
  consent: boolean;
}

/** A valid application in Singapore: a fixed-line number libphonenumber accepts for +65. */
function answers(lang: Lang) {
  return {
    company: `Kestrel Test ${lang} ${randomUUID().slice(0, 8)}`,
    country: { search: lang === "en" ? "singapore" : "新加坡", value: "SG" },
    businessType: "fund",
    website: "https://www.acme-fund.example",
    contactPerson: lang === "en" ? "Mei Tan" : "陈美",
    phone: "6123 4567",
    email: "mei.tan@acme-fund.example",
  };
}

const localized = (path: string, lang: Lang) => (lang === "en" ? path : `/zh${path}`);

async function formData(request: APIRequestContext, lang: Lang): Promise<ContactPageData> {
  const response = await request.get(`/_app/data?path=${localized("/contact-us", lang)}`);
  return ((await response.json()) as { data: ContactPageData }).data;
}

/** Opens the form and waits for its behaviour: the searchable lists then replace the native ones
 * the page is served with. */
async function open(page: Page, path: string): Promise<void> {
  await withoutOverlays(page);
  await page.goto(path);
  await page.waitForSelector("html[data-hydrated=true]");
  await expect(page.locator('input[role="combobox"]')).toHaveCount(2);
}

/** The control of a field, found by its label as a person would. */
function control(page: Page, copy: ContactCopy, name: FieldName): Locator {
  if (name === "consent") return page.getByRole("checkbox", { name: seenIn(copy.consent.link) });
  if (name === "country" || name === "areaCode")
    return page.getByRole("combobox", { name: seenIn(copy.label[name]) });
  return page.getByLabel(copy.label[name]);
}

const submitButton = (page: Page, copy: ContactCopy) =>
  page.getByRole("button", {
    name: new RegExp(`^(${seenPattern(copy.submit)}|${seenPattern(copy.sending)})$`),
  });

/** The listbox a combobox controls. */
function listboxOf(page: Page, combobox: Locator): Promise<Locator> {
  return combobox.getAttribute("aria-controls").then((id) => page.locator(`[id="${id}"]`));
}

/** The hint shown under the label of `name` (the consent box has none). */
function hintOf(copy: ContactCopy, name: FieldName): string | null {
  return name === "consent" ? null : copy.hint[name];
}

/** Expects `name` to be marked invalid and described by its hint, then exactly `message`. */
async function expectMessage(page: Page, copy: ContactCopy, name: FieldName, message: string) {
  const field = control(page, copy, name);
  await expect(field, name).toHaveAttribute("aria-invalid", "true");
  const hint = hintOf(copy, name);
  await expect(field, name).toHaveAccessibleDescription(hint ? `${hint} ${message}` : message);
  const describedBy = ((await field.getAttribute("aria-describedby")) ?? "").split(" ");
  await expect(page.locator(`[id="${describedBy.at(-1)}"]`), name).toHaveText(seen(message));
}

/** The summary of what a submit found wrong, at the top of the form. */
const summaryOf = (page: Page) => page.getByRole("group", { name: seenIn(SUMMARY_TITLE[langOf(page)]) });

/** The summary's heading in each language (src/locales/{lang}/messages.po). */
const SUMMARY_TITLE: Record<Lang, string> = {
  en: "Please check and correct the following",
  zh: "请检查并更正以下信息",
};

const langOf = (page: Page): Lang => (new URL(page.url()).pathname.startsWith("/zh") ? "zh" : "en");

/** Expects the summary to be focused and to list exactly `names`, in page order, each entry a link
 * reading its field's message. */
async function expectSummary(page: Page, copy: ContactCopy, names: FieldName[]) {
  const summary = summaryOf(page);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText(names.map((name) => seen(copy.message[name])));
}

/** Expects `name` to be valid and described by its hint alone. */
async function expectValid(copy: ContactCopy, page: Page, name: FieldName) {
  const field = control(page, copy, name);
  await expect(field, name).toHaveAttribute("aria-invalid", "false");
  const hint = hintOf(copy, name);
  if (hint) await expect(field, name).toHaveAccessibleDescription(hint);
  else await expect(field, name).not.toHaveAttribute("aria-describedby");
}

/** Types `search` into a list field and chooses the highlighted best match with Enter. */
async function choose(page: Page, copy: ContactCopy, name: "country" | "areaCode", search: string) {
  const field = control(page, copy, name);
  await field.fill(search);
  await expect(field).toHaveAttribute("aria-activedescendant", /.+/);
  await field.press("Enter");
  await expect(field).toHaveAttribute("aria-expanded", "false");
}

/** Fills every field with `values`; the area code follows the country. */
async function fillApplication(page: Page, copy: ContactCopy, values: ReturnType<typeof answers>) {
  await control(page, copy, "company").fill(values.company);
  await choose(page, copy, "country", values.country.search);
  await control(page, copy, "businessType").selectOption(values.businessType);
  await control(page, copy, "website").fill(values.website);
  await control(page, copy, "contactPerson").fill(values.contactPerson);
  await control(page, copy, "phone").fill(values.phone);
  await control(page, copy, "email").fill(values.email);
  await control(page, copy, "consent").check();
}

/** Every application in the suite's log. */
function storedApplications(): StoredApplication[] {
  if (!fs.existsSync(CONTACT_LOG)) return [];
  return fs
    .readFileSync(CONTACT_LOG, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as StoredApplication);
}

const storedFor = (company: string) => storedApplications().filter((record) => record.company === company);

/** Total layout shift the page has recorded so far. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

async function expectNoAxeViolations(page: Page, what: string) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

test("the served form posts to its page, with native lists of every region until the searchable lists take over", async ({
  page,
}) => {
  for (const lang of ["en", "zh"] as const) {
    const html = await (await page.request.get(localized("/contact-us", lang))).text();
    const form = /<form[^]*<\/form>/.exec(html)?.[0] ?? "";
    const copy = (await formData(page.request, lang)).form;
    expect(form).toMatch(/^<form method="post" action="#application"/);
    expect(form).toContain(copy.label.country);
    expect(form).not.toContain('role="combobox"');
    for (const name of ["country", "areaCode"])
      expect(form).toMatch(new RegExp(`<select[^>]*name="${name}"`));
    expect(form).toContain(lang === "en" ? ">Zimbabwe</option>" : ">津巴布韦</option>");
    expect(form).toContain(lang === "en" ? ">+263 Zimbabwe</option>" : ">+263 津巴布韦</option>");

    await open(page, localized("/contact-us", lang));
    await expect(control(page, copy, "country")).toBeVisible();
    await expect(page.locator('input[role="combobox"]')).toHaveCount(2);
    await expect(page.locator('select[name="country"], select[name="areaCode"]')).toHaveCount(0);
    for (const name of ["country", "areaCode"] as const)
      await expect(control(page, copy, name)).toHaveValue("");
  }
});

/** The browser's name of a region in the page's language (the oracle of the lists). */
function regionName(page: Page, lang: Lang, code: string): Promise<string> {
  return page.evaluate(
    ([locale, region]) => new Intl.DisplayNames([locale], { type: "region" }).of(region) ?? region,
    [lang === "zh" ? "zh-Hans" : "en", code] as const,
  );
}

for (const lang of ["en", "zh"] as const) {
  test.describe(`the ${lang} form`, () => {
    test("submitting it empty shows every message on its field and in the focused summary, whose links reach each field", async ({
      page,
    }) => {
      await open(page, localized("/contact-us", lang));
      const { form: copy, limits } = await formData(page.request, lang);
      if (lang === "en")
        for (const [name, text] of Object.entries(SPEC_MESSAGES))
          expect(copy.message[name as FieldName]).toBe(text);

      for (const name of REQUIRED) await expectValid(copy, page, name);
      await expect(summaryOf(page)).toHaveCount(0);
      await submitButton(page, copy).click();
      for (const name of REQUIRED) await expectMessage(page, copy, name, copy.message[name]);
      if (lang === "en") expect(copy.message.website).toBe("Please input company website");
      await expectSummary(page, copy, REQUIRED);
      await summaryOf(page)
        .getByRole("link", { name: seen(copy.message.country), exact: true })
        .click();
      await expect(control(page, copy, "country")).toBeFocused();
      await summaryOf(page)
        .getByRole("link", { name: seen(copy.message.company), exact: true })
        .click();
      await expect(control(page, copy, "company")).toBeFocused();
      await expect(control(page, copy, "company")).toHaveAttribute("maxlength", String(limits.company));
      await expect(control(page, copy, "contactPerson")).toHaveAttribute(
        "maxlength",
        String(limits.contactPerson),
      );

      await control(page, copy, "company").fill("Acme Holdings");
      await expectValid(copy, page, "company");
      await expect(summaryOf(page).getByRole("link")).toHaveCount(REQUIRED.length - 1);
      await submitButton(page, copy).click();
      await expectSummary(page, copy, REQUIRED.slice(1));
      await control(page, copy, "consent").check();
      await expectValid(copy, page, "consent");
    });

    test("the note at the top of the form links to the privacy policy", async ({ page }) => {
      await open(page, localized("/contact-us", lang));
      const { form: copy } = await formData(page.request, lang);
      const note = page.locator(".contact-form__note");
      const space = lang === "en" ? " " : "";
      await expect(note).toHaveText(
        seen(`${copy.privacyNote.before}${space}${copy.privacyNote.link}${copy.privacyNote.after}`),
      );
      await expect(
        note.getByRole("link", { name: seen(copy.privacyNote.link), exact: true }),
      ).toHaveAttribute("href", localized("/privacy", lang));
    });

    test("each message appears when its field is left, and goes once the answer is right", async ({
      page,
    }) => {
      await open(page, localized("/contact-us", lang));
      const { form: copy } = await formData(page.request, lang);

      for (const name of [
        "company",
        "country",
        "businessType",
        "website",
        "contactPerson",
        "areaCode",
        "consent",
      ] as const) {
        await control(page, copy, name).focus();
        await control(page, copy, name).blur();
        await expectMessage(page, copy, name, copy.message[name]);
      }
      const wrong: [FieldName, string, string, string][] = [
        ["website", "acme", "acme.io", copy.message.websiteFormat],
        ["phone", "12", "6123 4567", copy.message.phone],
        ["email", "mei@acme", "mei@acme.io", copy.message.email],
        ["email", "mei..tan@acme.io", "mei.tan@acme.io", copy.message.email],
      ];
      for (const [name, bad, good, message] of wrong) {
        await control(page, copy, name).fill(bad);
        await control(page, copy, name).blur();
        await expectMessage(page, copy, name, message);
        await control(page, copy, name).fill(good);
        await expectValid(copy, page, name);
      }
      await control(page, copy, "phone").fill("6123\u00074567");
      await expectMessage(page, copy, "phone", copy.message.controlCharacters);
      await control(page, copy, "company").fill("Acme");
      await expectValid(copy, page, "company");
      await control(page, copy, "businessType").selectOption("otc");
      await expectValid(copy, page, "businessType");
    });

    test("a stored application replaces the form with the confirmation and its reference", async ({
      page,
    }) => {
      const path = lang === "en" ? "/contact-us?request=unknown" : "/zh/contact-us?request=oasis-demo";
      await open(page, path);
      const { form: copy } = await formData(page.request, lang);
      const notice = page.getByText(copy.request["oasis-demo"]?.notice ?? "(no notice)");
      if (lang === "zh") {
        await expect(notice).toBeVisible();
        const [consentBox, noticeBox, submitBox] = await Promise.all(
          [page.locator(".contact-consent"), notice, submitButton(page, copy)].map((locator) =>
            locator.boundingBox(),
          ),
        );
        expect(noticeBox!.y).toBeGreaterThan(consentBox!.y + consentBox!.height - 1);
        expect(noticeBox!.y + noticeBox!.height).toBeLessThan(submitBox!.y + 1);
      } else {
        await expect(notice).toHaveCount(0);
      }

      const values = answers(lang);
      await fillApplication(page, copy, values);
      await expect(control(page, copy, "areaCode")).toHaveValue(
        lang === "en" ? "+65 Singapore" : "+65 新加坡",
      );
      await submitButton(page, copy).click();

      const heading = page.getByRole("heading", { name: seenIn(copy.success.title) });
      await expect(heading).toBeFocused();
      await expect(page.locator("form.contact-form")).toHaveCount(0);
      await expect(page.getByText(seen(copy.success.detail))).toBeVisible();
      await expect(page.getByText(seen(copy.success.next))).toBeVisible();
      const stored = storedFor(values.company);
      expect(stored).toHaveLength(1);
      const record = stored[0]!;
      await expect(page.locator(".contact-success__reference")).toHaveText(
        seen(`${copy.success.reference}${record.id}`),
      );
      expect(record).toMatchObject({
        lang,
        request: lang === "zh" ? "oasis-demo" : null,
        sourcePage: localized("/contact-us", lang),
        company: values.company,
        country: "SG",
        businessType: values.businessType,
        website: values.website,
        contactPerson: values.contactPerson,
        areaCode: "SG",
        phone: values.phone,
        email: values.email,
        consent: true,
      });
    });
  });
}

test("country and area-code lists are searched and operated by keyboard", async ({ page }) => {
  await open(page, "/contact-us");
  const { form: copy } = await formData(page.request, "en");
  const country = control(page, copy, "country");
  const areaCode = control(page, copy, "areaCode");
  const countries = await listboxOf(page, country);
  const options = countries.getByRole("option");
  const active = async () => page.locator(`[id="${await country.getAttribute("aria-activedescendant")}"]`);

  await expect(country).toHaveAttribute("aria-expanded", "false");
  await country.fill("sing");
  await expect(country).toHaveAttribute("aria-expanded", "true");
  await expect(options.first()).toHaveText("Singapore");
  await expect(await active()).toHaveText("Singapore");
  await country.press("Enter");
  await expect(country).toHaveValue("Singapore");
  await expect(country).toHaveAttribute("aria-expanded", "false");
  await expect(countries).toBeHidden();
  await expect(areaCode).toHaveValue("+65 Singapore");

  await country.press("ArrowDown");
  await expect(country).toHaveAttribute("aria-expanded", "true");
  await expect(await active()).toHaveText("Singapore");
  await expect(await active()).toHaveAttribute("aria-selected", "true");
  await country.press("ArrowDown");
  await expect(await active()).toHaveText("Sint Maarten");
  await country.press("End");
  await expect(await active()).toHaveText("Zimbabwe");
  await expect(await active()).toHaveAttribute(
    "aria-posinset",
    (await (await active()).getAttribute("aria-setsize")) ?? "",
  );
  await country.press("Home");
  await expect(await active()).toHaveText("Afghanistan");
  await country.press("ArrowUp");
  await expect(await active()).toHaveText("Zimbabwe");
  await country.press("Escape");
  await expect(country).toHaveAttribute("aria-expanded", "false");
  await expect(country).toHaveValue("Singapore");

  await country.fill("COTE D");
  await expect(options.first()).toHaveText("Côte d’Ivoire");
  await country.fill("zzzz");
  await expect(page.getByText(copy.noMatch)).toBeVisible();
  await expect(country).toHaveAttribute("aria-expanded", "false");
  await country.press("Tab");
  await expect(country).toHaveValue("Singapore");
  await expect(page.getByText(copy.noMatch)).toBeHidden();

  const hongKong = await regionName(page, "en", "HK");
  await country.fill("hong");
  await countries.getByRole("option", { name: hongKong }).click();
  await expect(country).toHaveValue(hongKong);
  await expect(country).toBeFocused();
  await expect(areaCode).toHaveValue("+65 Singapore");

  const codes = await listboxOf(page, areaCode);
  for (const search of ["+852", "852"]) {
    await areaCode.fill(search);
    await expect(codes.getByRole("option")).toHaveText([`${hongKong}+852`]);
  }
  await areaCode.press("Enter");
  await expect(areaCode).toHaveValue(`+852 ${hongKong}`);
  await areaCode.fill("+1");
  await expect(codes.getByRole("option").first()).toContainText("+1");
  for (const text of await codes.getByRole("option").allTextContents()) expect(text).toMatch(/\+1\d*$/);
  await areaCode.press("Escape");
  await expect(areaCode).toHaveValue(`+852 ${hongKong}`);
});

test("the Chinese lists find names in Chinese and in English", async ({ page }) => {
  await open(page, "/zh/contact-us");
  const { form: copy } = await formData(page.request, "zh");
  const country = control(page, copy, "country");
  const options = (await listboxOf(page, country)).getByRole("option");
  await country.fill("新加");
  await expect(options).toHaveText(["新加坡"]);
  const hongKong = await regionName(page, "zh", "HK");
  expect(hongKong).toMatch(/香港/);
  await country.fill("Hong");
  await expect(options.first()).toHaveText(hongKong);
  await country.fill("sing");
  await expect(options.first()).toHaveText("新加坡");
  await country.press("Enter");
  await expect(country).toHaveValue("新加坡");
  await expect(control(page, copy, "areaCode")).toHaveValue("+65 新加坡");
  const codes = (await listboxOf(page, control(page, copy, "areaCode"))).getByRole("option");
  await control(page, copy, "areaCode").fill("852");
  await expect(codes.first()).toHaveText(`${hongKong}+852`);
});

test("a double click on submit sends and stores one application", async ({ page }) => {
  await open(page, "/contact-us");
  const { form: copy } = await formData(page.request, "en");
  const posts: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().endsWith("/api/contact")) posts.push(sent.url());
  });
  const values = answers("en");
  await fillApplication(page, copy, values);
  await submitButton(page, copy).dblclick();
  // The second click may land on the confirmation once it has replaced the form, and a click on
  // text moves the focus to the page, as a browser does: this test checks what was sent and
  // stored; the focus on the confirmation is checked by the single-click tests.
  await expect(page.getByRole("heading", { name: seenIn(copy.success.title) })).toBeVisible();
  expect(posts).toHaveLength(1);
  expect(storedFor(values.company)).toHaveLength(1);
});

test("while sending, the button says so, the form is marked busy and refuses another submit", async ({
  page,
}) => {
  await open(page, "/contact-us");
  const { form: copy } = await formData(page.request, "en");
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sent = 0;
  await page.route("**/api/contact", async (route) => {
    sent += 1;
    await held;
    await route.continue();
  });
  const values = answers("en");
  await fillApplication(page, copy, values);
  const button = submitButton(page, copy);
  await button.click();
  await expect(button).toHaveText(seen(copy.sending));
  await expect(button).toBeDisabled();
  await expect(page.locator("form.contact-form")).toHaveAttribute("aria-busy", "true");
  await button.click({ force: true });
  await control(page, copy, "email").press("Enter");
  await page.waitForTimeout(300);
  expect(sent).toBe(1);
  release();
  await expect(page.getByRole("heading", { name: seenIn(copy.success.title) })).toBeFocused();
  expect(sent).toBe(1);
  expect(storedFor(values.company)).toHaveLength(1);
});

test("a server that cannot store the application shows its message and keeps every answer", async ({
  page,
}) => {
  // A folder where the log file should be: the store cannot open it and refuses with 503.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "custody-e2e-unwritable-"));
  const site = await startSite({ CUSTODY_SITE_CONTACT_LOG: folder });
  try {
    await open(page, `${site.origin}/zh/contact-us`);
    const { form: copy } = await formData(page.request, "zh");
    const values = answers("zh");
    await fillApplication(page, copy, values);
    await submitButton(page, copy).click();
    await expect(page.getByRole("alert")).toHaveText(seen(copy.error.unavailable));
    await expect(submitButton(page, copy)).toHaveText(seen(copy.submit));
    await expect(submitButton(page, copy)).toBeEnabled();
    await expect(control(page, copy, "company")).toHaveValue(values.company);
    await expect(control(page, copy, "country")).toHaveValue("新加坡");
    await expect(control(page, copy, "businessType")).toHaveValue(values.businessType);
    await expect(control(page, copy, "website")).toHaveValue(values.website);
    await expect(control(page, copy, "contactPerson")).toHaveValue(values.contactPerson);
    await expect(control(page, copy, "areaCode")).toHaveValue("+65 新加坡");
    await expect(control(page, copy, "phone")).toHaveValue(values.phone);
    await expect(control(page, copy, "email")).toHaveValue(values.email);
    await expect(control(page, copy, "consent")).toBeChecked();
  } finally {
    await site.stop();
    fs.rmSync(folder, { recursive: true });
  }
});

test("a network failure keeps the answers; retries reuse the idempotency key until an answer changes", async ({
  page,
}) => {
  await open(page, "/contact-us");
  const { form: copy } = await formData(page.request, "en");
  const keys: string[] = [];
  const abort = async (route: Route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    await route.abort("internetdisconnected");
  };
  await page.route("**/api/contact", abort);
  const values = answers("en");
  await fillApplication(page, copy, values);
  const alert = page.getByRole("alert");

  await submitButton(page, copy).click();
  await expect(alert).toHaveText(seen(copy.error.network));
  await expect(control(page, copy, "company")).toHaveValue(values.company);
  await submitButton(page, copy).click();
  await expect.poll(() => keys.length).toBe(2);
  await control(page, copy, "email").fill("mei@acme-fund.example");
  await submitButton(page, copy).click();
  await expect.poll(() => keys.length).toBe(3);
  await expect(alert).toHaveText(seen(copy.error.network));
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);

  await page.unroute("**/api/contact", abort);
  await submitButton(page, copy).click();
  await expect(page.getByRole("heading", { name: seenIn(copy.success.title) })).toBeFocused();
  const stored = storedFor(values.company);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.idempotencyKey).toBe(keys[2]);
  expect(stored[0]?.email).toBe("mei@acme-fund.example");
});

test("the server's phone check for the area code shows on the phone field", async ({ page }) => {
  await open(page, "/contact-us");
  const { form: copy } = await formData(page.request, "en");
  const values = { ...answers("en"), phone: "1234 5678" };
  await fillApplication(page, copy, values);
  await expectValid(copy, page, "phone");
  await submitButton(page, copy).click();
  await expectMessage(page, copy, "phone", copy.message.phone);
  await expectSummary(page, copy, ["phone"]);
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(storedFor(values.company)).toHaveLength(0);

  await control(page, copy, "phone").fill("6123 4567");
  await expectValid(copy, page, "phone");
  await submitButton(page, copy).click();
  await expect(page.getByRole("heading", { name: seenIn(copy.success.title) })).toBeFocused();
});

const VIEWPORTS = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

for (const lang of ["en", "zh"] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`the ${lang} form passes axe empty, with every error and when sent, ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await open(page, localized("/contact-us", lang));
      const { form: copy } = await formData(page.request, lang);
      const shot = (state: string) =>
        page.screenshot({
          path: `../artifacts/screenshots/contact-${lang}-${device}-${state}.png`,
          fullPage: true,
        });
      const noOverflow = () =>
        expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
          .toBeLessThanOrEqual(viewport.width);

      expect(await layoutShift(page)).toBeLessThan(0.01);
      await expectNoAxeViolations(page, "empty");
      await shot("empty");

      await submitButton(page, copy).click();
      await expectMessage(page, copy, "email", copy.message.email);
      await control(page, copy, "website").fill("not a website");
      await control(page, copy, "website").blur();
      await noOverflow();
      await expectNoAxeViolations(page, "errors");
      await shot("errors");

      await control(page, copy, "country").fill(lang === "en" ? "s" : "新");
      await expect(control(page, copy, "country")).toHaveAttribute("aria-expanded", "true");
      await expectNoAxeViolations(page, "open list");
      await control(page, copy, "country").press("Escape");

      await fillApplication(page, copy, answers(lang));
      await submitButton(page, copy).click();
      await expect(page.getByRole("heading", { name: seenIn(copy.success.title) })).toBeFocused();
      await noOverflow();
      await expectNoAxeViolations(page, "sent");
      await shot("success");
    });
  }
}

test("the form fits a 320 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await open(page, "/zh/contact-us");
  const { form: copy } = await formData(page.request, "zh");
  await submitButton(page, copy).click();
  // The submit's check has run once it focuses the summary; a focus moved later would close the
  // country list this test opens.
  await expect(summaryOf(page)).toBeFocused();
  await control(page, copy, "country").fill("香");
  const listbox = await listboxOf(page, control(page, copy, "country"));
  await expect(listbox).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const list = await listbox.boundingBox();
  expect(list!.x).toBeGreaterThanOrEqual(0);
  expect(list!.x + list!.width).toBeLessThanOrEqual(320);
});
