//! The facts behind how custody works and the service-level table, the leadership, the exchanges
//! connected to Oasis and the regulators' public registers (`site.toml` `[keys]`, `[service]`,
//! `[[leader]]`, `[[exchange]]` and `[[register]]`), written in copy as tokens like the figures:
//! `{keys.threshold}`, `{service.availability}`, `{cutoff.cold-withdrawal}`, `{leader.ceo}`,
//! `{exchange.lumen}` and `{register.mas}`. Typed by hand, each value is refused as a typed figure.

use serde::{Deserialize, Serialize};

use super::Lang;

/// `site.toml` `[service]`: the service levels that are not durations.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServiceFacts {
    /// The monthly availability target of the client portal and the API, in per cent, written as
    /// a decimal string below 100 ("99.9"): a target, never a promise of 100%.
    pub availability_percent: String,
    /// When business hours begin on a business day, local time (HKT/SGT, UTC+8), `HH:MM`.
    pub opens: String,
    /// When business hours end on a business day, local time, `HH:MM`.
    pub closes: String,
    /// The cut-offs of the instructions that wait for a manual step, each within business hours.
    pub cutoff: Vec<Cutoff>,
}

/// One cut-off: an instruction fully approved by then on a business day is processed that day.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cutoff {
    /// The token's name: copy writes `{cutoff.{id}}`.
    pub id: String,
    /// Local time (HKT/SGT, UTC+8), `HH:MM`.
    pub time: String,
}

/// `site.toml` `[keys]`: how signing keys are held.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyFacts {
    /// The certification of the hardware security modules, as its scheme writes it.
    pub hsm_certification: String,
    /// How many keys must sign a cold-wallet transaction: more than half of `keys`, fewer than all.
    pub threshold: u8,
    /// How many keys exist for each cold wallet, each in a hardware security module of its own site.
    pub keys: u8,
    /// On how many continents the keys' sites are, spread as evenly as they go, so that no
    /// continent holds `threshold` keys.
    pub continents: u8,
}

/// `site.toml` `[[leader]]`, `[[insurer]]` and `[[exchange]]`: a name the site states once, a
/// member of the management team or the board, the insurance policy's broker or underwriter, or
/// an exchange connected to Oasis. The names are fictional, like
/// the brand; what each does is copy in each language.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Named {
    /// The token's name: copy writes `{leader.{id}}`, `{insurer.{id}}` or `{exchange.{id}}`.
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

/// Hours between local time (HKT/SGT) and UTC.
const UTC_OFFSET_HOURS: u32 = 8;

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
fn local_time(time: &str, lang: Lang) -> String {
    let utc = minutes(time).map_or_else(String::new, |local| {
        let utc = (local + 24 * 60 - UTC_OFFSET_HOURS * 60) % (24 * 60);
        format!("{:02}:{:02}", utc / 60, utc % 60)
    });
    match lang {
        Lang::En => format!("{time} HKT/SGT ({utc} UTC)"),
        Lang::Zh => format!("香港及新加坡时间 {time}（UTC {utc}）"),
    }
}

/// The facts of `site.toml` whose tokens this module writes.
#[derive(Debug, Clone, Copy)]
pub struct Facts<'a> {
    /// `[keys]`.
    pub keys: &'a KeyFacts,
    /// `[service]`.
    pub service: &'a ServiceFacts,
    /// `[[leader]]`.
    pub leaders: &'a [Named],
    /// `[[insurer]]`.
    pub insurers: &'a [Named],
    /// `[[exchange]]`.
    pub exchanges: &'a [Named],
    /// `[[register]]`.
    pub registers: &'a [Register],
}

