//! The entries of a content file: each table (`[[article]]`, `[[section.item]]`, `[hero]`) with
//! its copy lines and its title or heading, so that a rule reads a line in the context of the
//! entry it belongs to (a step's body under its title, a bullet under its article's question).

use crate::source::files::{ContentFiles, language_files};
use crate::source::lines::copy_lines;
use crate::{ContentError, Lang};

/// One table of a content file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entry<'a> {
    /// The copy lines of the table, header included, each with its byte offset in the file.
    pub lines: Vec<(usize, &'a str)>,
}

impl<'a> Entry<'a> {
    /// The lines that title the entry: `title = `, `heading = `, `caption = ` and `lead = `.
    pub fn heads(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.lines.iter().map(|(_, line)| *line).filter(|line| {
            let key = line.trim_start();
            ["title =", "heading =", "caption =", "lead ="]
                .iter()
                .any(|head| key.starts_with(head))
        })
    }

    /// What a line of the entry is read under: its heads and its table's `header = ` line.
    pub fn scope(&self) -> String {
        self.heads()
            .chain(
                self.lines
                    .iter()
                    .map(|(_, line)| *line)
                    .filter(|line| line.trim_start().starts_with("header =")),
            )
            .collect()
    }

    /// Every line of the entry as one text.
    pub fn text(&self) -> String {
        self.lines.iter().map(|(_, line)| *line).collect()
    }
}

/// The entries of `text`, in order; lines before the first table header form an entry of their
/// own. A line of a multi-line string that starts with `[` is copy, not a header.
pub fn entries(text: &str) -> Vec<Entry<'_>> {
    let mut entries = vec![Entry::default()];
    let mut in_string = false;
    for (offset, line) in copy_lines(text) {
        let trimmed = line.trim();
        let header = !in_string
            && trimmed.starts_with('[')
            && trimmed.ends_with(']')
            && !trimmed.contains(' ');
        if header {
            entries.push(Entry::default());
        }
        if line.matches("\"\"\"").count() % 2 == 1 {
            in_string = !in_string;
        }
        if let Some(entry) = entries.last_mut() {
            entry.lines.push((offset, line));
        }
    }
    entries.retain(|entry| !entry.lines.is_empty());
    entries
}

/// The byte offset of the `key = ` line of the `n`-th (from 0) `[[table]]` of `text`, or of that
/// table's header if the key is not set in it; `None` if `text` has fewer such tables. The
/// spacing around `=`, the order of keys and comment lines do not matter.
pub fn table_key_offset(text: &str, table: &str, n: usize, key: &str) -> Option<usize> {
    let header = format!("[[{table}]]");
    let entry = entries(text)
        .into_iter()
        .filter(|entry| {
            entry
                .lines
                .first()
                .is_some_and(|(_, line)| line.trim() == header)
        })
        .nth(n)?;
    let key_line = entry.lines.iter().find(|(_, line)| {
        line.trim_start()
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    });
    key_line.or(entry.lines.first()).map(|(offset, _)| *offset)
}

/// The errors `line_problems` finds in the copy lines of the language folders: it is handed a
/// line, the [`Entry::scope`] of its entry and its language, and returns each problem with its
/// byte offset in the line.
pub fn scoped_line_errors(
    files: &ContentFiles,
    mut line_problems: impl FnMut(&str, &str, Lang) -> Vec<(usize, String)>,
) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for (name, text, lang) in language_files(files) {
        for entry in entries(text) {
            let scope = entry.scope();
            for &(offset, line) in &entry.lines {
                for (at, message) in line_problems(line, &scope, lang) {
                    errors.push(ContentError::at_offset(name, text, offset + at, message));
                }
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_table_headers_but_not_at_links_in_strings() {
        let text = "[hero]\neyebrow = \"x\"\n\n[[section.item]]\ntitle = \"Report\"\nbody = \"\"\"\n[a link](/faq)\n\"\"\"\n[[section.item]]\ntitle = \"Next\"\n";
        let entries = entries(text);
        assert_eq!(entries.len(), 3);
        assert_eq!(
            entries[1].heads().collect::<Vec<_>>(),
            ["title = \"Report\"\n"]
        );
        assert!(entries[1].text().contains("[a link](/faq)"));
        let tables = "# one [[staking]] per entity\n[[staking]]\nentity = \"sg\"\n\n[[staking]]\n# the second\nassets = []\nentity= \"hk\"\n";
        assert_eq!(
            table_key_offset(tables, "staking", 1, "entity"),
            tables.find("entity= \"hk\"")
        );
        assert_eq!(
            table_key_offset(tables, "staking", 0, "commission"),
            tables.find("[[staking]]\nentity")
        );
        assert_eq!(table_key_offset(tables, "staking", 2, "entity"), None);
        assert_eq!(
            entries[2].lines[0].0,
            text.find("[[section.item]]\ntitle = \"Next\"").unwrap()
        );
    }
}
