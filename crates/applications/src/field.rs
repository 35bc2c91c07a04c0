//! The problems of an application: validation reports them by field ([`Field`], the one list of
//! the form's fields, which the content's labels and hints need too, so it lives in
//! `crates/content/src/schema/form_field.rs`), each with a [`Reason`] that the site puts into the
//! form's words (`crates/site/src/http/contact/field_words.rs`).

use std::collections::BTreeMap;

pub use custody_content::schema::form_field::Field;

/// Why an answer is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// Nothing was answered (or the box was not ticked).
    Missing,
    /// The answer is not one the field takes (an unknown code, a malformed address or number).
    Invalid,
    /// The answer is longer than the field's limit.
    TooLong,
    /// The answer holds a character no answer may hold (`rules.rs`).
    ControlCharacters,
}

/// Every refused field of an application with its reason, in the server's order.
pub type Problems = BTreeMap<Field, Reason>;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use ts_rs::TS;

    use super::Field;
    use crate::application::Submission;

    /// What the body holds besides the form's fields: its language, the request and page it was
    /// sent with, and the honeypot.
    const NOT_FIELDS: [&str; 4] = ["lang", "request", "sourcePage", "fax"];

    #[test]
    fn the_fields_are_the_bodys_fields() {
        let declared = Submission::decl(&ts_rs::Config::default());
        // The members of `type Submission = { /** doc */ name?: type, … }`, docs left out.
        let mut members = String::new();
        let mut rest = &declared[declared.find('{').expect("an object type") + 1..];
        while let Some(start) = rest.find("/**") {
            members.push_str(&rest[..start]);
            let end = rest[start..].find("*/").expect("a closed doc comment");
            rest = &rest[start + end + 2..];
        }
        members.push_str(rest);
        let in_body: BTreeSet<&str> = members
            .split([',', '}', ';'])
            .filter_map(|member| member.split(':').next())
            .map(|name| name.trim().trim_end_matches('?'))
            .filter(|name| !name.is_empty() && !NOT_FIELDS.contains(name))
            .collect();
        let fields: BTreeSet<&str> = Field::ALL.iter().map(|field| field.name()).collect();
        assert_eq!(
            in_body, fields,
            "Submission's fields and Field::ALL: {declared}"
        );
    }
}
