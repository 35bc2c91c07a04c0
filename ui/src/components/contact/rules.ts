import {
  EMAIL_PATTERNS,
  MAX_PHONE_DIGITS,
  MIN_PHONE_DIGITS,
  PHONE_CHARACTERS,
  UNSTORABLE,
  WEBSITE_PATTERN,
} from "./rules.generated";
import {
  type ContactValues,
  EMPTY_VALUES,
  FIELD_ORDER,
  type FieldLimits,
  type FieldMessages,
  type FieldName,
} from "./types";

// The patterns are the server's (crates/applications/src/rules.rs, written into ./rules.generated.ts).

/** Length in characters (code points), as the server counts it. */
const length = (text: string) => [...text].length;

/** The problem of a required free-text answer: control characters, missing, or too long (each
 * answer is trimmed first, as the server does). */
function requiredText(value: string, limit: number, missing: string, messages: FieldMessages): string | null {
  const trimmed = value.trim();
  if (UNSTORABLE.test(trimmed)) return messages.controlCharacters;
  if (!trimmed) return missing;
  return length(trimmed) > limit ? messages.tooLong : null;
}

/** The problem of the website: missing, too long, or not an http(s) address of a host name with an
 * optional port (1 to 65535) and path. */
function website(value: string, limit: number, messages: FieldMessages): string | null {
  const problem = requiredText(value, limit, messages.website, messages);
  if (problem) return problem;
  return WEBSITE_PATTERN.test(value.trim()) ? null : messages.websiteFormat;
}

/** The problem of a phone number: only digits, spaces, `-`, `.`, `(`, `)`, with 4 to 17 digits
 * (`\D` is every character but an ASCII digit). */
function phone(value: string, limit: number, messages: FieldMessages): string | null {
  const trimmed = value.trim();
  if (UNSTORABLE.test(trimmed)) return messages.controlCharacters;
  if (length(trimmed) > limit) return messages.tooLong;
  const digits = trimmed.replace(/\D/g, "").length;
  const valid = PHONE_CHARACTERS.test(trimmed) && digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
  return valid ? null : messages.phone;
}

/** The problem of an email address: missing, too long, or not a dot-atom `local@domain.tld` (the
 * server's patterns, `./rules.generated.ts`). */
function email(value: string, limit: number, messages: FieldMessages): string | null {
  const problem = requiredText(value, limit, messages.email, messages);
  if (problem) return problem;
  const trimmed = value.trim();
  return EMAIL_PATTERNS.every((pattern) => pattern.test(trimmed)) ? null : messages.email;
}

/** The message for `name` given every answer, or `null` when the answer is acceptable. The server
 * applies the same rules (and checks the phone against its area code), and has the last word. */
export function fieldError(
  name: FieldName,
  values: ContactValues,
  messages: FieldMessages,
  limits: FieldLimits,
): string | null {
  switch (name) {
    case "company":
      return requiredText(values.company, limits.company, messages.company, messages);
    case "contactPerson":
      return requiredText(values.contactPerson, limits.contactPerson, messages.contactPerson, messages);
    case "website":
      return website(values.website, limits.website, messages);
    case "phone":
      return phone(values.phone, limits.phone, messages);
    case "email":
      return email(values.email, limits.email, messages);
    case "consent":
      return values.consent ? null : messages.consent;
    case "country":
    case "areaCode":
    case "businessType":
      return values[name] ? null : messages[name];
  }
}

/** The first field, in page order, whose answer has a problem; `null` when all are acceptable. */
export function firstInvalidField(
  values: ContactValues,
  messages: FieldMessages,
  limits: FieldLimits,
): FieldName | null {
  return FIELD_ORDER.find((name) => fieldError(name, values, messages, limits) !== null) ?? null;
}

/** Runs every check once on an empty and on a filled application, so that the browser compiles
 * the checks and their patterns while the page is idle instead of on the visitor's first submit
 * (the form calls it at idle once this code has loaded). */
export function compileChecks(messages: FieldMessages, limits: FieldLimits): void {
  const filled: ContactValues = {
    company: "Example Holdings",
    country: "SG",
    businessType: "fund",
    website: "https://example.com",
    contactPerson: "Alex Tan",
    email: "alex@example.com",
    areaCode: "SG",
    phone: "6123 4567",
    consent: true,
  };
  for (const values of [EMPTY_VALUES, filled])
    for (const name of FIELD_ORDER) fieldError(name, values, messages, limits);
}
