import { I18nProvider } from "@lingui/react";
import { renderToString } from "preact-render-to-string";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadI18n } from "../../lib/i18n";
import type { Lang } from "../../lib/types";
import { type AnswerTemplate, AnswerTemplateContext } from "./answerTemplate";
import { ContactForm, prepareAnswers } from "./ContactForm";
import type { FormAnswer } from "./servedAnswer";
import { type ContactPageData, EMPTY_VALUES, FIELD_ORDER } from "./types";

// The server fills the answer templates in (crates/site/src/http/contact/answer.rs); the form
// hydrating from the same answer must draw the same markup. `fill` below reads the templates'
// markers as the server does, with the server's names, so each case checks that every part of
// the form that depends on the answer is a place or a condition of the template.

/** Every text of the page is its own key, so a mix-up shows. */
const text = (key: string) => `«${key}»`;
const fields = Object.fromEntries(
  ["company", "country", "businessType", "website", "contactPerson", "areaCode", "phone", "email"].map(
    (name) => [name, text(name)],
  ),
);
const sentence = (key: string) => ({ before: text(`${key}.before`), link: text(`${key}.link`), after: "." });

const DATA: ContactPageData = {
  heading: text("heading"),
  lead: text("lead"),
  form: {
    submit: text("submit"),
    sending: text("sending"),
    required: text("required"),
    noMatch: text("noMatch"),
    choose: text("choose"),
    privacyNote: sentence("privacyNote"),
    label: { ...fields } as ContactPageData["form"]["label"],
    hint: { ...fields } as ContactPageData["form"]["hint"],
    businessType: { fund: text("fund"), otc: text("otc") },
    consent: sentence("consent"),
    message: {
      ...fields,
      websiteFormat: text("websiteFormat"),
      consent: text("message.consent"),
      tooLong: text("tooLong"),
      controlCharacters: text("controlCharacters"),
    } as ContactPageData["form"]["message"],
    request: {},
    success: {
      title: text("title"),
      detail: text("detail"),
      reference: text("reference"),
      next: text("next"),
    },
    after: { heading: "", step: [], responseTime: "", entityHeading: "" },
    error: {
      invalidFields: "",
      unreadable: "",
      notJson: "",
      tooLarge: "",
      timeout: "",
      forbidden: "",
      rateLimited: text("rateLimited"),
      unavailable: "",
      network: "",
    },
  },
  businessTypes: [
    { value: "fund", label: text("fund") },
    { value: "otc", label: text("otc") },
  ],
  countries: ["HK", "SG"],
  callingCodes: [
    ["HK", 852],
    ["SG", 65],
  ],
  limits: { company: 200, website: 200, contactPerson: 100, phone: 32, email: 254 },
};

const escape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `template` filled in with `answer`, as the server does: each place's text escaped, each part
 * kept when its condition holds. */
function fill(template: string, answer: FormAnswer): string {
  const values = answer.values as unknown as Record<string, string | boolean>;
  const place = (name: string): string => {
    const [kind, field = ""] = name.split(".");
    if (kind === "value") return escape(String(values[field]));
    if (kind === "message") return escape(answer.errors[field] ?? "");
    if (kind === "invalid") return String(field in answer.errors);
    if (name === "alert") return escape(answer.alert ?? "");
    if (name === "reference") return escape(answer.receipt?.id ?? "");
    throw new Error(`a place no answer fills: ${name}`);
  };
  const holds = (condition: string): boolean => {
    if (condition === "summary") return Object.keys(answer.errors).length > 0;
    if (condition === "alert") return answer.alert !== null;
    if (condition === "checked.consent") return answer.values.consent;
    const [kind, field = "", value] = condition.split(".");
    if (kind === "error") return field in answer.errors;
    if (kind === "chosen") return values[field] === value;
    throw new Error(`a condition no answer decides: ${condition}`);
  };
  const kept: boolean[] = [true];
  let out = "";
  for (const [, before = "", open, name = "", end] of template.matchAll(
    /([^\uE000-\uE004]*)(?:(\uE000|\uE002)([^\uE001\uE003]*)[\uE001\uE003]|(\uE004)|$)/g,
  )) {
    const keeping = kept.every(Boolean);
    if (keeping) out += before;
    if (open === "\uE000" && keeping) out += place(name);
    else if (open === "\uE002") {
      const negated = name.startsWith("!");
      kept.push(holds(negated ? name.slice(1) : name) !== negated);
    } else if (end) kept.pop();
  }
  expect(kept).toHaveLength(1);
  return out;
}

