//! How a client verifies its own holdings (`holdings.toml`): our auditor's periodic attestation
//! that the client balances in our records are held at our wallets' addresses, its issuer, the day
//! the latest one describes, the day it was signed and the kind of engagement under its assurance
//! standard, and what it does not cover. Copy writes `{attestation.as-of}`; how often
//! it recurs is a frequency of `commitments.toml`, and the build refuses an attestation overtaken by
//! the next one due.

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::commitments::{Frequency, Interval};
use crate::text::prose::long_date;

/// `holdings.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Holdings {
    /// The latest attestation of client balances.
    pub attestation: Attestation,
}

/// An auditor's attestation of client balances.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attestation {
    /// The auditor: an issuer of a certification of `site.toml`.
    pub issuer: String,
    /// The day the balances are attested at.
    pub as_of: toml::value::Date,
    /// The day the report was signed.
    pub issued: toml::value::Date,
    /// The id of its `[[frequency]]` in `commitments.toml`.
    pub frequency: String,
    /// The kind of engagement the auditor performs.
    pub engagement: Engagement,
    /// The assurance standard the engagement follows, as each language writes it
    /// ("ISAE 3000 (Revised)" / "ISAE 3000（修订版）").
    pub standard: crate::text::bilingual::Bilingual,
    /// What the attestation does not cover, one phrase per language that every list of its limits
    /// cites as `{attestation.excludes}`.
    pub excludes: crate::text::bilingual::Bilingual,
}

/// The kind of an auditor's engagement, which says how much the attestation assures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Engagement {
    /// A reasonable-assurance engagement: the auditor gives an opinion.
    ReasonableAssurance,
    /// A limited-assurance engagement: the auditor found nothing that says otherwise.
    LimitedAssurance,
    /// Agreed-upon procedures: the auditor reports findings, and gives no assurance.
    AgreedUponProcedures,
}

impl Engagement {
    /// The engagement as copy reads it, with its standard: "a reasonable-assurance engagement
    /// under ISAE 3000 (Revised)" / "按 ISAE 3000（修订版）执行的合理保证鉴证业务".
    fn in_prose(self, standard: &str, lang: Lang) -> String {
        match (self, lang) {
            (Self::ReasonableAssurance, Lang::En) => {
                format!("a reasonable-assurance engagement under {standard}")
            }
            (Self::LimitedAssurance, Lang::En) => {
                format!("a limited-assurance engagement under {standard}")
            }
            (Self::AgreedUponProcedures, Lang::En) => {
                format!("agreed-upon procedures under {standard}, which give no assurance")
            }
            (Self::ReasonableAssurance, Lang::Zh) => {
                format!("按 {standard}执行的合理保证鉴证业务")
            }
            (Self::LimitedAssurance, Lang::Zh) => format!("按 {standard}执行的有限保证鉴证业务"),
            (Self::AgreedUponProcedures, Lang::Zh) => {
                format!("按 {standard}执行的商定程序（不提供鉴证保证）")
            }
        }
    }
}

/// Every attestation token of one language.
pub fn tokens(holdings: &Holdings, lang: Lang) -> Vec<(String, String)> {
    let attestation = &holdings.attestation;
    vec![
        ("attestation.issuer".to_owned(), attestation.issuer.clone()),
        (
            "attestation.as-of".to_owned(),
            long_date(attestation.as_of, lang),
        ),
        (
            "attestation.issued".to_owned(),
            long_date(attestation.issued, lang),
        ),
        (
            "attestation.engagement".to_owned(),
            attestation
                .engagement
                .in_prose(attestation.standard.of(lang), lang),
        ),
        (
            "attestation.excludes".to_owned(),
            attestation.excludes.of(lang).to_owned(),
        ),
    ]
}

