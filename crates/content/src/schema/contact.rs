//! `{lang}/contact.toml`: the copy of the contact / open-account application form, shared by the
//! page (labels, hints, messages) and the server (the same messages in its answers).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The business types an applicant chooses from, as stored with each application, in display
/// order.
pub const BUSINESS_TYPES: [&str; 7] = [
    "exchange",
    "fund",
    "tokenProject",
    "otc",
    "payment",
    "miningPool",
    "other",
];

/// The most characters each answer may have (after trimming); the form enforces the same.
pub const MAX_CHARS: FieldLimits = FieldLimits {
    company: 200,
    website: 200,
    contact_person: 100,
    phone: 32,
    email: 254,
};

/// Length limits of the free-text fields, in characters.
#[derive(Debug, Clone, Copy, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FieldLimits {
    /// Company name.
    pub company: usize,
    /// Company website.
    pub website: usize,
    /// Contact person.
    pub contact_person: usize,
    /// Phone number without the area code.
    pub phone: usize,
    /// Email address (RFC 5321's limit).
    pub email: usize,
}

/// The form's copy in one language. Serialized in camelCase for the page data.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[ts(rename_all = "camelCase")]
pub struct ContactCopy {
    /// Text of the submit button.
    pub submit: String,
    /// Text of the submit button while the application is being sent.
    pub sending: String,
    /// Marker of a required field (every field is), for screen readers.
    pub required: String,
    /// Shown in a country or area-code list when nothing matches what was typed.
    pub no_match: String,
    /// The first entry of a list (the business type), before a choice is made.
    pub choose: String,
    /// Note at the top of the form on how the details are used, around its link to the privacy
    /// policy.
    pub privacy_note: PrivacyLinkSentence,
    /// Field labels.
    pub label: FieldText,
    /// What to enter in each field, shown under its label.
    pub hint: FieldText,
    /// Label of each business type by its fixed value.
    pub business_type: BTreeMap<String, String>,
    /// The consent sentence around its link to the privacy policy.
    pub consent: PrivacyLinkSentence,
    /// Validation messages.
    pub message: FieldMessages,
    /// Requests a link may add with `?request=` (e.g. `oasis-demo`), by id.
    pub request: BTreeMap<String, RequestCopy>,
    /// What replaces the form once the application is stored.
    pub success: Success,
    /// Beside the form: what happens after an application, and who receives it.
    pub after: AfterApplying,
    /// Answers to submissions that could not be accepted.
    pub error: SubmitErrors,
}

/// One text per form field.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[ts(rename_all = "camelCase")]
pub struct FieldText {
    /// Company name.
    pub company: String,
    /// Country or region.
    pub country: String,
    /// Business type.
    pub business_type: String,
    /// Company website.
    pub website: String,
    /// Contact person.
    pub contact_person: String,
    /// Phone area code.
    pub area_code: String,
    /// Phone number.
    pub phone: String,
    /// Email address.
    pub email: String,
}

/// A sentence of the form with a link to the privacy policy in it (the note at its top, the
/// consent checkbox's label): `before`, the link, `after`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PrivacyLinkSentence {
    /// Text before the link.
    pub before: String,
    /// Text of the link.
    pub link: String,
    /// Text after the link.
    pub after: String,
}

/// The validation messages: one per field, and those for answers too long or with control
/// characters.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[ts(rename_all = "camelCase")]
pub struct FieldMessages {
    /// Company missing.
    pub company: String,
    /// Country missing or unknown.
    pub country: String,
    /// Business type missing or unknown.
    pub business_type: String,
    /// Website missing.
    pub website: String,
    /// Website given but not a web address.
    pub website_format: String,
    /// Contact person missing.
    pub contact_person: String,
    /// Area code missing or unknown.
    pub area_code: String,
    /// Phone missing or not valid for the area code.
    pub phone: String,
    /// Email missing or malformed.
    pub email: String,
    /// Consent box not ticked.
    pub consent: String,
    /// An answer longer than its limit.
    pub too_long: String,
    /// An answer with control characters.
    pub control_characters: String,
}

/// A request a link adds to the form.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RequestCopy {
    /// Shown above the form and recorded with the application.
    pub notice: String,
}

/// The confirmation that replaces the form.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Success {
    /// 'Your application has been submitted'.
    pub title: String,
    /// 'and account manager will contact you shortly.'
    pub detail: String,
    /// Label of the application's reference (its id).
    pub reference: String,
    /// What to do with the reference.
    pub next: String,
}

/// Beside the form: the steps after an application, the reply time and who receives it.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[ts(rename_all = "camelCase")]
pub struct AfterApplying {
    /// Heading of the steps.
    pub heading: String,
    /// The steps, in order.
    pub step: Vec<AfterStep>,
    /// How soon an account manager replies.
    pub response_time: String,
    /// Heading over the entity that receives the application (the one chosen in the header).
    pub entity_heading: String,
}

/// One step after an application.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct AfterStep {
    /// What happens.
    pub title: String,
    /// In one or two sentences.
    pub body: String,
}

/// Messages of the refusals of `POST /api/contact`, and of an unreachable server.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[ts(rename_all = "camelCase")]
pub struct SubmitErrors {
    /// 422: some fields are invalid (each has its own message).
    pub invalid_fields: String,
    /// 400: the body is not a readable application.
    pub unreadable: String,
    /// 415: not JSON.
    pub not_json: String,
    /// 413: body over the limit.
    pub too_large: String,
    /// 408: the body did not arrive within the request timeout.
    pub timeout: String,
    /// 403: not sent from this site.
    pub forbidden: String,
    /// 429: too many from one network.
    pub rate_limited: String,
    /// 503: the application could not be stored.
    pub unavailable: String,
    /// Shown by the browser when the server cannot be reached.
    pub network: String,
}
