//! Syntax checks of the free-text answers: length and control characters, web addresses and
//! email addresses, each by the rule of `rules.rs` the browser applies too.

use std::sync::LazyLock;

use regex::Regex;

use super::rules::{EMAIL_PATTERNS, UNSTORABLE_RANGES, WEBSITE_PATTERN};

/// Why a text answer cannot be stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextProblem {
    /// More characters than the field allows.
    TooLong,
    /// A character that cannot be stored in a one-line answer (see [`unstorable`]).
    ControlCharacters,
}

/// A character no one-line answer may hold: a control character (line breaks included), or one
/// of [`UNSTORABLE_RANGES`] (the line and paragraph separators and the bidirectional controls,
/// which reorder how the text around them is shown, so an operator would read something other
/// than what was stored).
pub fn unstorable(c: char) -> bool {
    c.is_control()
        || UNSTORABLE_RANGES
            .iter()
            .any(|(first, last)| (*first..=*last).contains(&c))
}

/// The answer trimmed, if it has at most `max` characters and no [`unstorable`] character.
pub fn text(value: &str, max: usize) -> Result<String, TextProblem> {
    let value = value.trim();
    if value.chars().any(unstorable) {
        return Err(TextProblem::ControlCharacters);
    }
    if value.chars().count() > max {
        return Err(TextProblem::TooLong);
    }
    Ok(value.to_owned())
}

/// A website answer with its scheme (`https://` is added when none is given), or `None` when it
/// breaks the website rule of the form ([`WEBSITE_PATTERN`], the browser's rule too).
pub fn website(value: &str) -> Option<String> {
    static PATTERN: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(WEBSITE_PATTERN).expect("the website pattern compiles"));
    if !PATTERN.is_match(value) {
        return None;
    }
    let scheme_end = ["https://", "http://"].into_iter().find_map(|scheme| {
        let start = value.get(..scheme.len())?;
        start.eq_ignore_ascii_case(scheme).then_some(scheme.len())
    });
    Some(match scheme_end {
        Some(end) => format!("{}{}", value[..end].to_ascii_lowercase(), &value[end..]),
        None => format!("https://{value}"),
    })
}

/// An email address with its domain in lower case, or `None` when it breaks the e-mail rule
/// of the form ([`super::rules::EMAIL_PATTERNS`], the browser's rule too). The field's length
/// limit is checked with the other answers' (`application.rs`).
pub fn email(value: &str) -> Option<String> {
    static PATTERNS: LazyLock<Vec<Regex>> = LazyLock::new(|| {
        EMAIL_PATTERNS
            .iter()
            .map(|pattern| Regex::new(pattern).expect("the e-mail patterns compile"))
            .collect()
    });
    if !PATTERNS.iter().all(|pattern| pattern.is_match(value)) {
        return None;
    }
    let (local, domain) = value.rsplit_once('@')?;
    Some(format!("{local}@{}", lower_each(domain)))
}

