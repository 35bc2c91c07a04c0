//! What every application the validation accepts holds, as one check its property tests
//! (`crates/applications/tests/validation_properties.rs`) and the contact fuzz target
//! (`fuzz/src/lib.rs`) run on each accepted input: every text trimmed, within its length and free
//! of [`unstorable`] characters, every code valid, the phone in E.164 under its calling code, an
//! address, and consent given.

use custody_content::schema::contact::{BUSINESS_TYPES, MAX_CHARS};
use custody_content::schema::countries::is_country;

use crate::application::Application;
use crate::checks::unstorable;

/// The first promise of the validation that `application` breaks, in words, or `None`.
pub fn broken_promise(application: &Application) -> Option<String> {
    let texts = [
        ("company", &application.company, MAX_CHARS.company),
        (
            "contactPerson",
            &application.contact_person,
            MAX_CHARS.contact_person,
        ),
        ("phone", &application.phone, MAX_CHARS.phone),
        ("email", &application.email, MAX_CHARS.email),
        // The website gains its scheme when none was typed.
        (
            "website",
            &application.website,
            MAX_CHARS.website + "https://".len(),
        ),
    ];
    for (field, text, limit) in texts {
        let chars = text.chars().count();
        if text.trim() != text.as_str() {
            return Some(format!("{field} is not trimmed: {text:?}"));
        }
        if text.chars().any(unstorable) {
            return Some(format!("{field} holds an unstorable character: {text:?}"));
        }
        if chars > limit {
            return Some(format!("{field} is {chars} characters, over {limit}"));
        }
    }
    let e164 = &application.phone_e164;
    let broken = [
        (
            application.company.is_empty() || application.contact_person.is_empty(),
            "no company or contact person",
        ),
        (!is_country(&application.country), "not a country"),
        (!is_country(&application.area_code), "not an area code"),
        (
            !BUSINESS_TYPES.contains(&application.business_type.as_str()),
            "not a business type",
        ),
        (
            !application.calling_code.starts_with('+')
                || !e164.starts_with(&application.calling_code)
                || e164.len() < 2
                || !e164[1..].bytes().all(|b| b.is_ascii_digit()),
            "the phone is not E.164 under its calling code",
        ),
        (
            !application.website.is_empty() && !application.website.starts_with("http"),
            "a website without its scheme",
        ),
        (!application.email.contains('@'), "an email without @"),
        (!application.consent, "no consent"),
    ];
    broken
        .into_iter()
        .find(|(is_broken, _)| *is_broken)
        .map(|(_, what)| format!("{what}: {application:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::application::Submission;

    /// A Hong Kong applicant's answers, typed with stray spaces and no scheme, as the
    /// validation accepts them.
    fn accepted() -> Application {
        let submission = Submission {
            company: Some("  Harbour Digital Treasury Limited ".into()),
            country: Some("hk".into()),
            business_type: Some(BUSINESS_TYPES[1].into()),
            website: Some("harbour-digital.example.com".into()),
            contact_person: Some("Chan Siu Ming".into()),
            area_code: Some("HK".into()),
            phone: Some("5123 4567".into()),
            email: Some(" treasury@harbour-digital.example.com".into()),
            consent: Some(true),
            ..Submission::default()
        };
        submission.validate().expect("accepted")
    }

    #[test]
    fn an_application_as_the_validation_accepts_it_keeps_every_promise() {
        assert_eq!(broken_promise(&accepted()), None);
    }

    #[test]
    fn each_kind_of_broken_promise_is_named() {
        let mut untrimmed = accepted();
        untrimmed.company.push(' ');
        let mut bidi = accepted();
        bidi.contact_person.push('\u{202e}');
        let mut other_code = accepted();
        other_code.phone_e164 = "+6591234567".into();
        let mut no_consent = accepted();
        no_consent.consent = false;
        for (application, words) in [
            (untrimmed, "company is not trimmed"),
            (bidi, "contactPerson holds an unstorable character"),
            (other_code, "not E.164 under its calling code"),
            (no_consent, "no consent"),
        ] {
            let broken = broken_promise(&application).expect("a broken promise");
            assert!(broken.contains(words), "{broken}");
        }
    }
}
