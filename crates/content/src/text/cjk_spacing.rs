//! How a value filled into copy meets the Chinese text around it: a space between a Chinese
//! character and a figure or Latin letter ("在 24 小时内"), none between two Chinese characters
//! ("5,000 万美元及以上", not "5,000 万美元 及以上"), whatever the copy wrote around the token.

/// Pushes `value` onto `out` and returns the copy after it, spaced the way Chinese sets a value
/// among its characters: a space where a figure or Latin letter meets a Chinese character when
/// `space_figures` is set (the value's text varies with the data, so copy cannot), and never a
/// space between a Chinese character of the value and one of the copy, even where the copy typed
/// one.
pub fn push_value<'t>(
    out: &mut String,
    value: &str,
    after: &'t str,
    space_figures: bool,
) -> &'t str {
    let first = value.chars().next();
    let last = value.chars().next_back();
    if is_cjk(first) && out.ends_with(' ') {
        let before_space = out[..out.len() - 1].chars().next_back();
        if is_cjk(before_space) {
            out.pop();
        }
    } else if space_figures && latin(first) && is_cjk(out.chars().next_back()) {
        out.push(' ');
    }
    out.push_str(value);
    match after.strip_prefix(' ') {
        Some(rest) if is_cjk(last) && is_cjk(rest.chars().next()) => rest,
        _ => {
            if space_figures && latin(last) && is_cjk(after.chars().next()) {
                out.push(' ');
            }
            after
        }
    }
}

/// Whether `c` is a figure, a Latin letter or a percent sign: what Chinese spaces from its
/// characters.
fn latin(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '%')
}

/// Whether `c` is a Chinese character (CJK unified ideographs).
pub fn is_cjk(c: Option<char>) -> bool {
    c.is_some_and(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// The places in `text` where a space stands between two Chinese characters, as byte offsets of
/// the space: a stray space Simplified Chinese never sets.
pub fn stray_spaces(text: &str) -> Vec<usize> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    chars
        .windows(3)
        .filter(|w| w[1].1 == ' ' && is_cjk(Some(w[0].1)) && is_cjk(Some(w[2].1)))
        .map(|w| w[1].0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(before: &str, value: &str, after: &str, space_figures: bool) -> String {
        let mut out = before.to_owned();
        let rest = push_value(&mut out, value, after, space_figures);
        out.push_str(rest);
        out
    }

    #[test]
    fn drops_the_space_copy_typed_between_chinese_characters() {
        assert_eq!(
            filled("", "5,000 万美元", " 及以上", false),
            "5,000 万美元及以上"
        );
        assert_eq!(
            filled("超过 ", "5,000 万美元", " 的资产", true),
            "超过 5,000 万美元的资产"
        );
        assert_eq!(
            filled("由 ", "新加坡实体", " 提供", false),
            "由新加坡实体提供"
        );
    }

    #[test]
    fn spaces_figures_and_latin_letters_from_chinese_characters() {
        assert_eq!(filled("在", "24 小时", "内", true), "在 24 小时内");
        assert_eq!(filled("每年 ", "0.25%", "收取", true), "每年 0.25% 收取");
        assert_eq!(filled("在", "两个工作日", "内", true), "在两个工作日内");
        assert_eq!(
            filled("由 ", "Example Ltd.", " 提供", false),
            "由 Example Ltd. 提供"
        );
        assert_eq!(filled("within ", "24 hours", ".", true), "within 24 hours.");
    }

    #[test]
    fn finds_a_stray_space_between_chinese_characters() {
        assert_eq!(stray_spaces("5,000 万美元 及以上"), vec![15]);
        assert!(stray_spaces("在 24 小时内；Kestrel Custody 的账户").is_empty());
    }
}
