import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fieldError, firstInvalidField } from "./rules";
import { type ContactValues, type FieldLimits, type FieldMessages } from "./types";

/** Each message is its own key, so a test reads which rule answered. */
const MESSAGES: FieldMessages = {
  company: "company",
  country: "country",
  businessType: "businessType",
  website: "website",
  websiteFormat: "websiteFormat",
  contactPerson: "contactPerson",
  areaCode: "areaCode",
  phone: "phone",
  email: "email",
  consent: "consent",
  tooLong: "tooLong",
  controlCharacters: "controlCharacters",
};

const LIMITS: FieldLimits = { company: 200, website: 200, contactPerson: 100, phone: 32, email: 254 };

const VALID: ContactValues = {
  company: "Acme Digital Ltd",
  country: "SG",
  businessType: "fund",
  website: "acme.example",
  contactPerson: "Mei Tan",
  areaCode: "SG",
  phone: "6123 4567",
  email: "mei.tan@acme.example",
  consent: true,
};

const problem = (name: keyof ContactValues, value: string | boolean) =>
  fieldError(name, { ...VALID, [name]: value }, MESSAGES, LIMITS);

describe("contact form rules", () => {
  it("accept a complete application", () => {
    expect(firstInvalidField(VALID, MESSAGES, LIMITS)).toBeNull();
  });

  it("require company and contact person, trimmed, within their limits", () => {
    expect(problem("company", "   ")).toBe("company");
    expect(problem("contactPerson", "")).toBe("contactPerson");
    expect(problem("company", ` ${"a".repeat(200)} `)).toBeNull();
    expect(problem("company", "a".repeat(201))).toBe("tooLong");
    expect(problem("contactPerson", "名".repeat(100))).toBeNull();
    expect(problem("contactPerson", "😀".repeat(101))).toBe("tooLong");
  });

  it("require a choice of country, area code and business type", () => {
    expect(problem("country", "")).toBe("country");
    expect(problem("areaCode", "")).toBe("areaCode");
    expect(problem("businessType", "")).toBe("businessType");
  });

  it("require a website, with or without its scheme", () => {
    expect(problem("website", "")).toBe("website");
    expect(problem("website", "   ")).toBe("website");
    expect(problem("website", `${"a".repeat(198)}.io`)).toBe("tooLong");
    for (const good of [
      "acme.io",
      "https://www.acme.example",
      "http://acme.com.sg/about?x=1",
      "例子.中国",
      "हिंदी.com",
      "acme.com.",
      "acme.com:65535",
    ])
      expect(problem("website", good), good).toBeNull();
    for (const bad of [
      "acme",
      "https://acme",
      "acme.c",
      "acme .com",
      "ftp://acme.com",
      "acme.123",
      "-acme.com",
      "acme-.com",
      "acme.com:123456",
    ])
      expect(problem("website", bad), bad).toBe("websiteFormat");
  });

  it("take a phone of 4 to 17 digits with spaces, dashes, dots and brackets", () => {
    for (const good of ["1234", "(0) 6123-4567", "612.345.67", "1".repeat(17)])
      expect(problem("phone", good), good).toBeNull();
    for (const bad of ["", "123", "1".repeat(18), "+65 6123 4567", "6123 456x", "６１２３４５６７"])
      expect(problem("phone", bad), bad).toBe("phone");
  });

  it("take an email as a dot-atom local@domain.tld, as the server does", () => {
    expect(problem("email", " mei@acme.co ")).toBeNull();
    for (const bad of ["", "mei", "mei@acme", "mei..tan@acme.com", "mei@@acme.com", "<mei>@acme.com"])
      expect(problem("email", bad), bad).toBe("email");
    expect(problem("email", `${"m".repeat(65)}@acme.com`)).toBe("email");
    expect(
      problem("email", `${"m".repeat(64)}@${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(59)}.io`),
    ).toBe("tooLong");
  });

  it("refuse control characters in every text field", () => {
    for (const name of ["company", "website", "contactPerson", "phone", "email"] as const)
      expect(problem(name, "abc\u0007def.com"), name).toBe("controlCharacters");
    expect(problem("company", "\tAcme\n")).toBeNull();
  });

  it("refuse bidirectional overrides and line separators inside an answer, as the server does", () => {
    for (const hostile of ["\u202Egnp.exe", "Acme\u2066x\u2069", "Acme\u2028Corp", "Acme\u2029Corp"])
      expect(problem("company", hostile), hostile).toBe("controlCharacters");
    expect(problem("contactPerson", "Tan \u202Dgnim")).toBe("controlCharacters");
    expect(problem("company", "\u2028Acme\u2029")).toBeNull();
    expect(problem("company", "شركة\u200F Acme")).toBeNull();
  });

  it("require consent", () => {
    expect(problem("consent", false)).toBe("consent");
  });

  it("name the first invalid field in page order", () => {
    const values = { ...VALID, email: "x", businessType: "", consent: false };
    expect(firstInvalidField(values, MESSAGES, LIMITS)).toBe("businessType");
  });
});

/** `tests/contact-rule-cases.json`: the answers and messages the server's rules are tested with too
 * (crates/applications/src/checks.rs). */
const SHARED_CASES = JSON.parse(readFileSync("../tests/contact-rule-cases.json", "utf8")) as Record<
  string,
  { input: string; problem: string | null }[]
>;

describe("the rule cases shared with the server", () => {
  const fields = Object.keys(SHARED_CASES).filter((key) => !key.startsWith("_"));
  it("cover the free-text fields", () => {
    expect(fields.sort()).toEqual(["company", "contactPerson", "email", "phone", "website"]);
  });
  for (const field of fields)
    it(`give ${field} the server's verdicts`, () => {
      for (const { input, problem: expected } of SHARED_CASES[field] ?? [])
        expect(problem(field as keyof ContactValues, input), `${field}: ${JSON.stringify(input)}`).toBe(
          expected,
        );
    });
});
