//! Text matching for search: case folding that keeps byte offsets, query terms, and where a
//! term occurs (Chinese by substring, other scripts by whole words with light suffixes).

use std::ops::Range;

/// Longest accepted query, in characters.
pub const MAX_QUERY_CHARS: usize = 100;
/// At most this many distinct terms of a query are used.
pub const MAX_TERMS: usize = 8;

/// A query term and how it matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The folded term.
    pub text: String,
    /// Chinese (or other CJK) terms match anywhere; others match at word starts.
    pub substring: bool,
}

/// Lower-cases `text` character by character, keeping every character's byte length so that
/// offsets in the folded text are offsets in the original.
pub fn fold(text: &str) -> String {
    text.chars()
        .map(|c| {
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(l), None) if l.len_utf8() == c.len_utf8() => l,
                _ => c,
            }
        })
        .collect()
}

/// Whether `c` belongs to a script written without spaces between words.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x2E80..=0x2FDF | 0x3040..=0x30FF | 0x3100..=0x312F | 0x3190..=0x31FF
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF
        | 0x20000..=0x2FFFF)
}

/// A character that is part of a word for word matching (letters and digits outside CJK).
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() && !is_cjk(c)
}

/// The distinct terms of a query: split at spaces and punctuation (ASCII and CJK), folded.
pub fn terms(query: &str) -> Vec<Term> {
    let mut terms: Vec<Term> = Vec::new();
    for piece in fold(query).split(|c: char| !(c.is_alphanumeric() || c == '\'')) {
        let text = piece.trim_matches('\'');
        if text.is_empty() || terms.iter().any(|t| t.text == text) {
            continue;
        }
        terms.push(Term {
            text: text.to_owned(),
            substring: text.chars().any(is_cjk),
        });
        if terms.len() == MAX_TERMS {
            break;
        }
    }
    terms
}

/// Byte offsets where words (runs of [`is_word_char`]) start in `folded`.
pub fn word_starts(folded: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut previous_is_word = false;
    for (at, c) in folded.char_indices() {
        let is_word = is_word_char(c);
        if is_word && !previous_is_word {
            starts.push(at);
        }
        previous_is_word = is_word;
    }
    starts
}

/// Byte ranges of `term` in `folded` (a [`fold`]ed text whose [`word_starts`] are given).
/// Substring terms match anywhere. Word terms must start a word and end one, allowing a
/// plural `s`/`es`, or — from five characters — be a word's beginning (`withdraw` finds
/// `withdrawals`).
pub fn occurrences(folded: &str, starts: &[usize], term: &Term) -> Vec<Range<usize>> {
    let len = term.text.len();
    if term.substring {
        return folded
            .match_indices(term.text.as_str())
            .map(|(at, _)| at..at + len)
            .collect();
    }
    starts
        .iter()
        .filter(|&&at| {
            folded[at..].starts_with(term.text.as_str())
                && is_word_end(&folded[at + len..], term.text.chars().count())
        })
        .map(|&at| at..at + len)
        .collect()
}

fn is_word_end(rest: &str, chars: usize) -> bool {
    let ends_word = |suffix: &str| {
        rest.strip_prefix(suffix)
            .is_some_and(|after| !after.chars().next().is_some_and(is_word_char))
    };
    chars >= 5 || ends_word("") || ends_word("s") || ends_word("es")
}

/// A run of text, marked when it matched the query.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
pub struct Segment {
    /// The text.
    pub text: String,
    /// Whether this run is a match to highlight.
    #[serde(rename = "match")]
    pub hit: bool,
}

/// Splits `text[window]` into segments, marking the parts covered by `ranges` (sorted or not,
/// possibly overlapping).
pub fn segments(text: &str, window: Range<usize>, ranges: &[Range<usize>]) -> Vec<Segment> {
    let mut ranges: Vec<Range<usize>> = ranges
        .iter()
        .map(|r| r.start.max(window.start)..r.end.min(window.end))
        .filter(|r| r.start < r.end)
        .collect();
    ranges.sort_by_key(|r| r.start);
    let mut out = Vec::new();
    let mut at = window.start;
    let mut push = |range: Range<usize>, hit: bool| {
        if range.start < range.end {
            out.push(Segment {
                text: text[range].to_owned(),
                hit,
            });
        }
    };
    for range in ranges {
        if range.end <= at {
            continue;
        }
        let start = range.start.max(at);
        push(at..start, false);
        push(start..range.end, true);
        at = range.end;
    }
    push(at..window.end, false);
    out
}

/// A window of about `width` characters of `text` around byte offset `focus`, on character
/// boundaries, starting a little before the focus so the match is read in context.
pub fn window_around(text: &str, focus: usize, width: usize) -> Range<usize> {
    let total = text.chars().count();
    let before = text[..focus.min(text.len())].chars().count();
    let first = before
        .saturating_sub(width / 4)
        .min(total.saturating_sub(width));
    let byte_at = |chars: usize| {
        text.char_indices()
            .nth(chars)
            .map_or(text.len(), |(i, _)| i)
    };
    let start = byte_at(first);
    let end = start
        + text[start..]
            .char_indices()
            .nth(width)
            .map_or(text.len() - start, |(i, _)| i);
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(text: &str) -> Term {
        terms(text).remove(0)
    }

    fn find(folded: &str, text: &str) -> Vec<Range<usize>> {
        occurrences(folded, &word_starts(folded), &term(text))
    }

    #[test]
    fn folding_keeps_offsets() {
        let text = "İstanbul Key 安全";
        assert_eq!(fold(text).len(), text.len());
        assert_eq!(fold("Security KEY"), "security key");
    }

    #[test]
    fn terms_split_at_spaces_and_punctuation_and_are_distinct() {
        let parsed: Vec<String> = terms("Lost key, lost KEY? 安全密钥，提币")
            .into_iter()
            .map(|t| t.text)
            .collect();
        assert_eq!(parsed, ["lost", "key", "安全密钥", "提币"]);
        assert!(term("安全").substring);
        assert!(!term("2FA").substring);
        assert_eq!(terms("a b c d e f g h i j k").len(), MAX_TERMS);
    }

    #[test]
    fn english_matches_words_not_parts_of_words() {
        let text = fold("A monkey keeps keys; the key is lost. Withdrawals take time.");
        assert_eq!(find(&text, "key").len(), 2, "key and keys");
        assert_eq!(find(&text, "withdraw").len(), 1);
        assert!(find(&text, "with").is_empty());
        assert!(find(&text, "onkey").is_empty());
    }

    #[test]
    fn chinese_matches_substrings_and_latin_words_inside_chinese() {
        let text = fold("如遗失安全密钥，请立即联系客户经理。启用2FA验证。");
        assert_eq!(find(&text, "密钥").len(), 1);
        assert_eq!(find(&text, "2fa").len(), 1);
    }

    #[test]
    fn segments_mark_merged_matches_inside_the_window() {
        let text = "the lost key";
        let segs = segments(text, 0..text.len(), &[9..12, 4..8, 10..12]);
        let marked: Vec<(&str, bool)> = segs.iter().map(|s| (s.text.as_str(), s.hit)).collect();
        assert_eq!(
            marked,
            [("the ", false), ("lost", true), (" ", false), ("key", true)]
        );
    }

    #[test]
    fn windows_fall_on_character_boundaries() {
        let text = "安全".repeat(100);
        let window = window_around(&text, 300, 40);
        assert_eq!(text[window.clone()].chars().count(), 40);
        assert!(window.start < 300 && window.end > 300);
        assert_eq!(window_around("short", 2, 40), 0..5);
    }
}
