//! Recurring commitments as data (`commitments.toml`): how often we reconcile, rehearse
//! recovery, test the incident plan, rotate keys, review the privacy policy and the supported
//! tokens (`[[frequency]]`), and when the processes that are not channels run (`[[hours]]`).
//! Copy writes `{frequency.reconciliation}` ("every business day" / "每个工作日") and
//! `{hours.deposits}`; a frequency typed in copy is refused (`validate/typed_frequencies.rs`).

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::durations::in_words;
use crate::schema::hours::Hours;
use crate::schema::service_facts::ServiceFacts;

/// `commitments.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Commitments {
    /// How often something recurs.
    pub frequency: Vec<Frequency>,
    /// When a process runs.
    pub hours: Vec<ProcessHours>,
}

/// Something we do at a fixed interval.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Frequency {
    /// The token's name: copy writes `{frequency.{id}}`.
    pub id: String,
    /// What recurs, in English, as the claims register states it.
    pub what: String,
    /// The interval's unit.
    pub every: Interval,
    /// How many units the interval spans. Default: one.
    #[serde(default = "one")]
    pub count: u32,
    /// The interval is the longest between two occurrences ("at least once a year").
    #[serde(default)]
    pub at_least: bool,
}

fn one() -> u32 {
    1
}

/// The unit of a frequency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Interval {
    /// An hour.
    Hour,
    /// A calendar day.
    Day,
    /// A business day of the entity.
    BusinessDay,
    /// A week.
    Week,
    /// A calendar month.
    Month,
    /// A quarter.
    Quarter,
    /// A year.
    Year,
}

/// When a process that is not a channel runs (deposits credited, Oasis settlement).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcessHours {
    /// The token's name: copy writes `{hours.{id}}`.
    pub id: String,
    /// What runs, in English, as the claims register states it.
    pub what: String,
    /// When it runs.
    pub hours: Hours,
}

impl Interval {
    /// The English unit, singular and plural.
    fn en(self) -> (&'static str, &'static str) {
        match self {
            Self::Hour => ("hour", "hours"),
            Self::Day => ("day", "days"),
            Self::BusinessDay => ("business day", "business days"),
            Self::Week => ("week", "weeks"),
            Self::Month => ("month", "months"),
            Self::Quarter => ("quarter", "quarters"),
            Self::Year => ("year", "years"),
        }
    }

    /// The Chinese unit after 每 with one unit (每年) and with a count (每三年).
    fn zh(self) -> (&'static str, &'static str) {
        match self {
            Self::Hour => ("小时", "小时"),
            Self::Day => ("天", "天"),
            Self::BusinessDay => ("个工作日", "个工作日"),
            Self::Week => ("周", "周"),
            Self::Month => ("月", "个月"),
            Self::Quarter => ("季度", "个季度"),
            Self::Year => ("年", "年"),
        }
    }
}

impl Frequency {
    /// The frequency as copy reads it: "every business day", "at least once a year", "at least
    /// once every three years" / "每个工作日", "至少每年一次", "至少每三年一次".
    pub fn in_prose(&self, lang: Lang) -> String {
        let count = in_words(self.count, lang);
        match lang {
            Lang::En => {
                let (one, many) = self.every.en();
                match (self.at_least, self.count) {
                    (false, 1) => format!("every {one}"),
                    (false, _) => format!("every {count} {many}"),
                    (true, 1) => format!("at least once a {one}"),
                    (true, _) => format!("at least once every {count} {many}"),
                }
            }
            Lang::Zh => {
                let (one, many) = self.every.zh();
                let every = if self.count == 1 {
                    format!("每{one}")
                } else {
                    format!("每{count}{many}")
                };
                if self.at_least {
                    format!("至少{every}一次")
                } else {
                    every
                }
            }
        }
    }
}

