//! Announcements and the FAQ restate fees, so they type no percentage and no amount of money at
//! all, whether or not it matches a fee of `fees.toml` ("0.25 %", "USD 5,000.00", "5000 美元"):
//! a fee is cited as the schedule states it (`{fee.above.text}`, `{fee.setup.amount}`), and
//! anything else is said in words.

use crate::source::files::ContentFiles;
use crate::source::lines::current_copy_lines;
use crate::{ContentError, Lang};

/// The language files whose copy may type no percentage or amount of money.
const FILES: [&str; 2] = ["announcements.toml", "faq.toml"];

/// Every percentage or amount of money typed in the announcements and the FAQ.
pub fn check(files: &ContentFiles) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for lang in Lang::ALL {
        for file in FILES {
            let name = format!("{}/{file}", lang.code());
            let Some(text) = files.get(&name) else {
                continue;
            };
            for (line_start, line) in current_copy_lines(text) {
                for (offset, typed) in typed_in(line) {
                    errors.push(ContentError::at_offset(
                        &name,
                        text,
                        line_start + offset,
                        format!(
                            "“{typed}” is typed: cite a fee as the fee schedule states it \
                             ({{fee.…}}), and say anything else in words"
                        ),
                    ));
                }
            }
        }
    }
    errors
}

/// The percentages and amounts of money typed in one line, each with its byte offset.
fn typed_in(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(start) = line[from..]
        .find(|c: char| c.is_ascii_digit())
        .map(|at| from + at)
    {
        let len = line[start..]
            .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
            .unwrap_or(line.len() - start);
        let number = line[start..start + len].trim_end_matches([',', '.']);
        let end = start + number.len();
        let inside_token = line[..start]
            .rfind('{')
            .is_some_and(|open| !line[open..start].contains('}'));
        let attached = line[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '/');
        if !inside_token && !attached {
            let after = &line[end..];
            let before = &line[..start];
            let unit_after = [
                "%",
                " %",
                "％",
                " 美元",
                "美元",
                " 万美元",
                "万美元",
                " 亿美元",
                "亿美元",
            ]
            .iter()
            .find(|unit| after.starts_with(**unit));
            let unit_before = ["USD ", "US$", "USD", "$"]
                .iter()
                .find(|unit| before.ends_with(**unit));
            match (unit_before, unit_after) {
                (Some(unit), _) => found.push((start - unit.len(), &line[start - unit.len()..end])),
                (None, Some(unit)) => found.push((start, &line[start..end + unit.len()])),
                (None, None) => {}
            }
        }
        from = start + len.max(1);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(line: &str) -> Vec<&str> {
        typed_in(line).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn finds_percentages_and_amounts_of_money_in_both_languages() {
        assert_eq!(
            typed("0.25 % a year above USD 50 million, USD 1.00, 5,000 美元, 3% and US$20."),
            vec!["0.25 %", "USD 50", "USD 1.00", "5,000 美元", "3%", "US$20"]
        );
    }

    #[test]
    fn leaves_tokens_dates_times_and_counts_alone() {
        assert!(
            typed("{fee.above.rate} from 1 February 2025 at 10:00 SGT; T+1; ISO/IEC 27001; 4 assets; v2.5")
                .is_empty()
        );
    }
}
