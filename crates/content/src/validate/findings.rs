//! What a validation pass collects: each error placed at the line of the text it is about, and the
//! shape rules shared by several passes.

use std::collections::BTreeSet;

use crate::ContentError;
use crate::source::files::ContentFiles;

/// The errors of a pass over `files`.
pub struct Findings<'a> {
    files: &'a ContentFiles,
    /// The errors found so far.
    pub errors: Vec<ContentError>,
}

impl<'a> Findings<'a> {
    /// No errors yet; `files` give the line of each one.
    pub fn new(files: &'a ContentFiles) -> Self {
        Self {
            files,
            errors: Vec::new(),
        }
    }

    /// The files the pass reads.
    pub fn files(&self) -> &'a ContentFiles {
        self.files
    }

    /// Checks `id`, one of a set named `what` in messages ("page id", "section id"): lower-case
    /// letters, digits and dashes, and not yet in `seen` (it is added). `needle` finds its line.
    pub fn slug_once<'s>(
        &mut self,
        seen: &mut BTreeSet<&'s str>,
        id: &'s str,
        what: &str,
        file: &str,
        needle: &str,
    ) {
        if !is_slug(id) {
            self.error(
                file,
                needle,
                format!("{what} `{id}` must be lower-case letters, digits and dashes"),
            );
        }
        if !seen.insert(id) {
            self.error(file, needle, format!("{what} `{id}` is used twice"));
        }
    }

    /// An error in `file` at the first line holding `needle` (the whole file if none does).
    pub fn error(&mut self, file: &str, needle: &str, message: String) {
        let text = self.files.get(file).map(String::as_str).unwrap_or_default();
        self.errors
            .push(ContentError::near(file, text, needle, message));
    }
}

/// Lower-case letters, digits and dashes: ids and anchors.
pub fn is_slug(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The ids among `ids` that copy cannot name in a token, because they are not a slug or are
/// used twice, each as the needle of its line and a message.
pub fn token_id_problems<'s>(ids: impl IntoIterator<Item = &'s str>) -> Vec<(String, String)> {
    let mut seen = BTreeSet::new();
    ids.into_iter()
        .filter(|id| !is_slug(id) || !seen.insert(*id))
        .map(|id| {
            (
                format!("id = \"{id}\""),
                format!("id `{id}` must be a unique slug: copy names it in tokens"),
            )
        })
        .collect()
}

/// A colour written `#rrggbb`.
pub fn is_hex_colour(value: &str) -> bool {
    value.len() == 7 && value.starts_with('#') && value[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_colours() {
        assert!(is_slug("account-opening"));
        assert!(!is_slug("Account"));
        assert!(is_hex_colour("#0b2545"));
        assert!(!is_hex_colour("0b2545"));
    }

    #[test]
    fn a_token_id_used_twice_or_not_a_slug_is_a_problem() {
        let problems = token_id_problems(["cold", "Warm", "cold", "hot"]);
        let needles: Vec<&str> = problems.iter().map(|(needle, _)| needle.as_str()).collect();
        assert_eq!(needles, ["id = \"Warm\"", "id = \"cold\""]);
    }
}
