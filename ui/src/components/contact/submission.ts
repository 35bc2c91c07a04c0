import type { ApiErrorAnswer } from "../../lib/generated/ApiErrorAnswer";
import type { Receipt } from "../../lib/generated/Receipt";
import type { Submission } from "../../lib/generated/Submission";
import type { Lang } from "../../lib/types";
import type { ContactCopy, ContactValues, FieldName } from "./types";
import { FIELD_ORDER } from "./types";

export type { Receipt };

/** The body of `POST /api/contact`: every field the server reads (`Submission`, whose fields are
 * all optional so that it can name each missing one), filled in. */
export interface ApplicationBody extends Omit<ContactValues, "consent"> {
  lang: Lang;
  consent: true;
  request: string | null;
  sourcePage: string;
  /** The honeypot: people never see it, so it is empty unless a robot filled the form. */
  fax: string;
}

/** How a submission ended: stored, refused field by field, or not accepted at all. */
export type SubmissionOutcome =
  | { kind: "stored"; receipt: Receipt }
  | { kind: "invalid"; fields: Partial<Record<FieldName, string>> }
  | { kind: "failed"; message: string };

/** The request body for `values` (free text trimmed; the form only submits with consent). */
export function applicationBody(
  values: ContactValues,
  context: { lang: Lang; request: string | null; sourcePage: string; fax: string },
): ApplicationBody {
  return {
    lang: context.lang,
    company: values.company.trim(),
    country: values.country,
    businessType: values.businessType,
    website: values.website.trim(),
    contactPerson: values.contactPerson.trim(),
    areaCode: values.areaCode,
    phone: values.phone.trim(),
    email: values.email.trim(),
    consent: true,
    request: context.request,
    sourcePage: context.sourcePage,
    fax: context.fax,
  } satisfies Submission;
}

/** A random UUID, also where `crypto.randomUUID` is missing (pages served over plain http). */
function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Hands out idempotency keys: the same key while the body stays the same (a retry), a new one
 * as soon as any value changed. */
export function idempotencyKeys(): (body: string) => string {
  let lastBody = "";
  let key = "";
  return (body) => {
    if (body !== lastBody || !key) {
      lastBody = body;
      key = randomUuid();
    }
    return key;
  };
}

/** The message for a refusal whose body carries none (a proxy's page, an empty answer). */
function messageOfStatus(status: number, errors: ContactCopy["error"]): string {
  const byStatus: Record<number, string> = {
    400: errors.unreadable,
    403: errors.forbidden,
    408: errors.timeout,
    413: errors.tooLarge,
    415: errors.notJson,
    422: errors.invalidFields,
    429: errors.rateLimited,
  };
  return byStatus[status] ?? errors.unavailable;
}

/** The field messages of a 422 answer for fields the form has. */
function fieldMessages(fields: unknown): Partial<Record<FieldName, string>> {
  const messages: Partial<Record<FieldName, string>> = {};
  if (typeof fields !== "object" || fields === null) return messages;
  for (const name of FIELD_ORDER) {
    const message = (fields as Record<string, unknown>)[name];
    if (typeof message === "string") messages[name] = message;
  }
  return messages;
}

/** Sends the application and reads the answer. Never throws: an unreachable server is a failure
 * with the network message. */
export async function submitApplication(
  body: string,
  idempotencyKey: string,
  errors: ContactCopy["error"],
): Promise<SubmissionOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
      body,
    });
  } catch {
    return { kind: "failed", message: errors.network };
  }
  const answer = (await response.json().catch(() => null)) as
    (Partial<Receipt> & Partial<ApiErrorAnswer>) | null;
  if (response.ok && typeof answer?.id === "string") return { kind: "stored", receipt: answer as Receipt };
  const fields = fieldMessages(answer?.error?.fields);
  if (response.status === 422 && Object.keys(fields).length > 0) return { kind: "invalid", fields };
  const message = answer?.error?.message;
  return {
    kind: "failed",
    message: typeof message === "string" ? message : messageOfStatus(response.status, errors),
  };
}
