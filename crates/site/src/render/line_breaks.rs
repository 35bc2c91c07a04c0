//! Where the text of a page may and may not break: the UI build marks each page's data before it
//! prerenders it (`ui/scripts/line-breaks.mjs`: a zero width space between two Chinese words,
//! no-break spaces in "Hong Kong" and amounts in words, non-breaking hyphens in thresholds and in
//! compounds in headings), and records every string it changed. The server marks the page data it hands the
//! browser with those records, so that hydration finds the text it was served and no script
//! marks it again.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The keys of the page data whose strings are headings (as `ui/scripts/line-breaks.mjs` has them).
const HEADING_KEYS: [&str; 3] = ["heading", "title", "need"];
/// The keys whose strings are addresses or names for code, never marked.
const CODE_KEYS: [&str; 8] = [
    "href",
    "path",
    "url",
    "requestPath",
    "id",
    "page",
    "lang",
    "src",
];

/// Every string the UI build marked, by the text it was written as: `heading` for the strings of
/// heading keys, `text` for the rest.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Marks {
    /// Marked strings outside headings.
    #[serde(default)]
    pub text: HashMap<String, String>,
    /// Marked headings.
    #[serde(default)]
    pub heading: HashMap<String, String>,
}

impl Marks {
    /// `value` (page data, or a document's configuration holding it) with its strings marked: a
    /// string of an object under its key, one of an array under none, as the UI build walked it.
    pub fn mark(&self, mut value: Value) -> Value {
        self.walk(&mut value, None);
        value
    }

    /// `text`, a string of the page data under a key that is not a heading's, as the build
    /// marked it.
    pub fn text<'a>(&'a self, text: &'a str) -> &'a str {
        self.text.get(text).map_or(text, String::as_str)
    }

    /// `heading`, a string of the page data under a heading's key, as the build marked it.
    pub fn heading<'a>(&'a self, heading: &'a str) -> &'a str {
        self.heading.get(heading).map_or(heading, String::as_str)
    }

    /// The JSON text of `value` with its strings marked.
    pub fn marked_json<T: Serialize + ?Sized>(&self, value: &T) -> String {
        let value = serde_json::to_value(value).expect("page data has string keys only");
        super::document::to_json(&self.mark(value))
    }

    fn walk(&self, value: &mut Value, key: Option<&str>) {
        match value {
            Value::String(text) => {
                if key.is_some_and(|key| CODE_KEYS.contains(&key)) {
                    return;
                }
                let marks = if key.is_some_and(|key| HEADING_KEYS.contains(&key)) {
                    &self.heading
                } else {
                    &self.text
                };
                if let Some(marked) = marks.get(text.as_str()) {
                    marked.clone_into(text);
                }
            }
            Value::Array(items) => {
                for item in items {
                    self.walk(item, None);
                }
            }
            Value::Object(fields) => {
                for (name, field) in fields.iter_mut() {
                    self.walk(field, Some(name));
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn marks_text_and_headings_by_their_keys_and_leaves_addresses() {
        let marks = Marks {
            text: HashMap::from([("托管账户".to_owned(), "托管\u{200b}账户".to_owned())]),
            heading: HashMap::from([("Set-up".to_owned(), "Set\u{2011}up".to_owned())]),
        };
        let marked = marks.mark(json!({
            "heading": "Set-up",
            "body": "Set-up",
            "points": ["托管账户"],
            "href": "托管账户",
        }));
        assert_eq!(marked["heading"], "Set\u{2011}up");
        assert_eq!(marked["body"], "Set-up");
        assert_eq!(marked["points"][0], "托管\u{200b}账户");
        assert_eq!(marked["href"], "托管账户");
    }
}