/** The markup of `html` with each element's attributes in one order and the empty
 * `aria-describedby` the template leaves on a consent box without a message taken away (which
 * describes nothing, as the attribute the browser leaves out). */
function normalized(html: string): string {
  const box = document.createElement("div");
  box.innerHTML = html;
  const walk = (node: Node): string => {
    if (!(node instanceof Element)) return node.textContent ?? "";
    const attributes = [...node.attributes]
      .filter((attribute) => !(attribute.name === "aria-describedby" && attribute.value === ""))
      .map((attribute) => `${attribute.name}="${attribute.value}"`)
      .sort();
    return `<${node.localName} ${attributes.join(" ")}>${[...node.childNodes].map(walk).join("")}</${node.localName}>`;
  };
  return [...box.childNodes].map(walk).join("");
}

async function render(lang: Lang, template: AnswerTemplate): Promise<string> {
  const i18n = await loadI18n(lang);
  return renderToString(
    <I18nProvider i18n={i18n}>
      <AnswerTemplateContext.Provider value={template}>
        <ContactForm data={DATA} lang={lang} />
      </AnswerTemplateContext.Provider>
    </I18nProvider>,
  );
}

/** The form drawn while hydrating a document that carries `answer`. */
async function hydratedFrom(lang: Lang, answer: FormAnswer): Promise<string> {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "form-answer";
  element.textContent = JSON.stringify(answer);
  document.body.append(element);
  try {
    return await render(lang, null);
  } finally {
    element.remove();
  }
}

const answer = (changes: Partial<FormAnswer>): FormAnswer => ({
  values: EMPTY_VALUES,
  errors: {},
  alert: null,
  receipt: null,
  ...changes,
});

const CASES: [string, FormAnswer][] = [
  [
    "every field missing",
    answer({ errors: Object.fromEntries(FIELD_ORDER.map((name) => [name, `message of ${name}`])) }),
  ],
  [
    "some answers wrong, with markup typed in",
    answer({
      values: {
        ...EMPTY_VALUES,
        company: `<b>"Acme" & 'Sons'</b>`,
        country: "SG",
        businessType: "otc",
        website: "acme.example",
        contactPerson: "Mei Tan",
        email: "mei@acme",
        areaCode: "HK",
        consent: true,
      },
      errors: { email: "<i>wrong</i>", phone: "missing" },
    }),
  ],
  [
    "an alert, the answers kept",
    answer({ values: { ...EMPTY_VALUES, phone: "6123 4567" }, alert: "<wait>" }),
  ],
  [
    "the confirmation",
    answer({
      receipt: {
        id: "0190-<id>",
        receivedAt: "2026-01-01T00:00:00.000Z",
        title: "«title»",
        detail: "«detail»",
      },
    }),
  ],
];

describe("the form's answer templates, filled in", () => {
  beforeEach(async () => {
    vi.stubEnv("SSR", true);
    await prepareAnswers();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  for (const lang of ["en", "zh"] as const)
    for (const [name, served] of CASES)
      it(`are the form the browser draws from the same answer: ${name} (${lang})`, async () => {
        const template = await render(lang, served.receipt ? "received" : "form");
        const filled = fill(template, served);
        expect(filled).not.toMatch(/[\uE000-\uE004]/);
        expect(normalized(filled)).toBe(normalized(await hydratedFrom(lang, served)));
      });

  it("draw the native lists with every region before the searchable ones take over", async () => {
    const filled = fill(await render("en", "form"), answer({ values: { ...EMPTY_VALUES, areaCode: "SG" } }));
    expect(filled).toContain('<option value="SG" selected>+65 Singapore</option>');
    expect(filled).toContain('<option value="HK">+852 Hong Kong');
  });
});
