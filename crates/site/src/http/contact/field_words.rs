//! The words of a refused application: each field the applications crate refused, with its
//! reason, put into the form's message in the request's language (`{lang}/contact.toml`'s
//! `[message]`), keyed by the field's name as the answer and the form page show them.

use std::collections::BTreeMap;

use custody_applications::field::{Field, Problems, Reason};
use custody_content::schema::contact::FieldMessages;

/// Each refused field's name with its message in `messages`' language.
pub fn field_messages(problems: &Problems, messages: &FieldMessages) -> BTreeMap<String, String> {
    problems
        .iter()
        .map(|(field, reason)| {
            (
                field.name().to_owned(),
                message(messages, *field, *reason).to_owned(),
            )
        })
        .collect()
}

/// The message of `field` refused for `reason`: the length and character rules have one message
/// for every field, a website that is there but malformed its own, and every other refusal the
/// field's message (the consent box's own, it being the one field not answered in words).
fn message(messages: &FieldMessages, field: Field, reason: Reason) -> &str {
    match (reason, field) {
        (Reason::TooLong, _) => &messages.too_long,
        (Reason::ControlCharacters, _) => &messages.control_characters,
        (Reason::Invalid, Field::Website) => &messages.website_format,
        (Reason::Missing | Reason::Invalid, field) => {
            messages.field.get(field).unwrap_or(&messages.consent)
        }
    }
}
