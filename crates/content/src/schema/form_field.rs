//! The fields of the contact form, the one list of them: the body of `POST /api/contact` is keyed
//! by their names, `{lang}/contact.toml` gives each its label and hint (`per_field.rs`), the
//! export has a column for each, the form's TypeScript list is written from them
//! (`crates/applications/src/rules.rs`), and validation reports its problems by them
//! (`crates/applications/src/field.rs`). Adding a field is a change to [`Field`] and its words in
//! `content/{lang}/contact.toml`.

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

    /// How many fields are answered in words.
    pub const TEXT_COUNT: usize = text_count();

    /// The fields answered in words, typed or chosen from a list, in the server's order: every
    /// field but the consent box, which is ticked. Each has a label and a hint in the content.
    pub const TEXT: [Field; Field::TEXT_COUNT] = text_fields();

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

    /// Whether it is answered in words (every field but the consent box).
    pub const fn is_text(self) -> bool {
        !matches!(self, Field::Consent)
    }

    /// The field named `name`, if it is one.
    pub fn named(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|field| field.name() == name)
    }

    /// Its key in the content's tables (`[label]`, `[hint]` of `{lang}/contact.toml`): its name in
    /// snake case, as every content key is written (`business_type`).
    pub fn content_key(self) -> String {
        let mut key = String::with_capacity(self.name().len() + 2);
        for c in self.name().chars() {
            if c.is_ascii_uppercase() {
                key.push('_');
            }
            key.push(c.to_ascii_lowercase());
        }
        key
    }

    /// Its place in [`Field::TEXT`], when it is answered in words.
    pub fn text_index(self) -> Option<usize> {
        Field::TEXT.iter().position(|field| *field == self)
    }
}

/// The number of fields of [`Field::ALL`] answered in words.
const fn text_count() -> usize {
    let mut count = 0;
    let mut at = 0;
    while at < Field::ALL.len() {
        if Field::ALL[at].is_text() {
            count += 1;
        }
        at += 1;
    }
    count
}

/// The fields of [`Field::ALL`] answered in words, in its order.
const fn text_fields() -> [Field; Field::TEXT_COUNT] {
    let mut fields = [Field::Company; Field::TEXT_COUNT];
    let (mut at, mut next) = (0, 0);
    while at < Field::ALL.len() {
        if Field::ALL[at].is_text() {
            fields[next] = Field::ALL[at];
            next += 1;
        }
        at += 1;
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::Field;

    #[test]
    fn every_field_is_found_by_its_name() {
        for field in Field::ALL {
            assert_eq!(Field::named(field.name()), Some(field));
        }
        assert_eq!(Field::named("fax"), None);
    }

    #[test]
    fn the_text_fields_are_every_field_but_the_box_in_order() {
        let text: Vec<Field> = Field::ALL.into_iter().filter(|f| f.is_text()).collect();
        assert_eq!(Field::TEXT.to_vec(), text);
        assert_eq!(Field::Consent.text_index(), None);
        assert_eq!(Field::Email.text_index(), Some(Field::TEXT_COUNT - 1));
    }

    #[test]
    fn content_keys_are_the_names_in_snake_case() {
        assert_eq!(Field::BusinessType.content_key(), "business_type");
        assert_eq!(Field::ContactPerson.content_key(), "contact_person");
        assert_eq!(Field::Email.content_key(), "email");
    }
}