/// Lower case, character by character, keeping a character whose lower case is more than one
/// (`İ` would become `i̇`, two characters, the second a combining mark): the stored address is
/// never longer than the one typed and checked, and its domain stays letters and digits.
fn lower_each(text: &str) -> String {
    text.chars()
        .map(|c| {
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(lower), None) => lower,
                _ => c,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::phone;
    use super::*;
    use custody_content::schema::contact::MAX_CHARS;

    #[test]
    fn text_is_trimmed_and_bounded() {
        assert_eq!(text("  Acme  ", 10), Ok("Acme".into()));
        assert_eq!(text("Acme\nCorp", 10), Err(TextProblem::ControlCharacters));
        assert_eq!(text("\u{7}", 10), Err(TextProblem::ControlCharacters));
        assert_eq!(text("长长长长长", 5), Ok("长长长长长".into()));
        assert_eq!(text("长长长长长长", 5), Err(TextProblem::TooLong));
    }

    #[test]
    fn text_refuses_what_would_reorder_or_split_it() {
        for hostile in [
            "\u{202e}gnp.exe",
            "Acme \u{202d}Corp",
            "Acme\u{2066}x\u{2069}",
            "Acme\u{2028}Corp",
            "Acme\u{2029}Corp",
            "Acme\u{85}Corp",
        ] {
            assert_eq!(
                text(hostile, 50),
                Err(TextProblem::ControlCharacters),
                "{hostile:?}"
            );
        }
        // Separators at either end are whitespace and trimmed; marks and joiners are text.
        assert_eq!(text("\u{2028}Acme\u{2029}", 50), Ok("Acme".into()));
        assert_eq!(
            text("شركة\u{200f} Acme", 50),
            Ok("شركة\u{200f} Acme".into())
        );
        assert_eq!(text("👩\u{200d}💼", 50), Ok("👩\u{200d}💼".into()));
    }

    #[test]
    fn websites() {
        assert_eq!(website(""), None);
        assert_eq!(
            website("www.acme.com").as_deref(),
            Some("https://www.acme.com")
        );
        assert_eq!(
            website("HTTP://Acme.co.uk:8080/about?x=1").as_deref(),
            Some("http://Acme.co.uk:8080/about?x=1")
        );
        assert_eq!(
            website("https://例子.中国").as_deref(),
            Some("https://例子.中国")
        );
        assert_eq!(website("हिन्दी.com.").as_deref(), Some("https://हिन्दी.com."));
        for bad in [
            "acme",
            "ftp://acme.com",
            "javascript:alert(1)",
            "https://acme.c0m",
            "https://user@acme.com",
            "acme .com",
            "https://-acme.com",
            "acme-.com",
            "https://acme.com:port",
            "acme.com:123456",
            "acme.com:",
        ] {
            assert_eq!(website(bad), None, "{bad}");
        }
    }

    #[test]
    fn emails_keep_the_local_part_and_lower_the_domain() {
        assert_eq!(email("Ops@Acme.COM").as_deref(), Some("Ops@acme.com"));
        assert_eq!(
            email("Ops@MÜNCHEN.İSTANBUL.Example").as_deref(),
            Some("Ops@münchen.İstanbul.example")
        );
        let long = format!(
            "{}@{}.{}.com",
            "a".repeat(64),
            "İ".repeat(60),
            "İ".repeat(60)
        );
        let stored = email(&long).expect("a valid address");
        assert_eq!(stored.chars().count(), long.chars().count(), "never longer");
    }

    /// The message (its key in `{lang}/contact.toml`'s `[message]`) the server answers a field
    /// with, as `application.rs` checks it; `None` when the answer is acceptable. The
    /// phone is checked as the browser can: its plan is the server's alone.
    fn problem(field: &str, value: &str) -> Option<&'static str> {
        let (limit, missing) = match field {
            "company" => (MAX_CHARS.company, "company"),
            "contactPerson" => (MAX_CHARS.contact_person, "contactPerson"),
            "website" => (MAX_CHARS.website, "website"),
            "phone" => (MAX_CHARS.phone, "phone"),
            "email" => (MAX_CHARS.email, "email"),
            _ => panic!("no rule table for field {field}"),
        };
        let value = match text(value, limit) {
            Err(TextProblem::TooLong) => return Some("tooLong"),
            Err(TextProblem::ControlCharacters) => return Some("controlCharacters"),
            Ok(value) if value.is_empty() && field != "phone" => return Some(missing),
            Ok(value) => value,
        };
        match field {
            "website" => website(&value).is_none().then_some("websiteFormat"),
            "phone" => (!phone::plausible(&value)).then_some("phone"),
            "email" => email(&value).is_none().then_some("email"),
            _ => None,
        }
    }

    /// `tests/contact-rule-cases.json`, which `ui/src/components/contact/rules.test.ts` checks
    /// the browser's rules against too.
    #[test]
    fn the_shared_rule_cases() {
        let cases: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(include_str!("../../../tests/contact-rule-cases.json"))
                .expect("the rule cases are JSON");
        let mut checked = 0;
        for (field, cases) in cases.iter().filter(|(key, _)| !key.starts_with('_')) {
            for case in cases.as_array().expect("a list of cases") {
                let input = case["input"].as_str().expect("an input");
                let expected = case["problem"].as_str();
                assert_eq!(problem(field, input), expected, "{field}: {input:?}");
                checked += 1;
            }
        }
        assert!(checked > 50, "only {checked} cases");
    }
}
