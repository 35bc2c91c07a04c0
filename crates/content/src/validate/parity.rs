//! English/Chinese parity: every language folder has the same files with the same key structure,
//! the same number of entries and the same ids, so no page is ever half translated.

use toml::{Table, Value};

use crate::source::files::{ContentFiles, MARKETING_DIR, locale_file_names};
use crate::{ContentError, Lang};

/// Keys whose values are identifiers, facts or layout shared by every language and must be equal.
const SHARED_VALUE_KEYS: [&str; 23] = [
    "id",
    "superseded_by",
    "date",
    "category",
    "updated",
    "reviewed",
    "kind",
    "icon",
    "href",
    "figure",
    "entity",
    "logo",
    "colour",
    "copy",
    "style",
    "illustration",
    "schedule",
    "columns",
    "layout",
    "tone",
    "client_type",
    "from_page",
    "from_section",
];

/// Compares every non-English language folder against `en/`.
pub fn check(files: &ContentFiles) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for lang in Lang::ALL.into_iter().filter(|lang| *lang != Lang::En) {
        for file in locale_file_names(files, Lang::En) {
            let reference = format!("en/{file}");
            let translated = format!("{}/{file}", lang.code());
            let (Some(reference_text), Some(translated_text)) =
                (files.get(&reference), files.get(&translated))
            else {
                if file.starts_with(MARKETING_DIR) && files.contains_key(&reference) {
                    errors.push(ContentError::in_file(
                        &translated,
                        format!("file is missing; {reference} has no translation"),
                    ));
                }
                continue;
            };
            let (Ok(reference_table), Ok(translated_table)) = (
                reference_text.parse::<Table>(),
                translated_text.parse::<Table>(),
            ) else {
                continue;
            };
            let mut walk = Walk {
                file: &translated,
                text: translated_text,
                reference: &reference,
                errors: &mut errors,
            };
            walk.tables(&reference_table, &translated_table, "");
        }
    }
    errors
}

struct Walk<'a> {
    file: &'a str,
    text: &'a str,
    reference: &'a str,
    errors: &'a mut Vec<ContentError>,
}

impl Walk<'_> {
    fn tables(&mut self, reference: &Table, translated: &Table, at: &str) {
        for (key, reference_value) in reference {
            let path = join(at, key);
            match translated.get(key) {
                Some(value) => self.values(key, reference_value, value, &path),
                None => self.error(
                    key,
                    format!("`{path}` is missing (it is in {})", self.reference),
                ),
            }
        }
        for key in translated
            .keys()
            .filter(|key| !reference.contains_key(*key))
        {
            let path = join(at, key);
            self.error(
                key,
                format!(
                    "`{path}` is not in {}; every language has the same keys",
                    self.reference
                ),
            );
        }
    }

    fn values(&mut self, key: &str, reference: &Value, translated: &Value, path: &str) {
        match (reference, translated) {
            (Value::Table(a), Value::Table(b)) => self.tables(a, b, path),
            (Value::Array(a), Value::Array(b)) => {
                if a.len() != b.len() {
                    let message = format!(
                        "`{path}` has {} entries, {} has {}",
                        b.len(),
                        self.reference,
                        a.len()
                    );
                    self.error(key, message);
                }
                for (index, (x, y)) in a.iter().zip(b).enumerate() {
                    self.values(key, x, y, &format!("{path}[{index}]"));
                }
            }
            (a, b) if a.type_str() != b.type_str() => {
                let message = format!(
                    "`{path}` is a {} but a {} in {}",
                    b.type_str(),
                    a.type_str(),
                    self.reference
                );
                self.error(key, message);
            }
            (a, b) if SHARED_VALUE_KEYS.contains(&key) && a != b => {
                self.error(
                    &b.to_string(),
                    format!(
                        "`{path}` is {b} but {a} in {}; ids and dates are shared",
                        self.reference
                    ),
                );
            }
            _ => {}
        }
    }

    fn error(&mut self, needle: &str, message: String) {
        self.errors
            .push(ContentError::near(self.file, self.text, needle, message));
    }
}

fn join(at: &str, key: &str) -> String {
    if at.is_empty() {
        key.to_owned()
    } else {
        format!("{at}.{key}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(en: &str, zh: &str) -> ContentFiles {
        [
            ("en/faq.toml".to_owned(), en.to_owned()),
            ("zh/faq.toml".to_owned(), zh.to_owned()),
        ]
        .into()
    }

    #[test]
    fn reports_missing_extra_and_mismatched_ids() {
        let en = "[[category]]\nid = \"about\"\ntitle = \"About\"\n[[category]]\nid = \"security\"\ntitle = \"S\"\n";
        let zh = "[[category]]\nid = \"about\"\ntitle = \"关于\"\nextra = \"x\"\n[[category]]\nid = \"secure\"\ntitle = \"安全\"\n";
        let errors = check(&files(en, zh));
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(
            messages[0]
                .starts_with("content/zh/faq.toml:4: `category[0].extra` is not in en/faq.toml")
        );
        assert!(messages[1].contains("`category[1].id` is \"secure\" but \"security\""));
    }

    #[test]
    fn identical_structure_passes() {
        let en = "[home]\ntitle = \"Home\"\n";
        let zh = "[home]\ntitle = \"首页\"\n";
        assert!(check(&files(en, zh)).is_empty());
    }
}
