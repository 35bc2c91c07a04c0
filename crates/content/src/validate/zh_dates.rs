//! The spacing of figures in Chinese copy (content/README.md, "Figures and dates in Chinese"): a
//! space between a figure and a Chinese character, except inside a date, which is one word
//! (`2026年10月24日`, `2012年`), as the site's own dates (`ui/src/components/FormattedDate.tsx`)
//! show them beside the typed ones.

use crate::ContentError;
use crate::source::files::ContentFiles;
use crate::source::lines::current_copy_lines;
use crate::text::cjk_spacing::is_cjk;

/// The byte offsets in `text` of the dates written with spaces: a year and month (`2026 年 3 月`),
/// with or without the day, a month and day (`10 月 24 日`), or a year of four figures alone
/// (`2012 年`), with a space anywhere inside.
pub fn spaced_dates(text: &str) -> Vec<usize> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < chars.len() {
        let starts_number =
            chars[index].1.is_ascii_digit() && (index == 0 || !chars[index - 1].1.is_ascii_digit());
        if !starts_number {
            index += 1;
            continue;
        }
        let (units, spaced, end) = date_chain(&chars, index);
        let year = units == ['年']
            && chars[index..]
                .iter()
                .take_while(|c| c.1.is_ascii_digit())
                .count()
                == 4;
        let is_date = year || units.starts_with(&['年', '月']) || units.starts_with(&['月', '日']);
        if is_date && spaced {
            found.push(chars[index].0);
        }
        index = end.max(index + 1);
    }
    found
}

/// Reads numbers and date units from `start` (`2026 年 10 月 24 日`): the units in order, whether a
/// space stood between a number and its unit or a unit and the next number, and where it ended.
fn date_chain(chars: &[(usize, char)], start: usize) -> (Vec<char>, bool, usize) {
    let at = |index: usize| chars.get(index).map(|&(_, c)| c);
    let mut units = Vec::new();
    let mut spaced = false;
    let mut index = start;
    loop {
        let digits = index;
        while at(index).is_some_and(|c| c.is_ascii_digit()) {
            index += 1;
        }
        if index == digits {
            return (units, spaced, index);
        }
        let gap = usize::from(at(index) == Some(' '));
        let Some(unit) = at(index + gap).filter(|c| matches!(c, '年' | '月' | '日')) else {
            return (units, spaced, index);
        };
        spaced |= gap == 1;
        units.push(unit);
        index += gap + 1;
        let gap = usize::from(at(index) == Some(' '));
        if unit == '日' || !at(index + gap).is_some_and(|c| c.is_ascii_digit()) {
            return (units, spaced, index);
        }
        spaced |= gap == 1;
        index += gap;
    }
}

/// The byte offsets in `text` where a figure and a Chinese character meet without a space
/// (`02:00起`, `第1`), outside a date: the offset of the second of the two.
pub fn unspaced_figures(text: &str) -> Vec<usize> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    chars
        .windows(2)
        .filter(|w| {
            let (a, b) = (w[0].1, w[1].1);
            let figure_then_han =
                a.is_ascii_digit() && is_cjk(Some(b)) && !matches!(b, '年' | '月' | '日');
            let han_then_figure =
                is_cjk(Some(a)) && b.is_ascii_digit() && !matches!(a, '年' | '月');
            figure_then_han || han_then_figure
        })
        .map(|w| w[1].0)
        .collect()
}

/// Every spaced date, and every figure set against a Chinese character without a space, in the
/// Chinese content files (comment lines and announcements kept as published aside).
pub fn check(files: &ContentFiles) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for (name, text) in files.iter().filter(|(name, _)| name.starts_with("zh/")) {
        for (line_start, line) in current_copy_lines(text) {
            let dates = spaced_dates(line).into_iter().map(|offset| {
                (
                    offset,
                    "write this date without spaces, as the site shows dates: 2026年10月24日",
                )
            });
            let figures = unspaced_figures(line).into_iter().map(|offset| {
                (offset, "put a space between a figure and a Chinese character (UTC 02:00 起); only a date is written solid")
            });
            for (offset, message) in dates.chain(figures) {
                errors.push(ContentError::at_offset(
                    name,
                    text,
                    line_start + offset,
                    message,
                ));
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::{spaced_dates, unspaced_figures};

    #[test]
    fn finds_each_date_written_with_spaces() {
        assert_eq!(
            spaced_dates("2026 年 10 月 24 日（星期六）及 2027 年 1 月 1 日"),
            [0, 41]
        );
        assert_eq!(spaced_dates("于 2026 年 3 月起").len(), 1);
        assert_eq!(spaced_dates("10月24 日").len(), 1);
        assert_eq!(
            spaced_dates("《2012 年个人资料保护法令》，2022 年版").len(),
            2
        );
    }

    #[test]
    fn leaves_compact_dates_and_durations_alone() {
        assert!(spaced_dates("2026年10月24日（星期六）").is_empty());
        assert!(spaced_dates("于 2026年10月24日 起").is_empty());
        assert!(spaced_dates("须在 30 日内提交，按 T+1 结算，逾 400 种资产").is_empty());
        assert!(spaced_dates("每 12 个月复核一次，2019年发布").is_empty());
        assert!(spaced_dates("为期 5 年，逾 300 年").is_empty());
    }

    #[test]
    fn finds_figures_against_chinese_outside_dates() {
        assert_eq!(unspaced_figures("UTC 02:00起"), [9]);
        assert_eq!(unspaced_figures("第1 批"), [3]);
        assert!(
            unspaced_figures("于 2026年10月24日起，UTC 02:00 起，300 家，ISO 9001、SOC 2")
                .is_empty()
        );
    }
}
