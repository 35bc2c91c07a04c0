//! An application as the browser sends it, and its validation into the fields that are stored.
//! Every rule of the form is applied again here; each refused field comes back with its reason
//! (`field.rs`), which the site words with the form's own messages (`{lang}/contact.toml`), so a
//! visitor sees the same words whichever side finds the problem.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::checks::{self, TextProblem};
use super::field::{Field, Problems, Reason};
use super::phone;
use custody_content::Lang;
use custody_content::schema::contact::{BUSINESS_TYPES, ContactCopy, MAX_CHARS};
use custody_content::schema::countries;

/// The JSON body of `POST /api/contact`. Every field is optional so that a missing answer is
/// reported with its own message; unknown fields make the body unreadable.
#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[ts(optional_fields = nullable)]
pub struct Submission {
    /// `en` or `zh`: the language of the page and of the answer.
    pub lang: Option<String>,
    /// Company name.
    pub company: Option<String>,
    /// ISO 3166-1 alpha-2 code of the country or region.
    pub country: Option<String>,
    /// One of the fixed business types.
    pub business_type: Option<String>,
    /// Company website.
    pub website: Option<String>,
    /// Contact person.
    pub contact_person: Option<String>,
    /// Region code of the chosen phone area code (`HK` for +852).
    pub area_code: Option<String>,
    /// Phone number without the area code.
    pub phone: Option<String>,
    /// Email address.
    pub email: Option<String>,
    /// The consent box.
    pub consent: Option<bool>,
    /// A request the page was opened with (`oasis-demo`).
    pub request: Option<String>,
    /// Path of the page the form was sent from.
    pub source_page: Option<String>,
    /// The honeypot: a field people never see. Anything in it marks the sender as a robot.
    pub fax: Option<String>,
}

/// The fields of an accepted application, cleaned: trimmed, codes upper case, the website with
/// its scheme, the phone number also in E.164.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Application {
    /// Company name.
    pub company: String,
    /// ISO 3166-1 alpha-2 code.
    pub country: String,
    /// Business type value.
    pub business_type: String,
    /// Website with its scheme.
    pub website: String,
    /// Contact person.
    pub contact_person: String,
    /// Region code of the area code.
    pub area_code: String,
    /// The international calling code, `+852`.
    pub calling_code: String,
    /// The phone number as typed.
    pub phone: String,
    /// The full number in E.164, `+85221234567`.
    pub phone_e164: String,
    /// Email address, its domain in lower case.
    pub email: String,
    /// Always `true`: an application without consent is refused.
    pub consent: bool,
}

/// Most characters of the page path recorded with an application.
const MAX_SOURCE_PAGE_CHARS: usize = 300;

/// Why a body is refused before its fields are looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// `lang`, `request` or `sourcePage` holds a value the page never sends.
    UnknownValue,
}

impl Submission {
    /// The language the sender asked for, if it is one of the site's.
    pub fn language(&self) -> Result<Option<Lang>, Unreadable> {
        match self.lang.as_deref() {
            None => Ok(None),
            Some(code) => Lang::from_code(code)
                .map(Some)
                .ok_or(Unreadable::UnknownValue),
        }
    }

    /// Whether the honeypot was filled.
    pub fn is_robot(&self) -> bool {
        self.fax
            .as_deref()
            .is_some_and(|fax| !fax.trim().is_empty())
    }

    /// The request id, checked against the requests the form knows.
    pub fn request(&self, copy: &ContactCopy) -> Result<Option<String>, Unreadable> {
        match self.request.as_deref() {
            None | Some("") => Ok(None),
            Some(id) if copy.request.contains_key(id) => Ok(Some(id.to_owned())),
            Some(_) => Err(Unreadable::UnknownValue),
        }
    }

    /// The page path the form was sent from: a site path without control characters (nor any
    /// other character an answer may not hold).
    pub fn source_page(&self) -> Result<Option<String>, Unreadable> {
        match self.source_page.as_deref() {
            None | Some("") => Ok(None),
            Some(path)
                if path.starts_with('/')
                    && path.chars().count() <= MAX_SOURCE_PAGE_CHARS
                    && !path.chars().any(checks::unstorable) =>
            {
                Ok(Some(path.to_owned()))
            }
            Some(_) => Err(Unreadable::UnknownValue),
        }
    }

    /// Applies every rule of the form; all problems are reported at once, each field with the
    /// reason it is refused (the site words them in the form's language).
    pub fn validate(&self) -> Result<Application, Problems> {
        let mut errors = Problems::new();
        let mut text = |field: Field, value: &Option<String>, max: usize| match checks::text(
            value.as_deref().unwrap_or_default(),
            max,
        ) {
            Ok(text) if text.is_empty() => {
                errors.insert(field, Reason::Missing);
                String::new()
            }
            Ok(text) => text,
            Err(problem) => {
                let reason = match problem {
                    TextProblem::TooLong => Reason::TooLong,
                    TextProblem::ControlCharacters => Reason::ControlCharacters,
                };
                errors.insert(field, reason);
                String::new()
            }
        };
        let company = text(Field::Company, &self.company, MAX_CHARS.company);
        let contact_person = text(
            Field::ContactPerson,
            &self.contact_person,
            MAX_CHARS.contact_person,
        );
        let website = text(Field::Website, &self.website, MAX_CHARS.website);
        let phone = text(Field::Phone, &self.phone, MAX_CHARS.phone);
        let email = text(Field::Email, &self.email, MAX_CHARS.email);

        let country = upper(&self.country);
        if !countries::is_country(&country) {
            errors.insert(Field::Country, missing_or_invalid(&country));
        }
        let business_type = self.business_type.clone().unwrap_or_default();
        if !BUSINESS_TYPES.contains(&business_type.as_str()) {
            errors.insert(Field::BusinessType, missing_or_invalid(&business_type));
        }
        let website = match checks::website(&website) {
            Some(website) => website,
            None => {
                errors.entry(Field::Website).or_insert(Reason::Invalid);
                String::new()
            }
        };
        let area_code = upper(&self.area_code);
        let calling_code = phone::calling_code(&area_code);
        if calling_code.is_none() {
            errors.insert(Field::AreaCode, missing_or_invalid(&area_code));
        }
        let phone_e164 = match calling_code {
            Some(code) => phone::e164(&phone, &area_code, code),
            None => phone::plausible(&phone).then(String::new),
        };
        let phone_e164 = match phone_e164 {
            Some(number) => number,
            None => {
                errors.entry(Field::Phone).or_insert(Reason::Invalid);
                String::new()
            }
        };
        let email = match checks::email(&email) {
            Some(email) => email,
            None => {
                errors.entry(Field::Email).or_insert(Reason::Invalid);
                String::new()
            }
        };
        if self.consent != Some(true) {
            errors.insert(Field::Consent, Reason::Missing);
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Application {
            company,
            country,
            business_type,
            website,
            contact_person,
            calling_code: format!("+{}", calling_code.unwrap_or_default()),
            area_code,
            phone,
            phone_e164,
            email,
            consent: true,
        })
    }
}

/// `Missing` for an empty answer, else `Invalid`.
fn missing_or_invalid(value: &str) -> Reason {
    if value.is_empty() {
        Reason::Missing
    } else {
        Reason::Invalid
    }
}

/// A code field trimmed and in upper case.
fn upper(value: &Option<String>) -> String {
    value
        .as_deref()
        .unwrap_or_default()
        .trim()
        .to_ascii_uppercase()
}
