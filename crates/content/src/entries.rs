//! The entries of a content file: each table (`[[article]]`, `[[section.item]]`, `[hero]`) with
//! its copy lines and its title or heading, so that a rule reads a line in the context of the
//! entry it belongs to (a step's body under its title, a bullet under its article's question).

use super::lines::copy_lines;

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
        assert_eq!(
            entries[2].lines[0].0,
            text.find("[[section.item]]\ntitle = \"Next\"").unwrap()
        );
    }
}
