//! `{lang}/contact.toml`: the copy of the contact / open-account application form, shared by the
//! page (labels, hints, messages) and the server (the same messages in its answers).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::per_field::PerTextField;

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
    /// The label of each field answered in words (the consent box's is [`Self::consent`]).
    pub label: PerTextField<String>,
    /// What to enter in each field answered in words, shown under its label.
    pub hint: PerTextField<String>,
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

/// The validation messages: one per field, and those for a website that is not a web address
/// and for answers too long or with control characters.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all(serialize = "camelCase"))]
#[ts(rename_all = "camelCase")]
pub struct FieldMessages {
    /// The message of each field answered in words, missing or not one the field takes.
    #[serde(flatten)]
    pub field: PerTextField<String>,
    /// Website given but not a web address.
    pub website_format: String,
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::load::parse;
    use crate::source::files::read_dir;

    /// The refusals of `zh/contact.toml` once `edit` has changed it, a line each.
    fn refusal_of_zh_contact(edit: impl FnOnce(&mut String)) -> String {
        let mut files = read_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content"))
            .expect("the content folder");
        edit(files.get_mut("zh/contact.toml").expect("zh/contact.toml"));
        let errors = parse(&files).expect_err("zh/contact.toml refused");
        let refusals: Vec<String> = errors
            .iter()
            .map(ToString::to_string)
            .filter(|error| error.starts_with("content/zh/contact.toml:"))
            .collect();
        refusals.join("\n")
    }

    #[test]
    fn a_field_without_its_label_is_refused_at_load_naming_the_field() {
        let refusal = refusal_of_zh_contact(|contact| {
            let labels = contact.find("\n[label]\n").expect("the labels");
            let label = contact[labels..]
                .lines()
                .find(|line| line.starts_with("business_type = "))
                .expect("the business type's label")
                .to_owned();
            *contact = contact.replacen(&format!("{label}\n"), "", 1);
        });
        assert!(
            refusal.contains("missing field `business_type`"),
            "{refusal}"
        );
    }

    #[test]
    fn a_message_for_no_field_is_refused_at_load() {
        let refusal = refusal_of_zh_contact(|contact| {
            *contact = contact.replacen("\n[message]\n", "\n[message]\nfax = \"传真\"\n", 1);
        });
        assert!(refusal.contains("unknown field `fax`"), "{refusal}");
    }
}
