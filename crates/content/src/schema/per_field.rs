//! One value per field of the contact form answered in words ([`Field::TEXT`]), keyed by
//! [`Field`]: the labels, hints and messages of `{lang}/contact.toml` and the answers a form
//! posted without scripts shows again (`crates/site/src/http/contact/answer.rs`). Its shapes come from the field
//! list alone: read from the content's snake-case keys (`business_type`), every field required;
//! written with the fields' names (`businessType`), as the page data, the answers and the
//! generated TypeScript (`{ company: string, … }`) have them.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use ts_rs::{Config, TS, TypeVisitor};

use super::form_field::Field;

/// A `T` for each field answered in words, in [`Field::TEXT`]'s order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PerTextField<T>([T; Field::TEXT_COUNT]);

impl<T> PerTextField<T> {
    /// The value of each field made by `value`.
    pub fn from_fn(mut value: impl FnMut(Field) -> T) -> Self {
        Self(Field::TEXT.map(&mut value))
    }

    /// The value of `field`; none for the consent box, which is not answered in words.
    pub fn get(&self, field: Field) -> Option<&T> {
        field.text_index().map(|at| &self.0[at])
    }

    /// The value of `field` to change; none for the consent box.
    pub fn get_mut(&mut self, field: Field) -> Option<&mut T> {
        field.text_index().map(|at| &mut self.0[at])
    }

    /// Each field with its value, in [`Field::TEXT`]'s order.
    pub fn iter(&self) -> impl Iterator<Item = (Field, &T)> {
        Field::TEXT.into_iter().zip(&self.0)
    }
}

impl<T: Serialize> Serialize for PerTextField<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(Field::TEXT_COUNT))?;
        for (field, value) in self.iter() {
            map.serialize_entry(field.name(), value)?;
        }
        map.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for PerTextField<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(ContentKeys(PhantomData))
    }
}

/// Reads a table keyed by the fields' content keys, refusing an unknown, repeated or missing one.
struct ContentKeys<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ContentKeys<T> {
    type Value = PerTextField<T>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(
            formatter,
            "a table with an entry for each of {}",
            content_keys()
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut found: [Option<T>; Field::TEXT_COUNT] = std::array::from_fn(|_| None);
        while let Some(key) = map.next_key::<String>()? {
            let Some(at) = Field::TEXT.iter().position(|f| f.content_key() == key) else {
                return Err(de::Error::custom(format!(
                    "unknown field `{key}` (the form's fields are {})",
                    content_keys()
                )));
            };
            if found[at].is_some() {
                return Err(de::Error::custom(format!("duplicate field `{key}`")));
            }
            found[at] = Some(map.next_value()?);
        }
        let missing: Vec<String> = Field::TEXT
            .iter()
            .zip(&found)
            .filter(|(_, value)| value.is_none())
            .map(|(field, _)| format!("`{}`", field.content_key()))
            .collect();
        if !missing.is_empty() {
            return Err(de::Error::custom(format!(
                "missing field {}: every field of the form needs its entry",
                missing.join(", ")
            )));
        }
        Ok(PerTextField(found.map(|value| {
            value.expect("every field was found: the missing ones were refused above")
        })))
    }
}

/// The content keys of the fields, quoted, for messages.
fn content_keys() -> String {
    let keys: Vec<String> = Field::TEXT
        .iter()
        .map(|field| format!("`{}`", field.content_key()))
        .collect();
    keys.join(", ")
}

/// An object type with a member of type `T` for each field: always inline, as a record is.
impl<T: TS> TS for PerTextField<T> {
    type WithoutGenerics = PerTextField<ts_rs::Dummy>;
    type OptionInnerType = Self;

    fn name(cfg: &Config) -> String {
        members(&T::name(cfg))
    }

    fn inline(cfg: &Config) -> String {
        members(&T::inline(cfg))
    }

    fn inline_flattened(cfg: &Config) -> String {
        Self::inline(cfg)
    }

    fn visit_dependencies(visitor: &mut impl TypeVisitor)
    where
        Self: 'static,
    {
        T::visit_dependencies(visitor);
    }

    fn visit_generics(visitor: &mut impl TypeVisitor)
    where
        Self: 'static,
    {
        T::visit_generics(visitor);
        visitor.visit::<T>();
    }
}

/// `{ company: T, country: T, … }`, over [`Field::TEXT`].
fn members(value_type: &str) -> String {
    let members: String = Field::TEXT
        .iter()
        .map(|field| format!("{}: {value_type}, ", field.name()))
        .collect();
    format!("{{ {members}}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_by_content_keys_and_written_by_names() {
        let table = r#"
            company = "c"
            country = "co"
            business_type = "b"
            website = "w"
            contact_person = "p"
            area_code = "a"
            phone = "ph"
            email = "e"
        "#;
        let text: PerTextField<String> = toml::from_str(table).unwrap();
        assert_eq!(text.get(Field::BusinessType).map(String::as_str), Some("b"));
        assert_eq!(text.get(Field::Consent), None);
        let json = serde_json::to_string(&text).unwrap();
        assert!(
            json.starts_with(r#"{"company":"c","country":"co","businessType":"b","#),
            "{json}"
        );
        assert_eq!(
            <PerTextField<String> as TS>::inline(&Config::default()),
            "{ company: string, country: string, businessType: string, website: string, \
             contactPerson: string, areaCode: string, phone: string, email: string, }"
        );
    }

    #[test]
    fn an_unknown_or_missing_field_is_named() {
        let unknown = toml::from_str::<PerTextField<String>>("businessType = \"b\"")
            .unwrap_err()
            .to_string();
        assert!(
            unknown.contains("unknown field `businessType`"),
            "{unknown}"
        );
        let missing = toml::from_str::<PerTextField<String>>("company = \"c\"")
            .unwrap_err()
            .to_string();
        assert!(
            missing.contains("missing field `country`, `business_type`"),
            "{missing}"
        );
    }
}
