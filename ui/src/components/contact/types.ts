import type { IntroData } from "../../lib/types";

/** The answers of the application form, keyed as in the body of `POST /api/contact`. */
export interface ContactValues {
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

/** A field of the form: a key of the request body. */
export type FieldName = keyof ContactValues;

/** The fields in the order they appear on the page (the first invalid one takes focus). */
export const FIELD_ORDER: readonly FieldName[] = [
  "company",
  "country",
  "businessType",
  "website",
  "contactPerson",
  "areaCode",
  "phone",
  "email",
  "consent",
];

/** A form with nothing filled in yet. */
export const EMPTY_VALUES: ContactValues = {
  company: "",
  country: "",
  businessType: "",
  website: "",
  contactPerson: "",
  areaCode: "",
  phone: "",
  email: "",
  consent: false,
};

/** One text for each field that has a label and a hint. */
export type FieldText = Record<Exclude<FieldName, "consent">, string>;

/** The validation messages of `content/{lang}/contact.toml` (`[message]`). */
export interface FieldMessages extends Record<FieldName, string> {
  websiteFormat: string;
  tooLong: string;
  controlCharacters: string;
}

/** The copy of the form in the page's language (`content/{lang}/contact.toml`). */
export interface ContactCopy {
  submit: string;
  sending: string;
  required: string;
  noMatch: string;
  choose: string;
  privacyNote: string;
  label: FieldText;
  hint: FieldText;
  consent: { before: string; link: string; after: string };
  message: FieldMessages;
  request: Record<string, { notice: string } | undefined>;
  success: { title: string; detail: string; reference: string; next: string };
  after: {
    heading: string;
    step: { title: string; body: string }[];
    responseTime: string;
    entityHeading: string;
  };
  error: {
    invalidFields: string;
    unreadable: string;
    notJson: string;
    tooLarge: string;
    timeout: string;
    forbidden: string;
    rateLimited: string;
    unavailable: string;
    network: string;
  };
}

/** The most characters each free-text answer may have; the server enforces the same. */
export interface FieldLimits {
  company: number;
  website: number;
  contactPerson: number;
  phone: number;
  email: number;
}

/** The page data of `/contact-us`. */
export interface ContactPageData extends IntroData {
  form: ContactCopy;
  businessTypes: { value: string; label: string }[];
  /** Every ISO 3166-1 alpha-2 code; the names come from the browser. */
  countries: string[];
  /** `[region, calling code]` for every region with a numbering plan. */
  callingCodes: [string, number][];
  limits: FieldLimits;
}
