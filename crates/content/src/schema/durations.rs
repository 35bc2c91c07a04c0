//! Durations and service levels as data (`site.toml` `[[duration]]`): each written once, and
//! written in copy as `{duration.claim-notice}`, which each language renders its own way ("24
//! hours" / "24 小时", "two business days" / "两个工作日").

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::text::numbers::grouped;

/// `site.toml` `[[duration]]`: one period the site promises or states.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Duration {
    /// The token's name: copy writes `{duration.{id}}`.
    pub id: String,
    /// How many units.
    pub value: u32,
    /// The unit.
    pub unit: DurationUnit,
}

/// The units a duration is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DurationUnit {
    /// Minutes.
    Minutes,
    /// Hours, counted around the clock.
    Hours,
    /// Hours within business hours on business days (a desk open only then counts in them).
    BusinessHours,
    /// Business days of the entity (weekends and public holidays excluded).
    BusinessDays,
    /// Calendar days.
    Days,
    /// Calendar months.
    Months,
    /// Years.
    Years,
}

impl DurationUnit {
    /// Whether the unit counts only business time, so that a desk open in business hours can
    /// keep a promise made in it.
    pub fn is_business_time(self) -> bool {
        matches!(self, Self::BusinessHours | Self::BusinessDays)
    }
}

impl DurationUnit {
    /// The English unit, singular and plural.
    fn en(self) -> (&'static str, &'static str) {
        match self {
            Self::Minutes => ("minute", "minutes"),
            Self::Hours => ("hour", "hours"),
            Self::BusinessHours => ("business hour", "business hours"),
            Self::BusinessDays => ("business day", "business days"),
            Self::Days => ("day", "days"),
            Self::Months => ("month", "months"),
            Self::Years => ("year", "years"),
        }
    }

    /// The Chinese unit, with the measure word where it takes one.
    fn zh(self) -> &'static str {
        match self {
            Self::Minutes => "分钟",
            Self::Hours => "小时",
            Self::BusinessHours => "个工作小时",
            Self::BusinessDays => "个工作日",
            Self::Days => "天",
            Self::Months => "个月",
            Self::Years => "年",
        }
    }
}

/// English writes one to ten in words ("ten business days"), larger values in figures.
const EN_WORDS: [&str; 11] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

/// Chinese writes one to ten in numerals (两个工作日, 十个工作日, 一年), larger values in figures.
const ZH_NUMERALS: [&str; 11] = [
    "零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十",
];

impl Duration {
    /// The duration as copy in `lang` reads it: "24 hours", "ten business days", "one year" /
    /// "24 小时", "十个工作日", "两个工作日".
    pub fn in_prose(&self, lang: Lang) -> String {
        let count = in_words(self.value, lang);
        match lang {
            Lang::En => {
                let (one, many) = self.unit.en();
                let unit = if self.value == 1 { one } else { many };
                format!("{count} {unit}")
            }
            Lang::Zh if usize::try_from(self.value).is_ok_and(|v| v < ZH_NUMERALS.len()) => {
                format!("{count}{}", self.unit.zh())
            }
            Lang::Zh => format!("{count} {}", self.unit.zh()),
        }
    }
}

/// A count as prose writes it: one to ten in words in English ("three") and in numerals in
/// Chinese (三, 两), larger counts in figures ("24").
pub fn in_words(value: u32, lang: Lang) -> String {
    let small = usize::try_from(value).ok();
    let word = match lang {
        Lang::En => small.and_then(|v| EN_WORDS.get(v)),
        Lang::Zh => small.and_then(|v| ZH_NUMERALS.get(v)),
    };
    word.map_or_else(|| grouped(u64::from(value)), |word| (*word).to_owned())
}

/// Every duration token of one language: `duration.{id}` and its text.
pub fn tokens(durations: &[Duration], lang: Lang) -> impl Iterator<Item = (String, String)> + '_ {
    durations
        .iter()
        .map(move |d| (format!("duration.{}", d.id), d.in_prose(lang)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duration(value: u32, unit: DurationUnit) -> Duration {
        Duration {
            id: "x".into(),
            value,
            unit,
        }
    }

    #[test]
    fn writes_each_language_its_own_way() {
        let cases = [
            (24, DurationUnit::Hours, "24 hours", "24 小时"),
            (
                10,
                DurationUnit::BusinessDays,
                "ten business days",
                "十个工作日",
            ),
            (
                2,
                DurationUnit::BusinessDays,
                "two business days",
                "两个工作日",
            ),
            (
                1,
                DurationUnit::BusinessDays,
                "one business day",
                "一个工作日",
            ),
            (1, DurationUnit::Years, "one year", "一年"),
            (40, DurationUnit::Days, "40 days", "40 天"),
        ];
        for (value, unit, en, zh) in cases {
            assert_eq!(duration(value, unit).in_prose(Lang::En), en);
            assert_eq!(duration(value, unit).in_prose(Lang::Zh), zh);
        }
    }
}
