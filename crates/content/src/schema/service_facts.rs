//! The facts behind the service-level table, the leadership, the exchanges connected to Oasis and
//! the regulators' public registers (`site.toml` `[service]`, `[[leader]]`, `[[exchange]]` and
//! `[[register]]`), written in copy as tokens like the figures: `{service.availability}`,
//! `{service.time-zone}`, `{cutoff.cold-withdrawal}`, `{leader.ceo}`, `{exchange.lumen}` and
//! `{register.mas}`. Typed by hand, each value is refused as a typed figure.

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::text::bilingual::Bilingual;

/// `site.toml` `[service]`: the service levels that are not durations.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServiceFacts {
    /// The monthly availability target of the client portal and the API, in per cent, written as
    /// a decimal string below 100 ("99.9"): a target, never a promise of 100%.
    pub availability_percent: String,
    /// The time zone of business hours and cut-offs: its offset from UTC in hours.
    pub utc_offset_hours: u8,
    /// The time zone's name in each language: "HKT/SGT" / "香港及新加坡时间".
    pub time_zone: Bilingual,
    /// When business hours begin on a business day, local time, `HH:MM`.
    pub opens: String,
    /// When business hours end on a business day, local time, `HH:MM`.
    pub closes: String,
    /// The cut-offs of the instructions that wait for a manual step, each within business hours.
    pub cutoff: Vec<Cutoff>,
}

impl ServiceFacts {
    /// The time zone's name in `lang`.
    pub fn zone(&self, lang: Lang) -> &str {
        self.time_zone.of(lang)
    }
}

/// One cut-off: an instruction fully approved by then on a business day is processed that day.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cutoff {
    /// The token's name: copy writes `{cutoff.{id}}`.
    pub id: String,
    /// Local time, `HH:MM`.
    pub time: String,
}

/// `site.toml` `[[leader]]` and `[[exchange]]`: a name the site states once, a member of the
/// management team or the board, or an exchange connected to Oasis. The names are fictional, like
/// the brand; what each does is copy in each language.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Named {
    /// The token's name: copy writes `{leader.{id}}` or `{exchange.{id}}`.
    pub id: String,
    /// The name, written the same in every language.
    pub name: String,
}

/// `site.toml` `[[register]]`: a regulator's public register, linked for the reader to verify a
/// licence; the site never fetches it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Register {
    /// The token's name: copy links `[text]({register.{id}})`.
    pub id: String,
    /// The register's public `https://` address.
    pub url: String,
}

/// Minutes since midnight of an `HH:MM` time, if it is one.
pub fn minutes(time: &str) -> Option<u32> {
    let (hours, minutes) = time.split_once(':')?;
    let valid = |part: &str| part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit());
    if !valid(hours) || !valid(minutes) {
        return None;
    }
    let (hours, minutes): (u32, u32) = (hours.parse().ok()?, minutes.parse().ok()?);
    (hours < 24 && minutes < 60).then_some(hours * 60 + minutes)
}

/// A local time with its UTC equivalent: "16:00 HKT/SGT (08:00 UTC)" / "香港及新加坡时间 16:00（UTC 08:00）".
fn local_time(service: &ServiceFacts, time: &str, lang: Lang) -> String {
    let offset = u32::from(service.utc_offset_hours) * 60;
    let utc = minutes(time).map_or_else(String::new, |local| {
        let utc = (local + 24 * 60 - offset) % (24 * 60);
        format!("{:02}:{:02}", utc / 60, utc % 60)
    });
    let zone = service.zone(lang);
    match lang {
        Lang::En => format!("{time} {zone} ({utc} UTC)"),
        Lang::Zh => format!("{zone} {time}（UTC {utc}）"),
    }
}

/// The facts of `site.toml` whose tokens this module writes.
#[derive(Debug, Clone, Copy)]
pub struct Facts<'a> {
    /// `[service]`.
    pub service: &'a ServiceFacts,
    /// `[[leader]]`.
    pub leaders: &'a [Named],
    /// `[[exchange]]`.
    pub exchanges: &'a [Named],
    /// `[[register]]`.
    pub registers: &'a [Register],
}

/// Every token of these facts in one language.
pub fn tokens(facts: Facts<'_>, lang: Lang) -> Vec<(String, String)> {
    let Facts {
        service,
        leaders,
        exchanges,
        registers,
    } = facts;
    let zone = service.zone(lang);
    let (hours, time_zone) = match lang {
        Lang::En => (
            format!("{}–{} {zone}", service.opens, service.closes),
            format!("{zone} (UTC+{})", service.utc_offset_hours),
        ),
        Lang::Zh => (
            format!("{zone} {}–{}", service.opens, service.closes),
            format!("{zone}（UTC+{}）", service.utc_offset_hours),
        ),
    };
    let mut tokens = vec![
        (
            "service.availability".to_owned(),
            format!("{}%", service.availability_percent),
        ),
        ("service.hours".to_owned(), hours),
        ("service.time-zone".to_owned(), time_zone),
    ];
    tokens.extend(service.cutoff.iter().map(|cutoff| {
        (
            format!("cutoff.{}", cutoff.id),
            local_time(service, &cutoff.time, lang),
        )
    }));
    tokens.extend(
        leaders
            .iter()
            .map(|leader| (format!("leader.{}", leader.id), leader.name.clone())),
    );
    tokens.extend(
        exchanges
            .iter()
            .map(|exchange| (format!("exchange.{}", exchange.id), exchange.name.clone())),
    );
    tokens.extend(
        registers
            .iter()
            .map(|register| (format!("register.{}", register.id), register.url.clone())),
    );
    tokens
}

