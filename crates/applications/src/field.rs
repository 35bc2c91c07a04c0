//! The fields of the contact form, the one list of them: the body of `POST /api/contact` is keyed
//! by their names, the export has a column for each, the form's TypeScript list is written from
//! them (`rules.rs`), and validation reports its problems by them, each with a [`Reason`] that
//! the site puts into the form's words (`crates/site/src/http/contact/field_words.rs`).

use std::collections::BTreeMap;

/// A field of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// Company name.
    Company,
    /// Country or region.
    Country,
    /// Business type.
    BusinessType,
    /// Company website.
    Website,
    /// Contact person.
    ContactPerson,
    /// The phone number's area code.
    AreaCode,
    /// Phone number.
    Phone,
    /// Email address.
    Email,
    /// The consent box.
    Consent,
}

impl Field {
    /// Every field, in the server's order (the page lays them out in its own: `FIELD_ORDER` of
    /// `ui/src/components/contact/types.ts`).
    pub const ALL: [Field; 9] = [
        Field::Company,
        Field::Country,
        Field::BusinessType,
        Field::Website,
        Field::ContactPerson,
        Field::AreaCode,
        Field::Phone,
        Field::Email,
        Field::Consent,
    ];

    /// Its name: its key in the body, the form and the answer's `fields`, and its column in the
    /// export.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Company => "company",
            Field::Country => "country",
            Field::BusinessType => "businessType",
            Field::Website => "website",
            Field::ContactPerson => "contactPerson",
            Field::AreaCode => "areaCode",
            Field::Phone => "phone",
            Field::Email => "email",
            Field::Consent => "consent",
        }
    }

    /// The field named `name`, if it is one.
    pub fn named(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|field| field.name() == name)
    }
}

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

    #[test]
    fn every_field_is_found_by_its_name() {
        for field in Field::ALL {
            assert_eq!(Field::named(field.name()), Some(field));
        }
        assert_eq!(Field::named("fax"), None);
    }
}