impl Frequency {
    /// The interval alone, for a sentence that says how many times itself: "at least every two
    /// years" / "至少每两年", so that Chinese puts the count after its verb ("至少每两年轮换一次",
    /// not "轮换至少每两年一次").
    pub fn interval(&self, lang: Lang) -> String {
        let count = in_words(self.count, lang);
        let every = match (lang, self.count) {
            (Lang::En, 1) => format!("every {}", self.every.en().0),
            (Lang::En, _) => format!("every {count} {}", self.every.en().1),
            (Lang::Zh, 1) => format!("每{}", self.every.zh().0),
            (Lang::Zh, _) => format!("每{count}{}", self.every.zh().1),
        };
        match (self.at_least, lang) {
            (false, _) => every,
            (true, Lang::En) => format!("at least {every}"),
            (true, Lang::Zh) => format!("至少{every}"),
        }
    }
}

/// Every frequency and hours token of one language.
pub fn tokens(
    commitments: &Commitments,
    service: &ServiceFacts,
    lang: Lang,
) -> Vec<(String, String)> {
    let frequencies = commitments.frequency.iter().flat_map(|f| {
        [
            (format!("frequency.{}", f.id), f.in_prose(lang)),
            (format!("frequency.{}.interval", f.id), f.interval(lang)),
        ]
    });
    let hours = commitments
        .hours
        .iter()
        .map(|h| (format!("hours.{}", h.id), h.hours.in_prose(service, lang)));
    frequencies.chain(hours).collect()
}

/// What is wrong with the commitments, if anything: a count of zero, or "at least once every
/// business day", which says nothing a plain "every business day" does not.
pub fn problems(commitments: &Commitments) -> Vec<(String, String)> {
    commitments
        .frequency
        .iter()
        .filter_map(|f| {
            let message = if f.count == 0 {
                format!("frequency `{}`: `count` must be at least 1", f.id)
            } else if f.at_least && matches!(f.every, Interval::Hour | Interval::BusinessDay) {
                format!(
                    "frequency `{}`: \"at least once\" an hour or a business day is not a \
                     commitment; write it without `at_least`",
                    f.id
                )
            } else {
                return None;
            };
            Some((format!("id = \"{}\"", f.id), message))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frequency(every: Interval, count: u32, at_least: bool) -> Frequency {
        Frequency {
            id: "x".into(),
            what: String::new(),
            every,
            count,
            at_least,
        }
    }

    #[test]
    fn writes_each_language_its_own_way() {
        let cases = [
            (
                Interval::BusinessDay,
                1,
                false,
                "every business day",
                "每个工作日",
            ),
            (
                Interval::Year,
                1,
                true,
                "at least once a year",
                "至少每年一次",
            ),
            (Interval::Year, 1, false, "every year", "每年"),
            (
                Interval::Year,
                3,
                true,
                "at least once every three years",
                "至少每三年一次",
            ),
            (Interval::Hour, 1, false, "every hour", "每小时"),
            (Interval::Month, 6, false, "every six months", "每六个月"),
        ];
        for (every, count, at_least, en, zh) in cases {
            let f = frequency(every, count, at_least);
            assert_eq!(f.in_prose(Lang::En), en);
            assert_eq!(f.in_prose(Lang::Zh), zh);
        }
    }

    #[test]
    fn gives_the_interval_alone_for_a_sentence_that_counts_itself() {
        let every_two_years = frequency(Interval::Year, 2, true);
        assert_eq!(every_two_years.interval(Lang::Zh), "至少每两年");
        assert_eq!(
            every_two_years.interval(Lang::En),
            "at least every two years"
        );
        let daily = frequency(Interval::BusinessDay, 1, false);
        assert_eq!(daily.interval(Lang::Zh), "每个工作日");
    }

    #[test]
    fn refuses_an_empty_or_meaningless_interval() {
        let commitments = Commitments {
            frequency: vec![
                frequency(Interval::Year, 0, false),
                frequency(Interval::BusinessDay, 1, true),
                frequency(Interval::Year, 1, true),
            ],
            hours: vec![],
        };
        assert_eq!(problems(&commitments).len(), 2);
    }
}
