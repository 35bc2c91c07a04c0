//! The lines a change adds or edits, read from a unified diff (`git diff -U0 main -- content`),
//! so that the register can list only the claims the change touches.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

/// The changed lines of each file, relative to `content/`, on the side after the change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangedLines {
    lines: BTreeMap<String, Vec<RangeInclusive<usize>>>,
}

impl ChangedLines {
    /// The changes of a unified diff: for each `+++ b/…/content/FILE`, the new side of each
    /// `@@ -a,b +c,d @@` hunk. Files outside `content/` are left out.
    pub fn from_diff(diff: &str) -> Self {
        let mut lines: BTreeMap<String, Vec<RangeInclusive<usize>>> = BTreeMap::new();
        let mut file: Option<String> = None;
        for line in diff.lines() {
            if let Some(path) = line.strip_prefix("+++ ") {
                file = path
                    .split_once("content/")
                    .map(|(_, relative)| relative.trim_end().to_owned());
            } else if let (Some(file), Some(hunk)) = (&file, line.strip_prefix("@@ ")) {
                let new = hunk.split_whitespace().find(|part| part.starts_with('+'));
                if let Some(range) = new.and_then(new_side) {
                    lines.entry(file.clone()).or_default().push(range);
                }
            }
        }
        Self { lines }
    }

    /// Whether line `line` of `file` changed.
    pub fn touches(&self, file: &str, line: usize) -> bool {
        self.lines
            .get(file)
            .is_some_and(|ranges| ranges.iter().any(|range| range.contains(&line)))
    }

    /// Whether any line of `file` changed.
    pub fn touches_file(&self, file: &str) -> bool {
        self.lines.contains_key(file)
    }
}

/// The lines of `+c,d` (`+c` is one line; `+c,0` none, a pure deletion, read as the line it
/// follows).
fn new_side(part: &str) -> Option<RangeInclusive<usize>> {
    let part = part.strip_prefix('+')?;
    let (start, count) = match part.split_once(',') {
        Some((start, count)) => (start.parse::<usize>().ok()?, count.parse::<usize>().ok()?),
        None => (part.parse::<usize>().ok()?, 1),
    };
    Some(if count == 0 {
        start.max(1)..=start.max(1)
    } else {
        start..=start + count - 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_new_side_of_each_hunk() {
        let diff = "diff --git a/content/en/faq.toml b/content/en/faq.toml\n--- a/content/en/faq.toml\n+++ b/content/en/faq.toml\n@@ -10,2 +12,3 @@ title\n-x\n+y\n@@ -40 +41 @@\n+++ b/README.md\n@@ -1 +1 @@\n";
        let changed = ChangedLines::from_diff(diff);
        assert!(changed.touches("en/faq.toml", 12));
        assert!(changed.touches("en/faq.toml", 14));
        assert!(!changed.touches("en/faq.toml", 15));
        assert!(changed.touches("en/faq.toml", 41));
        assert!(!changed.touches_file("README.md"));
        assert!(changed.touches_file("en/faq.toml"));
    }
}
