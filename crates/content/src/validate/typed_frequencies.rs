//! Frequencies are never typed: copy in `en/` and `zh/` that says how often something happens
//! ("every business day", "at least once a year", "daily", 每个工作日, 至少每年一次) fails with
//! its file and line, and the `{frequency.…}` token to write when `commitments.toml` has the
//! frequency, or the advice to add it there. So is a typed claim that something runs around the
//! clock ("around the clock", 全天候): it is written as the hours token of the channel or the
//! process it describes.

use crate::schema::commitments::Frequency;
use crate::schema::hours::AROUND_THE_CLOCK;
use crate::source::files::{ContentFiles, language_files};
use crate::source::lines::current_copy_lines;
use crate::text::words::find;
use crate::{ContentError, Lang};

/// English frequencies, longest first so that "at least once a year" wins over "once a year".
const EN: [&str; 31] = [
    "at least once a year",
    "at least once a month",
    "at least once a quarter",
    "every business day",
    "each business day",
    "every working day",
    "every calendar day",
    "every day",
    "each day",
    "every hour",
    "every week",
    "each week",
    "every month",
    "each month",
    "every quarter",
    "each quarter",
    "every year",
    "each year",
    "once a year",
    "twice a year",
    "once a quarter",
    "once a month",
    "once a week",
    "once a day",
    "annually",
    "quarterly",
    "weekly",
    "daily",
    "hourly",
    "yearly",
    "per annum",
];

/// Chinese frequencies, longest first.
const ZH: [&str; 16] = [
    "至少每年一次",
    "每年至少一次",
    "至少每季度一次",
    "每一个工作日",
    "每个工作日",
    "每个营业日",
    "一年一次",
    "一年两次",
    "每季度",
    "每星期",
    "每小时",
    "每天",
    "每日",
    "每周",
    "每季",
    "每年",
];

/// Every frequency, and every typed claim of running around the clock, in the language folders,
/// comment lines aside.
pub fn check(files: &ContentFiles, frequencies: &[Frequency]) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for (name, text, lang) in language_files(files) {
        for (line_start, line) in current_copy_lines(text) {
            for (offset, typed) in typed_in(line, lang) {
                let tokens: Vec<String> = frequencies
                    .iter()
                    .filter(|f| f.in_prose(lang) == typed)
                    .map(|f| format!("{{frequency.{}}}", f.id))
                    .collect();
                let message = if AROUND_THE_CLOCK
                    .iter()
                    .any(|(p, _)| p.eq_ignore_ascii_case(typed))
                {
                    format!(
                        "“{typed}” is typed: write the hours of the channel or the process it \
                         describes ({{channel.….hours}}, {{hours.…}}), so that it says what the \
                         data says"
                    )
                } else if tokens.is_empty() {
                    format!(
                        "the frequency “{typed}” is typed; add it to [[frequency]] in \
                         commitments.toml and write its {{frequency.…}} token"
                    )
                } else {
                    format!(
                        "the frequency “{typed}” is typed; write {} so that it follows the data",
                        tokens.join(" or ")
                    )
                };
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

/// The frequencies and around-the-clock claims typed in one line of `lang`, each with its byte
/// offset; of overlapping phrases only the first and longest.
pub fn typed_in(line: &str, lang: Lang) -> Vec<(usize, &str)> {
    let listed: &[&str] = match lang {
        Lang::En => &EN,
        Lang::Zh => &ZH,
    };
    let phrases = listed.iter().copied().chain(
        AROUND_THE_CLOCK
            .iter()
            .filter(|(_, l)| *l == lang)
            .map(|(p, _)| *p),
    );
    let mut found: Vec<(usize, usize)> = Vec::new();
    for phrase in phrases {
        let mut from = 0;
        while let Some(at) = find(&line[from..], phrase, lang).map(|at| from + at) {
            let end = at + phrase.len();
            let whole = lang == Lang::Zh
                || !line[end..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-');
            if whole && !is_fee_rate(line, at, end, lang) {
                found.push((at, end));
            }
            from = end;
        }
    }
    found.sort_by_key(|&(start, end)| (start, std::cmp::Reverse(end)));
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for (start, end) in found {
        if kept.last().is_none_or(|&(_, last_end)| start >= last_end) {
            kept.push((start, end));
        }
    }
    kept.into_iter()
        .map(|(start, end)| (start, &line[start..end]))
        .collect()
}

/// Whether a Chinese 每年 is the "a year" of a fee rate or a limit (每年 {fee.custody.rate},
/// 每年收费, 每年累计赔偿限额), not a frequency: what follows is an amount or a charge.
fn is_fee_rate(line: &str, start: usize, end: usize, lang: Lang) -> bool {
    lang == Lang::Zh && &line[start..end] == "每年" && {
        let after = line[end..].trim_start();
        ["{", "收", "累计"]
            .iter()
            .any(|next| after.starts_with(next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::commitments::Interval;

    fn typed(line: &str, lang: Lang) -> Vec<&str> {
        typed_in(line, lang).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn finds_english_frequencies_and_claims_of_running_around_the_clock() {
        assert_eq!(
            typed(
                "We reconcile every business day, rehearse at least once a year, staffed around the clock; Daily.",
                Lang::En
            ),
            vec![
                "every business day",
                "at least once a year",
                "around the clock",
                "Daily"
            ]
        );
        assert!(typed("day-to-day operations, the dailyness, a year", Lang::En).is_empty());
    }

    #[test]
    fn finds_chinese_frequencies_but_not_fee_rates() {
        assert_eq!(
            typed(
                "每个工作日对账，至少每年一次演练，全天候值守；按托管资产每年 {fee.custody.rate} 收取",
                Lang::Zh
            ),
            vec!["每个工作日", "至少每年一次", "全天候"]
        );
    }

    #[test]
    fn reports_the_token_or_asks_for_a_fact() {
        let frequencies = [Frequency {
            id: "reconciliation".into(),
            what: String::new(),
            every: Interval::BusinessDay,
            count: 1,
            at_least: false,
        }];
        let files = ContentFiles::from([(
            "en/faq.toml".to_owned(),
            "# every year\nbody = \"every business day; every year; around the clock\"\n"
                .to_owned(),
        )]);
        let errors: Vec<String> = check(&files, &frequencies)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].starts_with("content/en/faq.toml:2: the frequency “every business day” is typed; write {frequency.reconciliation}"));
        assert!(errors[1].contains("add it to [[frequency]]"));
        assert!(errors[2].contains("write the hours of the channel"));
    }
}
