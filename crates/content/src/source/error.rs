//! Content errors that point at a file and, where known, a line.

use std::fmt;

/// One problem found in the content, reported as `file:line: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentError {
    /// Path relative to the content root, e.g. `en/pages.toml`; a file outside it starts with
    /// `../` (`../ui/src/locales/zh/messages.po`) and is shown from the repository root.
    pub file: String,
    /// One-based line number, when the problem can be located.
    pub line: Option<usize>,
    /// What is wrong, in words an editor understands.
    pub message: String,
}

impl ContentError {
    /// An error at a known byte offset of `text` (the file's contents).
    pub fn at_offset(file: &str, text: &str, offset: usize, message: impl Into<String>) -> Self {
        let line = text[..offset.min(text.len())].matches('\n').count() + 1;
        Self {
            file: file.to_owned(),
            line: Some(line),
            message: message.into(),
        }
    }

    /// An error located at the first line of `text` that contains `needle`, or at no line.
    pub fn near(file: &str, text: &str, needle: &str, message: impl Into<String>) -> Self {
        match text.find(needle) {
            Some(offset) => Self::at_offset(file, text, offset, message),
            None => Self::in_file(file, message),
        }
    }

    /// An error that concerns a whole file.
    pub fn in_file(file: &str, message: impl Into<String>) -> Self {
        Self {
            file: file.to_owned(),
            line: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = match self.file.strip_prefix("../") {
            Some(outside) => outside.to_owned(),
            None => format!("content/{}", self.file),
        };
        match self.line {
            Some(line) => write!(f, "{path}:{line}: {}", self.message),
            None => write!(f, "{path}: {}", self.message),
        }
    }
}

impl std::error::Error for ContentError {}

/// Formats a list of errors one per line, for the terminal and for build failures.
pub fn report(errors: &[ContentError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}
