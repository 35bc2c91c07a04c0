//! Rules that keep the site's claims supportable by its data: no assurance report older than the
//! site's news, no more EVM chains claimed than named, durations named once each, and a brand
//! boilerplate that partners quote exactly and that names every certification and the insurance.

use std::collections::BTreeSet;

use super::findings::is_slug;
use crate::schema::model::{Certification, Content, Evidence};
use crate::schema::section_items::Figure;
use crate::source::files::ContentFiles;
use crate::tokens::figures;
use crate::{ContentError, Lang};

/// The most months a report's period may have ended before the newest announcement: older
/// assurance is stale, and is brought current (a new period, or a bridge letter) or withdrawn.
const REPORT_MAX_AGE_MONTHS: i32 = 12;

/// Runs every rule and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let text = files
        .get("site.toml")
        .map(String::as_str)
        .unwrap_or_default();
    let site = &content.site;
    let mut errors = Vec::new();
    let newest = content
        .locale(Lang::En)
        .announcements
        .announcement
        .iter()
        .map(|a| a.date)
        .max_by_key(|d| (d.year, d.month, d.day));
    if let Some(newest) = newest {
        for certification in &site.certification {
            if let Some(message) = stale_report(certification, newest) {
                let needle = format!("id = \"{}\"", certification.id);
                errors.push(ContentError::near("site.toml", text, &needle, message));
            }
        }
    }
    let named = figures::evm_chains_named(site);
    if site.figures.evm_chains as usize > named {
        errors.push(ContentError::near(
            "site.toml",
            text,
            "evm_chains",
            format!(
                "the site claims {}+ EVM chains but [[chain]] names {named} of the evm family",
                site.figures.evm_chains
            ),
        ));
    }
    for lang in Lang::ALL {
        let long = &content.locale(lang).site.brand.long;
        let insurance = figures::in_prose(site, Figure::Insurance, lang);
        for missing in boilerplate_omits(long, &site.certification, &insurance) {
            let file = format!("{}/site.toml", lang.code());
            let text = files.get(&file).map(String::as_str).unwrap_or_default();
            errors.push(ContentError::near(
                &file,
                text,
                "long =",
                format!(
                    "the brand boilerplate (`brand.long`) omits {missing}; partners quote it \
                     exactly, so it names every certification of site.toml and the insurance limit"
                ),
            ));
        }
    }
    let mut ids = BTreeSet::new();
    for duration in &site.duration {
        let needle = format!("id = \"{}\"", duration.id);
        if !is_slug(&duration.id) || !ids.insert(duration.id.as_str()) {
            errors.push(ContentError::near(
                "site.toml",
                text,
                &needle,
                format!("duration id `{}` must be a unique slug", duration.id),
            ));
        }
        if duration.value == 0 {
            errors.push(ContentError::near(
                "site.toml",
                text,
                &needle,
                format!("duration `{}` must be at least 1", duration.id),
            ));
        }
    }
    errors
}

/// What the brand boilerplate (its tokens filled in) leaves out: each certification by name, and
/// the insurance limit.
fn boilerplate_omits(long: &str, certifications: &[Certification], insurance: &str) -> Vec<String> {
    let mut missing: Vec<String> = certifications
        .iter()
        .filter(|c| !long.contains(&c.name))
        .map(|c| c.name.clone())
        .collect();
    if !long.contains(insurance) {
        missing.push(format!("the insurance limit ({insurance})"));
    }
    missing
}

/// Why a report is too old to publish beside announcements dated up to `newest`, if it is: its
/// period (or the day it describes) ended more than [`REPORT_MAX_AGE_MONTHS`] before.
fn stale_report(certification: &Certification, newest: toml::value::Date) -> Option<String> {
    let ended = match certification.evidence()? {
        Evidence::ReportForPeriod(_, end) => end,
        Evidence::ReportAsOf(day) => day,
        Evidence::Certificate(..) => return None,
    };
    let months = (i32::from(newest.year) - i32::from(ended.year)) * 12 + i32::from(newest.month)
        - i32::from(ended.month)
        - i32::from(newest.day < ended.day);
    (months > REPORT_MAX_AGE_MONTHS).then(|| {
        format!(
            "the {} report ends {ended}, {months} months before the newest announcement \
             ({newest}); bring its period current or withdraw it (at most \
             {REPORT_MAX_AGE_MONTHS} months)",
            certification.name
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(fields: &str) -> Certification {
        toml::from_str(&format!(
            "id = \"soc2\"\nname = \"SOC 2 Type 2\"\nissuer = \"Contoso\"\n{fields}"
        ))
        .unwrap()
    }

    fn day(text: &str) -> toml::value::Date {
        text.parse::<toml::value::Datetime>().unwrap().date.unwrap()
    }

    #[test]
    fn refuses_a_report_older_than_twelve_months() {
        let soc2 = report("period_start = 2024-07-01\nperiod_end = 2025-06-30");
        let message = stale_report(&soc2, day("2026-11-20")).expect("stale");
        assert!(
            message.starts_with("the SOC 2 Type 2 report ends 2025-06-30, 16 months before"),
            "{message}"
        );
        assert!(stale_report(&soc2, day("2026-06-30")).is_none());
        assert!(stale_report(&soc2, day("2026-07-30")).is_some());
        let soc1 = report("as_of = 2025-03-31");
        assert!(stale_report(&soc1, day("2026-11-20")).is_some());
        assert!(stale_report(&soc1, day("2026-03-31")).is_none());
    }

    #[test]
    fn the_boilerplate_names_every_certification_and_the_insurance() {
        let certifications = [
            report("as_of = 2026-06-30"),
            report("certificate = \"QMS 990017\"\nvalid_until = 2027-03-31"),
        ];
        let mut iso = certifications[1].clone();
        iso.name = "ISO 9001".into();
        let certifications = [certifications[0].clone(), iso];
        assert!(
            boilerplate_omits(
                "It holds SOC 2 Type 2 and ISO 9001, insured up to USD 50 million.",
                &certifications,
                "USD 50 million"
            )
            .is_empty()
        );
        assert_eq!(
            boilerplate_omits(
                "It holds SOC 2 Type 2 reports.",
                &certifications,
                "USD 50 million"
            ),
            vec!["ISO 9001", "the insurance limit (USD 50 million)"]
        );
    }

    #[test]
    fn certificates_are_dated_by_their_expiry_instead() {
        let iso = report("certificate = \"QMS 990017\"\nvalid_until = 2027-03-31");
        assert!(stale_report(&iso, day("2030-01-01")).is_none());
    }
}