/// What is wrong with these facts, if anything: times that are not `HH:MM`, a time zone more
/// than 14 hours from UTC, cut-offs outside business hours, an availability
/// target that is not a percentage below 100, a register that is not an `https://` address.
pub fn problems(facts: Facts<'_>) -> Vec<String> {
    let Facts {
        service, registers, ..
    } = facts;
    let mut problems = Vec::new();
    if service.utc_offset_hours > 14 {
        problems.push(format!(
            "`service.utc_offset_hours` {} is not a time zone's offset",
            service.utc_offset_hours
        ));
    }
    let target = service.availability_percent.parse::<f64>();
    if !target.is_ok_and(|target| target > 0.0 && target < 100.0) {
        problems.push(format!(
            "`service.availability_percent` \"{}\" must be a percentage above 0 and below 100: a target, never a promise",
            service.availability_percent
        ));
    }
    let (opens, closes) = (minutes(&service.opens), minutes(&service.closes));
    if opens
        .zip(closes)
        .is_none_or(|(opens, closes)| opens >= closes)
    {
        problems.push(format!(
            "`service.opens` \"{}\" and `service.closes` \"{}\" must be HH:MM times, opening first",
            service.opens, service.closes
        ));
    }
    for cutoff in &service.cutoff {
        let within = minutes(&cutoff.time)
            .zip(opens.zip(closes))
            .is_some_and(|(time, (opens, closes))| time > opens && time <= closes);
        if !within {
            problems.push(format!(
                "cut-off `{}` \"{}\" must be an HH:MM time within business hours",
                cutoff.id, cutoff.time
            ));
        }
    }
    for register in registers {
        if !register.url.starts_with("https://") || register.url.contains([' ', '"', ')']) {
            problems.push(format!(
                "register `{}`: \"{}\" is not an https:// address",
                register.id, register.url
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts<'a>(service: &'a ServiceFacts, registers: &'a [Register]) -> Facts<'a> {
        Facts {
            service,
            leaders: &[],
            exchanges: &[],
            registers,
        }
    }

    fn service(availability: &str, cutoff: &str) -> ServiceFacts {
        ServiceFacts {
            availability_percent: availability.into(),
            utc_offset_hours: 8,
            time_zone: Bilingual {
                en: "HKT/SGT".into(),
                zh: "香港及新加坡时间".into(),
            },
            opens: "09:00".into(),
            closes: "18:00".into(),
            cutoff: vec![Cutoff {
                id: "cold-withdrawal".into(),
                time: cutoff.into(),
            }],
        }
    }

    #[test]
    fn writes_cutoffs_with_their_utc_time_in_each_language() {
        let service = service("99.9", "12:00");
        let zh = tokens(facts(&service, &[]), Lang::Zh);
        assert!(zh.contains(&(
            "cutoff.cold-withdrawal".into(),
            "香港及新加坡时间 12:00（UTC 04:00）".into()
        )));
        assert!(zh.contains(&(
            "service.time-zone".into(),
            "香港及新加坡时间（UTC+8）".into()
        )));
        let en = tokens(facts(&service, &[]), Lang::En);
        assert!(en.contains(&(
            "cutoff.cold-withdrawal".into(),
            "12:00 HKT/SGT (04:00 UTC)".into()
        )));
        assert!(en.contains(&("service.availability".into(), "99.9%".into())));
        assert!(en.contains(&("service.time-zone".into(), "HKT/SGT (UTC+8)".into())));
    }

    #[test]
    fn refuses_a_promise_of_full_availability_and_a_cutoff_after_hours() {
        let problems_of = |availability: &str, cutoff: &str| {
            problems(facts(&service(availability, cutoff), &[])).len()
        };
        assert_eq!(problems_of("99.9", "12:00"), 0);
        assert_eq!(problems_of("100", "12:00"), 1);
        assert_eq!(problems_of("99.9", "19:30"), 1);
        assert_eq!(problems_of("99.9", "7:00"), 1);
        let register = [Register {
            id: "mas".into(),
            url: "http://example.org".into(),
        }];
        let service = service("99.9", "12:00");
        assert_eq!(problems(facts(&service, &register)).len(), 1);
    }
}
