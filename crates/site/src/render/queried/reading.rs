//! A page's query string read as the browser reads it (`URLSearchParams`, and the pages' own
//! readings in `ui/src/components/assets/supportedAssets.ts`, `search.ts` and `urlQuery.ts`):
//! leniently, every value that does not make sense taking its default, so that any query string
//! is answered with a page, and the page the server serves is the one the browser draws.

/// The first value of each of `names` in the query string `raw`, decoded as a form is (`+` a
/// space, percent-escapes, UTF-8 with replacement characters for what is not), as
/// `URLSearchParams.get` reads them.
pub fn first_values<const N: usize>(raw: &str, names: [&str; N]) -> [Option<String>; N] {
    let mut values = [const { None }; N];
    for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
        if let Some(slot) = names.iter().position(|known| *known == name)
            && values[slot].is_none()
        {
            values[slot] = Some(value.into_owned());
        }
    }
    values
}

/// Whether `c` is white space or a line terminator to JavaScript's `String.prototype.trim`.
fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\u{9}' | '\u{a}' | '\u{b}' | '\u{c}' | '\u{d}' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `text` trimmed as JavaScript's `trim()` trims it.
pub fn js_trim(text: &str) -> &str {
    text.trim_matches(is_js_space)
}

/// The start of `text` of at most `max` UTF-16 code units, as JavaScript's `slice(0, max)` cuts
/// it (a character whose two code units the cut would part is left out whole).
pub fn utf16_prefix(text: &str, max: usize) -> &str {
    let mut units = 0;
    for (at, c) in text.char_indices() {
        units += c.len_utf16();
        if units > max {
            return &text[..at];
        }
    }
    text
}

/// A page number: a whole number from 1 written in digits alone, else 1 (`pageParam`); a number
/// too large to hold is the largest there is (past every last page).
pub fn page_number(value: Option<&str>) -> usize {
    let Some(digits) = value else { return 1 };
    let valid = digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with('0');
    match (valid, digits.is_empty()) {
        (true, false) => digits.parse().unwrap_or(usize::MAX),
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_as_url_search_params_reads_them() {
        let [token, network, missing] = first_values(
            "token=a+b%20c&x=1&token=second&network=%FF%E6%89&tok%65n=third",
            ["token", "network", "contract"],
        );
        assert_eq!(token.as_deref(), Some("a b c"));
        assert_eq!(network.as_deref(), Some("\u{fffd}\u{fffd}"));
        assert_eq!(missing, None);
        let [broken] = first_values("q=%zz%&q", ["q"]);
        assert_eq!(broken.as_deref(), Some("%zz%"));
    }

    #[test]
    fn trimming_and_cutting_are_javascripts() {
        assert_eq!(js_trim("\u{feff}\u{3000} usdt\t\n"), "usdt");
        // U+0085 is white space to Rust, not to JavaScript.
        assert_eq!(js_trim("\u{85}a\u{85}"), "\u{85}a\u{85}");
        assert_eq!(utf16_prefix("abc", 2), "ab");
        assert_eq!(utf16_prefix("a🦀b", 2), "a");
        assert_eq!(utf16_prefix("a🦀b", 3), "a🦀");
        assert_eq!(utf16_prefix("托管", 100), "托管");
    }

    #[test]
    fn only_plain_digits_from_one_are_a_page() {
        for (value, page) in [
            (None, 1),
            (Some(""), 1),
            (Some("0"), 1),
            (Some("01"), 1),
            (Some("-2"), 1),
            (Some("+2"), 1),
            (Some("2.0"), 1),
            (Some("1e3"), 1),
            (Some(" 2"), 1),
            (Some("2"), 2),
            (Some("12"), 12),
            (Some("99999999999999999999999"), usize::MAX),
        ] {
            assert_eq!(page_number(value), page, "{value:?}");
        }
    }
}
