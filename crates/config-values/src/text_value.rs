//! Configuration values written as one string, in the TOML file and in the environment alike,
//! and parsed once when the configuration is read: socket addresses, paths, header names, URLs.
//! An optional one is an `Option`, written as an empty string when it is `None`.

use std::net::SocketAddr;
use std::path::PathBuf;

use http::HeaderName;

/// A value written as one string in the configuration.
pub trait TextValue: Sized {
    /// Parses `text`, trimmed and not empty. The error says what was expected; the TOML layer
    /// adds the key (`in \`metrics.listen\``).
    fn parse_text(text: &str) -> Result<Self, String>;
    /// The text the value is written as.
    fn to_text(&self) -> String;
}

impl TextValue for SocketAddr {
    fn parse_text(text: &str) -> Result<Self, String> {
        text.parse()
            .map_err(|_| format!("expected a socket address like 127.0.0.1:8080, not `{text}`"))
    }

    fn to_text(&self) -> String {
        self.to_string()
    }
}

impl TextValue for PathBuf {
    fn parse_text(text: &str) -> Result<Self, String> {
        Ok(PathBuf::from(text))
    }

    fn to_text(&self) -> String {
        self.display().to_string()
    }
}

impl TextValue for String {
    fn parse_text(text: &str) -> Result<Self, String> {
        Ok(text.to_owned())
    }

    fn to_text(&self) -> String {
        self.clone()
    }
}

impl TextValue for HeaderName {
    fn parse_text(text: &str) -> Result<Self, String> {
        HeaderName::try_from(text)
            .map_err(|_| format!("expected a header name such as x-forwarded-for, not `{text}`"))
    }

    fn to_text(&self) -> String {
        self.as_str().to_owned()
    }
}

/// serde `with` module for a required [`TextValue`] (with `#[schemars(with = "String")]`).
pub mod text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use super::TextValue;

    /// Writes the value's text.
    pub fn serialize<S: Serializer, T: TextValue>(value: &T, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(&value.to_text())
    }

    /// Parses the trimmed text.
    pub fn deserialize<'de, D: Deserializer<'de>, T: TextValue>(input: D) -> Result<T, D::Error> {
        T::parse_text(String::deserialize(input)?.trim()).map_err(D::Error::custom)
    }
}

/// serde `with` module for an optional [`TextValue`] (with `#[schemars(with = "String")]`): an
/// empty (or blank) string is `None`, and `None` is written as an empty string, so that the
/// reference in docs/config.toml lists the key and the environment can set it.
pub mod optional {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use super::TextValue;

    /// Writes the value's text, or an empty string.
    pub fn serialize<S: Serializer, T: TextValue>(
        value: &Option<T>,
        out: S,
    ) -> Result<S::Ok, S::Error> {
        out.serialize_str(&value.as_ref().map(T::to_text).unwrap_or_default())
    }

    /// `None` for an empty or blank string, else the parsed value.
    pub fn deserialize<'de, D: Deserializer<'de>, T: TextValue>(
        input: D,
    ) -> Result<Option<T>, D::Error> {
        let text = String::deserialize(input)?;
        match text.trim() {
            "" => Ok(None),
            text => T::parse_text(text).map(Some).map_err(D::Error::custom),
        }
    }
}

/// Implements `FromStr`, `Display`, `Serialize`, `Deserialize` and `JsonSchema` (a string) for
/// a [`TextValue`] of the crate that invokes it (which depends on `serde` and `schemars`).
#[macro_export]
macro_rules! text_value_traits {
    ($type:ty) => {
        impl std::str::FromStr for $type {
            type Err = String;

            fn from_str(text: &str) -> Result<Self, String> {
                <$type as $crate::text_value::TextValue>::parse_text(text.trim())
            }
        }

        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, out: S) -> Result<S::Ok, S::Error> {
                $crate::text_value::text::serialize(self, out)
            }
        }

        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Self, D::Error> {
                $crate::text_value::text::deserialize(input)
            }
        }

        impl schemars::JsonSchema for $type {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> std::borrow::Cow<'static, str> {
                "String".into()
            }

            fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
                String::json_schema(generator)
            }
        }
    };
}
pub use text_value_traits;

/// The length of the origin, `scheme://host[:port]`, of an absolute http(s) URL; `None` when
/// `url` is not one or its host holds characters no host has.
pub fn origin_len(url: &str) -> Option<usize> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next()?;
    let valid = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-.:[]".contains(c));
    valid.then_some(scheme.len() + "://".len() + host.len())
}
