//! The language of the contact page's answer templates, which the UI build prerenders from the
//! form's own components (`ui/src/components/contact/answerTemplate.tsx` writes the markers):
//! a template is text with places the server fills in (`U+E000 name U+E001`) and parts it keeps
//! only when a condition holds (`U+E002 condition U+E003 … U+E004`, `!` before the condition
//! negating it; parts nest). Parsed once; filling one is a walk that copies text and inserts the
//! answer's values, which are never read as markers.

use std::borrow::Cow;

const SLOT: char = '\u{E000}';
const SLOT_END: char = '\u{E001}';
const IF: char = '\u{E002}';
const THEN: char = '\u{E003}';
const END: char = '\u{E004}';

/// A piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    /// Text copied as it is.
    Text(String),
    /// A place filled with the answer's text of this name.
    Slot(String),
    /// Pieces kept only when `condition` holds (or, `negated`, when it does not).
    Part {
        condition: String,
        negated: bool,
        pieces: Vec<Piece>,
    },
}

/// What fills a template in: the text of each place, already escaped for where the place stands,
/// and whether each condition holds.
pub trait Filling {
    /// The text of the place `name`; `None` for a name the filling does not know.
    fn text(&self, name: &str) -> Option<Cow<'_, str>>;
    /// Whether `condition` holds.
    fn holds(&self, condition: &str) -> bool;
}

/// A part being read: its condition and whether negated (none for the template itself), and
/// its pieces so far.
type OpenPart = (Option<(String, bool)>, Vec<Piece>);

/// A parsed template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormTemplate {
    pieces: Vec<Piece>,
    /// Bytes of its text, to size what it is filled into.
    length: usize,
}

/// Why a template cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError(String);

impl std::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TemplateError {}

impl FormTemplate {
    /// Reads `text`: every place and part closed, every part opened before it is closed.
    pub fn parse(text: &str) -> Result<Self, TemplateError> {
        let error = |what: &str, at: usize| Err(TemplateError(format!("{what} at byte {at}")));
        // The pieces of each part still open, innermost last, with its condition.
        let mut open: Vec<OpenPart> = vec![(None, Vec::new())];
        let mut rest = text;
        while let Some(at) = rest.find([SLOT, IF, END, SLOT_END, THEN]) {
            let offset = text.len() - rest.len() + at;
            let (before, marked) = rest.split_at(at);
            let pieces = &mut open.last_mut().expect("the template itself is open").1;
            if !before.is_empty() {
                pieces.push(Piece::Text(before.to_owned()));
            }
            let marker = marked.chars().next().expect("found above");
            let after = &marked[marker.len_utf8()..];
            match marker {
                SLOT => {
                    let Some((name, tail)) = after.split_once(SLOT_END) else {
                        return error("a place that is not closed", offset);
                    };
                    pieces.push(Piece::Slot(name.to_owned()));
                    rest = tail;
                }
                IF => {
                    let Some((condition, tail)) = after.split_once(THEN) else {
                        return error("a condition that is not closed", offset);
                    };
                    let (condition, negated) = match condition.strip_prefix('!') {
                        Some(condition) => (condition, true),
                        None => (condition, false),
                    };
                    open.push((Some((condition.to_owned(), negated)), Vec::new()));
                    rest = tail;
                }
                END => {
                    let Some((Some((condition, negated)), pieces)) =
                        open.pop().filter(|(condition, _)| condition.is_some())
                    else {
                        return error("the end of a part never opened", offset);
                    };
                    let parent = &mut open.last_mut().expect("the template itself is open").1;
                    parent.push(Piece::Part {
                        condition,
                        negated,
                        pieces,
                    });
                    rest = after;
                }
                _ => return error("a stray marker", offset),
            }
        }
        if open.len() != 1 {
            return error("a part that is not closed", text.len());
        }
        let mut pieces = open.pop().expect("the template itself").1;
        if !rest.is_empty() {
            pieces.push(Piece::Text(rest.to_owned()));
        }
        Ok(Self {
            pieces,
            length: text.len(),
        })
    }

    /// The names of every place, each once, in the order they first appear.
    pub fn slots(&self) -> Vec<&str> {
        let mut names = Vec::new();
        walk(&self.pieces, &mut |piece| {
            if let Piece::Slot(name) = piece
                && !names.contains(&name.as_str())
            {
                names.push(name.as_str());
            }
        });
        names
    }

    /// Every condition, each once, in the order they first appear.
    pub fn conditions(&self) -> Vec<&str> {
        let mut names = Vec::new();
        walk(&self.pieces, &mut |piece| {
            if let Piece::Part { condition, .. } = piece
                && !names.contains(&condition.as_str())
            {
                names.push(condition.as_str());
            }
        });
        names
    }

    /// The template filled in by `filling` (a place it does not know is left empty).
    pub fn fill(&self, filling: &impl Filling) -> String {
        let mut out = String::with_capacity(self.length);
        fill_into(&self.pieces, filling, &mut out);
        out
    }
}

fn walk<'a>(pieces: &'a [Piece], visit: &mut impl FnMut(&'a Piece)) {
    for piece in pieces {
        visit(piece);
        if let Piece::Part { pieces, .. } = piece {
            walk(pieces, visit);
        }
    }
}

fn fill_into(pieces: &[Piece], filling: &impl Filling, out: &mut String) {
    for piece in pieces {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Slot(name) => out.push_str(&filling.text(name).unwrap_or_default()),
            Piece::Part {
                condition,
                negated,
                pieces,
            } => {
                if filling.holds(condition) != *negated {
                    fill_into(pieces, filling, out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Answer;

    impl Filling for Answer {
        fn text(&self, name: &str) -> Option<Cow<'_, str>> {
            (name == "value").then_some(Cow::Borrowed("\u{E002}x\u{E003}<b>"))
        }

        fn holds(&self, condition: &str) -> bool {
            condition == "yes"
        }
    }

    #[test]
    fn places_are_filled_and_parts_kept_by_their_conditions() {
        let template = FormTemplate::parse(
            "<p>\u{E000}value\u{E001}</p>\u{E002}yes\u{E003}[y\u{E002}no\u{E003}n\u{E004}\u{E002}!no\u{E003}!n\u{E004}]\u{E004}\u{E002}!yes\u{E003}gone\u{E004}\u{E000}unknown\u{E001}.",
        )
        .unwrap();
        assert_eq!(template.slots(), ["value", "unknown"]);
        assert_eq!(template.conditions(), ["yes", "no"]);
        assert_eq!(
            template.fill(&Answer),
            "<p>\u{E002}x\u{E003}<b></p>[y!n].",
            "a value is text, never markers"
        );
    }

    #[test]
    fn broken_templates_are_refused() {
        for broken in [
            "\u{E000}open",
            "\u{E002}open",
            "\u{E002}a\u{E003}never closed",
            "closed\u{E004}",
            "stray\u{E001}",
            "stray\u{E003}",
        ] {
            assert!(FormTemplate::parse(broken).is_err(), "{broken:?}");
        }
        assert_eq!(FormTemplate::parse("plain").unwrap().fill(&Answer), "plain");
    }
}
