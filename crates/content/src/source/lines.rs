//! The lines of a content file that carry copy: every line but `#` comments, each with the byte
//! offset where it starts, so a rule can report what it finds at its file and line.

/// The lines of `text` outside `#` comment lines (line endings kept), each with its byte offset.
pub fn copy_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n')
        .scan(0, |start, line| {
            let offset = *start;
            *start += line.len();
            Some((offset, line))
        })
        .filter(|(_, line)| !line.trim_start().starts_with('#'))
}

/// The copy lines of `text` that state current facts: those of `copy_lines`, less every line
/// of a `[[…]]` entry marked `as_published = true` (an announcement kept word for word as it was
/// published, whose figures are those of its date).
pub fn current_copy_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    entry_lines(text, false)
}

/// The copy lines of the `[[…]]` entries of `text` marked `as_published = true`: the words of
/// announcements as they were published, which cite no fact that may change since.
pub fn published_copy_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    entry_lines(text, true)
}

/// The copy lines of `text` inside entries marked `as_published = true` (`published`), or
/// outside them.
fn entry_lines(text: &str, published: bool) -> impl Iterator<Item = (usize, &str)> {
    let mut verbatim = Vec::new();
    let mut entry_start = 0;
    for (offset, line) in copy_lines(text) {
        let trimmed = line.trim();
        if trimmed.starts_with("[[") {
            entry_start = offset;
        } else if trimmed.replace(' ', "") == "as_published=true" {
            verbatim.push(entry_start);
        }
    }
    let mut entry_start = 0;
    copy_lines(text).filter(move |(offset, line)| {
        if line.trim().starts_with("[[") {
            entry_start = *offset;
        }
        verbatim.contains(&entry_start) == published
    })
}

#[cfg(test)]
mod tests {
    use super::{copy_lines, current_copy_lines, published_copy_lines};

    #[test]
    fn skips_the_entries_kept_as_published() {
        let text =
            "[[a]]\nx = \"USD 5\"\n[[a]]\nas_published = true\nx = \"USD 4\"\n[[a]]\ny = 1\n";
        let kept: Vec<&str> = current_copy_lines(text).map(|(_, line)| line).collect();
        assert_eq!(kept, ["[[a]]\n", "x = \"USD 5\"\n", "[[a]]\n", "y = 1\n"]);
        let published: Vec<&str> = published_copy_lines(text).map(|(_, line)| line).collect();
        assert_eq!(
            published,
            ["[[a]]\n", "as_published = true\n", "x = \"USD 4\"\n"]
        );
    }

    #[test]
    fn skips_comment_lines_and_keeps_offsets() {
        let text = "a = 1\n  # note\nb = \"x\"\n";
        assert_eq!(
            copy_lines(text).collect::<Vec<_>>(),
            [(0, "a = 1\n"), (15, "b = \"x\"\n")]
        );
    }
}
