//! Durations are never typed either: copy in `en/` and `zh/` that states a period ("24 hours",
//! "ten business days", "10 个工作日", "两个工作日") fails with its file and line, and the token
//! to write when `site.toml` has the duration, or the advice to add it there when it has not.

use crate::schema::durations::Duration;
use crate::source::files::{ContentFiles, language_files};
use crate::source::lines::current_copy_lines;
use crate::{ContentError, Lang};

/// English numbers written out, longest first so that "twenty-four" wins over "twenty".
const EN_NUMBERS: [&str; 26] = [
    "twenty-four",
    "thirty",
    "forty-five",
    "forty",
    "sixty",
    "ninety",
    "twenty",
    "twelve",
    "eleven",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "seven",
    "three",
    "eight",
    "four",
    "five",
    "nine",
    "one",
    "two",
    "six",
    "ten",
];

/// English units of time, longest first.
const EN_UNITS: [&str; 20] = [
    "business days",
    "business day",
    "business hours",
    "business hour",
    "working days",
    "working day",
    "calendar days",
    "calendar day",
    "minutes",
    "minute",
    "months",
    "month",
    "hours",
    "hour",
    "weeks",
    "week",
    "years",
    "year",
    "days",
    "day",
];

/// Phrases after "N years" that make it an age, not a period.
const EN_AGES: [&str; 2] = [" of age", " old"];

/// Phrases before "N years" that make it an age.
const EN_AGED: [&str; 2] = ["aged ", "age of "];

/// Chinese units of time, longest first. 年 counts only after a Chinese numeral (一年): after
/// digits it is a date (2026 年); 日 only after digits and a space, not after a month (40 日,
/// but 12月25日). Weeks are not among them: 四周 is more often "all around".
const ZH_UNITS: [&str; 13] = [
    "个工作日",
    "个工作小时",
    "工作小时",
    "个营业日",
    "个自然日",
    "工作日",
    "自然日",
    "小时",
    "分钟",
    "个月",
    "天",
    "年",
    "日",
];

/// Chinese numerals a period may be written with.
const ZH_NUMERALS: &str = "零一二两三四五六七八九十百千";

/// Characters before a Chinese numeral that make it an ordinal or a determiner, not a count:
/// 下一个工作日 is "the next business day", 过去一年 "the past year".
const ZH_NOT_A_COUNT: &str = "下上第每同这哪统唯去";

/// Every duration typed in the language folders, comment lines aside.
pub fn check(files: &ContentFiles, durations: &[Duration]) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for (name, text, lang) in language_files(files) {
        for (line_start, line) in current_copy_lines(text) {
            for (offset, typed) in typed_in(line, lang) {
                let tokens: Vec<String> = durations
                    .iter()
                    .filter(|d| d.in_prose(lang) == typed)
                    .map(|d| format!("{{duration.{}}}", d.id))
                    .collect();
                let advice = if tokens.is_empty() {
                    "add it to [[duration]] in site.toml and write its {duration.…} token"
                        .to_owned()
                } else {
                    format!("write {} so that it follows the data", tokens.join(" or "))
                };
                errors.push(ContentError::at_offset(
                    name,
                    text,
                    line_start + offset,
                    format!("the duration “{typed}” is typed; {advice}"),
                ));
            }
        }
    }
    errors
}

/// The durations typed in one line of `lang`, each with its byte offset.
pub fn typed_in(line: &str, lang: Lang) -> Vec<(usize, &str)> {
    match lang {
        Lang::En => typed_en(line),
        Lang::Zh => typed_zh(line),
    }
}

fn typed_en(line: &str) -> Vec<(usize, &str)> {
    let lower = line.to_ascii_lowercase();
    let mut found = Vec::new();
    let mut from = 0;
    while from < lower.len() {
        let starts_word = lower[..from]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let rest = &lower[from..];
        let number = if !starts_word {
            0
        } else if rest.starts_with(|c: char| c.is_ascii_digit()) {
            rest.find(|c: char| !(c.is_ascii_digit() || c == ','))
                .unwrap_or(rest.len())
        } else {
            EN_NUMBERS
                .iter()
                .find(|word| rest.starts_with(**word))
                .map_or(0, |word| word.len())
        };
        let after = &rest[number..];
        let unit = (number > 0 && after.starts_with([' ', '-']))
            .then(|| EN_UNITS.iter().find(|unit| after[1..].starts_with(**unit)))
            .flatten();
        if let Some(unit) = unit {
            let end = number + 1 + unit.len();
            let tail = &rest[end..];
            let whole_word = !tail.starts_with(|c: char| c.is_alphanumeric() || c == '-');
            let age = unit.starts_with("year")
                && (EN_AGES.iter().any(|a| tail.starts_with(a))
                    || EN_AGED.iter().any(|a| lower[..from].ends_with(a)));
            if whole_word && !age {
                found.push((from, &line[from..from + end]));
                from += end;
                continue;
            }
        }
        from += rest.chars().next().map_or(1, char::len_utf8);
    }
    found
}

