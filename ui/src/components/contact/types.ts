import type { ContactCopy } from "../../lib/generated/ContactCopy";
import type { ContactData as ContactPageData } from "../../lib/generated/ContactData";
import type { FieldLimits } from "../../lib/generated/FieldLimits";
import type { FieldMessages } from "../../lib/generated/FieldMessages";
import type { FieldText } from "../../lib/generated/FieldText";

export type { ContactCopy, ContactPageData, FieldLimits, FieldMessages, FieldText };

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

/** The fields in the order they appear on the page (the summary of what is wrong lists them so):
 * the contact person beside the email, the area code and phone number on a row of their own. */
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