/// What is wrong with the attestation, if anything, each with the text of the line it is near: an
/// issuer that is not our auditor (one of `auditors`, the issuers of the certifications), a
/// frequency that does not exist or is not counted in months, quarters or years, a report signed
/// before the day it describes, or one the next attestation overtook before the newest
/// announcement (`newest`).
pub fn problems(
    holdings: &Holdings,
    auditors: &[&str],
    frequencies: &[Frequency],
    newest: Option<toml::value::Date>,
) -> Vec<(String, String)> {
    let attestation = &holdings.attestation;
    let mut problems = Vec::new();
    if !auditors.contains(&attestation.issuer.as_str()) {
        problems.push((
            "issuer =".to_owned(),
            format!(
                "`{}` issued none of the reports of site.toml [[certification]]: the attestation \
                 is our auditor's",
                attestation.issuer
            ),
        ));
    }
    if day_number(attestation.issued) < day_number(attestation.as_of) {
        problems.push((
            "issued =".to_owned(),
            format!(
                "the attestation is signed on {} but describes {}, a later day",
                attestation.issued, attestation.as_of
            ),
        ));
    }
    let Some(frequency) = frequencies.iter().find(|f| f.id == attestation.frequency) else {
        problems.push((
            "frequency =".to_owned(),
            format!(
                "`{}` is not a [[frequency]] of commitments.toml",
                attestation.frequency
            ),
        ));
        return problems;
    };
    let Some(months) = months_of(frequency) else {
        problems.push((
            "frequency =".to_owned(),
            format!(
                "the frequency `{}` must be counted in months, quarters or years",
                frequency.id
            ),
        ));
        return problems;
    };
    if let Some(newest) = newest {
        let next_as_of = add_months(attestation.as_of, months);
        let lag = day_number(attestation.issued) - day_number(attestation.as_of);
        let next_issued = day_number(next_as_of) + lag;
        if day_number(newest) > next_issued {
            problems.push((
                "as_of =".to_owned(),
                format!(
                    "the attestation describes {}; the next, as of {next_as_of}, was due to be \
                     signed before the newest announcement ({newest}): bring it current",
                    attestation.as_of
                ),
            ));
        }
    }
    problems
}

/// The months a frequency spans, if it is counted in months, quarters or years.
fn months_of(frequency: &Frequency) -> Option<u32> {
    let unit = match frequency.every {
        Interval::Month => 1,
        Interval::Quarter => 3,
        Interval::Year => 12,
        _ => return None,
    };
    Some(unit * frequency.count)
}

/// The same day `months` later, or the month's last day when it has fewer days.
fn add_months(date: toml::value::Date, months: u32) -> toml::value::Date {
    let index = u32::from(date.month) - 1 + months;
    let year = u32::from(date.year) + index / 12;
    let month = index % 12 + 1;
    let last = days_in_month(year, month);
    toml::value::Date {
        year: u16::try_from(year).unwrap_or(u16::MAX),
        month: u8::try_from(month).unwrap_or(12),
        day: date.day.min(last),
    }
}

fn days_in_month(year: u32, month: u32) -> u8 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since an epoch, to compare and subtract days.
fn day_number(date: toml::value::Date) -> i64 {
    let (year, month) = (i64::from(date.year), i64::from(date.month));
    let (y, m) = if month <= 2 {
        (year - 1, month + 9)
    } else {
        (year, month - 3)
    };
    365 * y + y / 4 - y / 100 + y / 400 + (153 * m + 2) / 5 + i64::from(date.day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> toml::value::Date {
        text.parse::<toml::value::Datetime>().unwrap().date.unwrap()
    }

    fn quarterly() -> Frequency {
        toml::from_str("id = \"q\"\nwhat = \"\"\nevery = \"quarter\"").unwrap()
    }

    fn holdings(as_of: &str, issued: &str) -> Holdings {
        Holdings {
            attestation: Attestation {
                issuer: "Contoso".into(),
                as_of: day(as_of),
                issued: day(issued),
                frequency: "q".into(),
                engagement: Engagement::ReasonableAssurance,
                standard: crate::text::bilingual::Bilingual {
                    en: "ISAE 3000 (Revised)".into(),
                    zh: "ISAE 3000（修订版）".into(),
                },
                excludes: crate::text::bilingual::Bilingual {
                    en: "assets sent to an exchange".into(),
                    zh: "转至交易所的资产".into(),
                },
            },
        }
    }

    #[test]
    fn names_the_engagement_and_its_standard() {
        let tokens = tokens(&holdings("2026-09-30", "2026-10-30"), Lang::Zh);
        let engagement = tokens
            .iter()
            .find(|(name, _)| name == "attestation.engagement");
        assert_eq!(
            engagement.map(|(_, text)| text.as_str()),
            Some("按 ISAE 3000（修订版）执行的合理保证鉴证业务")
        );
    }

    #[test]
    fn adds_months_to_the_end_of_a_month() {
        assert_eq!(add_months(day("2026-09-30"), 3), day("2026-12-30"));
        assert_eq!(add_months(day("2026-11-30"), 3), day("2027-02-28"));
        assert_eq!(
            day_number(day("2026-10-30")) - day_number(day("2026-09-30")),
            30
        );
    }

    #[test]
    fn refuses_an_attestation_the_next_one_overtook() {
        let check = |as_of: &str, issued: &str, newest: &str| {
            problems(
                &holdings(as_of, issued),
                &["Contoso"],
                &[quarterly()],
                Some(day(newest)),
            )
            .len()
        };
        assert_eq!(check("2026-09-30", "2026-10-30", "2026-11-20"), 0);
        assert_eq!(check("2026-09-30", "2026-10-30", "2027-01-29"), 0);
        assert_eq!(check("2026-09-30", "2026-10-30", "2027-01-31"), 1);
        assert_eq!(check("2026-09-30", "2026-09-01", "2026-11-20"), 1);
    }
}
