import type { ContactCopy } from "../../lib/generated/ContactCopy";
import type { ContactData as ContactPageData } from "../../lib/generated/ContactData";
import type { FieldLimits } from "../../lib/generated/FieldLimits";
import type { FieldMessages } from "../../lib/generated/FieldMessages";
import type { Submission } from "../../lib/generated/Submission";
import type { FORM_FIELDS } from "./fields.generated";

export type { ContactCopy, ContactPageData, FieldLimits, FieldMessages };

/** A field of the form: a key of the request body, from the server's list of the form's fields. */
export type FieldName = (typeof FORM_FIELDS)[number];

/** The answers of the application form, keyed and typed as in the body of `POST /api/contact`. */
export type ContactValues = { [name in FieldName]: NonNullable<Submission[name]> };

/** The fields in the order they appear on the page (the summary of what is wrong lists them so):
 * the contact person beside the email, the area code and phone number on a row of their own.
 * The same fields as the server's list (`FORM_FIELDS`), in another order (types.test.ts). */
export const FIELD_ORDER: readonly FieldName[] = [
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

/** A control's id and what it tells assistive technology of its answer's problem. */
export interface ControlState {
  id: string;
  "aria-invalid": boolean | "true" | "false";
  "aria-describedby": string | undefined;
}