fn typed_zh(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut from = 0;
    while from < line.len() {
        let before = line[..from].chars().next_back();
        let rest = &line[from..];
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == ','))
            .unwrap_or(rest.len());
        let numerals = rest
            .find(|c: char| !ZH_NUMERALS.contains(c))
            .unwrap_or(rest.len());
        let (number, in_digits, spaced) =
            if digits > 0 && !before.is_some_and(|c| c.is_ascii_digit()) {
                let space = rest[digits..].starts_with(' ');
                (digits + usize::from(space), true, space)
            } else if numerals > 0
                && !before.is_some_and(|c| ZH_NOT_A_COUNT.contains(c) || ZH_NUMERALS.contains(c))
            {
                (numerals, false, false)
            } else {
                (0, false, false)
            };
        let after = &rest[number..];
        let unit = (number > 0)
            .then(|| ZH_UNITS.iter().find(|unit| after.starts_with(**unit)))
            .flatten()
            .filter(|unit| match **unit {
                "年" => !in_digits,
                "日" => spaced && !line[..from].trim_end().ends_with('月'),
                _ => true,
            });
        if let Some(unit) = unit {
            let end = number + unit.len();
            found.push((from, &line[from..from + end]));
            from += end;
            continue;
        }
        from += rest.chars().next().map_or(1, char::len_utf8);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::durations::DurationUnit;

    fn typed(line: &str, lang: Lang) -> Vec<&str> {
        typed_in(line, lang).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn finds_english_periods_in_figures_and_words() {
        assert_eq!(
            typed(
                "Notify us within 24 hours; we answer in ten business days, One business day or 40 days.",
                Lang::En
            ),
            vec![
                "24 hours",
                "ten business days",
                "One business day",
                "40 days"
            ]
        );
        assert_eq!(
            typed("a 24-hour desk, kept for one year", Lang::En),
            vec!["24-hour", "one year"]
        );
    }

    #[test]
    fn leaves_english_ages_counts_and_longer_words_alone() {
        assert!(
            typed(
                "aged 18 years or over, 18 years old, someone daily, 3 business lines, T+1, \
                 the next business day, 2026 year-end",
                Lang::En
            )
            .is_empty()
        );
    }

    #[test]
    fn finds_chinese_periods_in_figures_and_numerals() {
        assert_eq!(
            typed(
                "须在 24 小时内通知，约两小时恢复，10 个工作日，一年，三个月，40 日内",
                Lang::Zh
            ),
            vec![
                "24 小时",
                "两小时",
                "10 个工作日",
                "一年",
                "三个月",
                "40 日"
            ]
        );
    }

    #[test]
    fn leaves_chinese_dates_ordinals_and_ages_alone() {
        assert!(
            typed(
                "2026 年 12 月 25 日；2026年12月25日；下一个工作日；年满 18 周岁；第一年；过去一年；四周留白",
                Lang::Zh
            )
            .is_empty()
        );
    }

    #[test]
    fn reports_the_token_or_asks_for_a_fact() {
        let durations = [Duration {
            id: "claim-notice".into(),
            value: 24,
            unit: DurationUnit::Hours,
        }];
        let files = ContentFiles::from([
            (
                "zh/faq.toml".to_owned(),
                "# 24 小时\nbody = \"24 小时内通知；40 天内答复\"\n".to_owned(),
            ),
            ("site.toml".to_owned(), "within = \"24 hours\"\n".to_owned()),
        ]);
        let errors: Vec<String> = check(&files, &durations)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            errors,
            vec![
                "content/zh/faq.toml:2: the duration “24 小时” is typed; write \
                 {duration.claim-notice} so that it follows the data",
                "content/zh/faq.toml:2: the duration “40 天” is typed; add it to [[duration]] \
                 in site.toml and write its {duration.…} token",
            ]
        );
    }

    #[test]
    fn a_period_typed_into_the_service_levels_is_refused() {
        let durations = [Duration {
            id: "warm-withdrawal".into(),
            value: 30,
            unit: DurationUnit::Minutes,
        }];
        let page = |lang: &str, text: &str| {
            (
                format!("{lang}/marketing/how-custody-works.toml"),
                text.to_owned(),
            )
        };
        let en = include_str!("../../../../content/en/marketing/how-custody-works.toml");
        let zh = include_str!("../../../../content/zh/marketing/how-custody-works.toml");
        let written = ContentFiles::from([page("en", en), page("zh", zh)]);
        assert!(check(&written, &durations).is_empty());
        let typed = ContentFiles::from([
            page(
                "en",
                &en.replacen("{duration.warm-withdrawal}", "30 minutes", 1),
            ),
            page(
                "zh",
                &zh.replacen("{duration.warm-withdrawal}", "30 分钟", 1),
            ),
        ]);
        let errors: Vec<String> = check(&typed, &durations)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors
                .iter()
                .all(|e| e.contains("write {duration.warm-withdrawal}"))
        );
    }
}