/// Every token of these facts in one language.
pub fn tokens(facts: Facts<'_>, lang: Lang) -> Vec<(String, String)> {
    let Facts {
        keys,
        service,
        leaders,
        insurers,
        exchanges,
        registers,
    } = facts;
    let hours = match lang {
        Lang::En => format!("{}–{} HKT/SGT", service.opens, service.closes),
        Lang::Zh => format!("香港及新加坡时间 {}–{}", service.opens, service.closes),
    };
    let mut tokens = vec![
        (
            "service.availability".to_owned(),
            format!("{}%", service.availability_percent),
        ),
        ("service.hours".to_owned(), hours),
        ("keys.hsm".to_owned(), keys.hsm_certification.clone()),
        (
            "keys.threshold".to_owned(),
            match lang {
                Lang::En => format!("{}-of-{}", keys.threshold, keys.keys),
                Lang::Zh => format!("{}/{}", keys.threshold, keys.keys),
            },
        ),
    ];
    tokens.extend(service.cutoff.iter().map(|cutoff| {
        (
            format!("cutoff.{}", cutoff.id),
            local_time(&cutoff.time, lang),
        )
    }));
    tokens.extend(
        leaders
            .iter()
            .map(|leader| (format!("leader.{}", leader.id), leader.name.clone())),
    );
    tokens.extend(
        insurers
            .iter()
            .map(|insurer| (format!("insurer.{}", insurer.id), insurer.name.clone())),
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

/// What is wrong with these facts, if anything: a signing threshold that is not a majority short
/// of every key, times that are not `HH:MM`, cut-offs outside business hours, an availability
/// target that is not a percentage below 100, a register that is not an `https://` address.
pub fn problems(facts: Facts<'_>) -> Vec<String> {
    let Facts {
        keys,
        service,
        registers,
        ..
    } = facts;
    let mut problems = Vec::new();
    if keys.threshold <= keys.keys / 2 || keys.threshold >= keys.keys {
        problems.push(format!(
            "`keys.threshold` {} of {} keys must be more than half of them and fewer than all, so \
             that no two groups can sign apart and the loss of one key stops no withdrawal",
            keys.threshold, keys.keys
        ));
    }
    if keys.continents == 0 || keys.keys.div_ceil(keys.continents.max(1)) >= keys.threshold {
        problems.push(format!(
            "`keys.continents` {}: spread over them, the {} keys must leave every continent with \
             fewer than the {} that sign, so that no one continent can sign alone",
            keys.continents, keys.keys, keys.threshold
        ));
    }
    if keys.hsm_certification.trim().is_empty() {
        problems.push("`keys.hsm_certification` is empty".to_owned());
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

    const KEYS: KeyFacts = KeyFacts {
        hsm_certification: String::new(),
        threshold: 3,
        keys: 5,
        continents: 3,
    };

    fn facts<'a>(
        keys: &'a KeyFacts,
        service: &'a ServiceFacts,
        registers: &'a [Register],
    ) -> Facts<'a> {
        Facts {
            keys,
            service,
            leaders: &[],
            insurers: &[],
            exchanges: &[],
            registers,
        }
    }

    fn keys(threshold: u8, keys: u8) -> KeyFacts {
        KeyFacts {
            hsm_certification: "FIPS 140-3 Level 3".into(),
            threshold,
            keys,
            continents: 3,
        }
    }

    fn service(availability: &str, cutoff: &str) -> ServiceFacts {
        ServiceFacts {
            availability_percent: availability.into(),
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
        let keys = keys(3, 5);
        let service = service("99.9", "12:00");
        let zh = tokens(facts(&keys, &service, &[]), Lang::Zh);
        assert!(zh.contains(&(
            "cutoff.cold-withdrawal".into(),
            "香港及新加坡时间 12:00（UTC 04:00）".into()
        )));
        assert!(zh.contains(&("keys.threshold".into(), "3/5".into())));
        let en = tokens(facts(&keys, &service, &[]), Lang::En);
        assert!(en.contains(&(
            "cutoff.cold-withdrawal".into(),
            "12:00 HKT/SGT (04:00 UTC)".into()
        )));
        assert!(en.contains(&("keys.threshold".into(), "3-of-5".into())));
        assert!(en.contains(&("service.availability".into(), "99.9%".into())));
    }

    #[test]
    fn refuses_a_promise_of_full_availability_and_a_cutoff_after_hours() {
        let good = keys(3, 5);
        let problems_of = |keys: &KeyFacts, availability: &str, cutoff: &str| {
            problems(facts(keys, &service(availability, cutoff), &[])).len()
        };
        assert_eq!(problems_of(&good, "99.9", "12:00"), 0);
        assert_eq!(problems_of(&good, "100", "12:00"), 1);
        assert_eq!(problems_of(&good, "99.9", "19:30"), 1);
        assert_eq!(problems_of(&good, "99.9", "7:00"), 1);
        let register = [Register {
            id: "mas".into(),
            url: "http://example.org".into(),
        }];
        let service = service("99.9", "12:00");
        assert_eq!(problems(facts(&good, &service, &register)).len(), 1);
    }

    #[test]
    fn refuses_a_threshold_that_is_no_majority_or_needs_every_key() {
        // Over three continents: (2, 5) is no majority, and two keys on one continent sign.
        for (threshold, keys_held, problems) in [(3, 5, 0), (2, 5, 2), (5, 5, 1), (2, 3, 0)] {
            let service = service("99.9", "12:00");
            let keys = keys(threshold, keys_held);
            assert_eq!(super::problems(facts(&keys, &service, &[])).len(), problems);
        }
        let service = service("99.9", "12:00");
        assert_eq!(super::problems(facts(&KEYS, &service, &[])).len(), 1);
    }

    #[test]
    fn refuses_continents_too_few_for_the_threshold() {
        let service = service("99.9", "12:00");
        for (continents, problems) in [(3, 0), (2, 1), (1, 1), (0, 1), (5, 0)] {
            let keys = KeyFacts {
                continents,
                ..keys(3, 5)
            };
            let found = super::problems(facts(&keys, &service, &[]));
            assert_eq!(found.len(), problems, "{continents} continents: {found:?}");
        }
    }
}
