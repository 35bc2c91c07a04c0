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

#[cfg(test)]
mod tests {
    use super::copy_lines;

    #[test]
    fn skips_comment_lines_and_keeps_offsets() {
        let text = "a = 1\n  # note\nb = \"x\"\n";
        assert_eq!(
            copy_lines(text).collect::<Vec<_>>(),
            [(0, "a = 1\n"), (15, "b = \"x\"\n")]
        );
    }
}
