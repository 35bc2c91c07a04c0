//! An application as the browser sends it, and its validation into the fields that are stored.
//! Every rule of the form is applied again here; the messages are the form's own
//! (`{lang}/contact.toml`), so a visitor sees the same words whichever side finds the problem.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::checks::{self, TextProblem};
use super::phone;
use custody_content::Lang;
use custody_content::contact::{BUSINESS_TYPES, ContactCopy, MAX_CHARS};
use custody_content::countries;

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

/// Field name (as in the body) → message, in the order of the form.
pub type FieldErrors = BTreeMap<String, String>;

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

    /// Applies every rule of the form; all problems are reported at once, each in `copy`'s words.
    pub fn validate(&self, copy: &ContactCopy) -> Result<Application, FieldErrors> {
        let messages = &copy.message;
        let mut errors = FieldErrors::new();
        let mut text =
            |field: &str, value: &Option<String>, max: usize, missing: &str| match checks::text(
                value.as_deref().unwrap_or_default(),
                max,
            ) {
                Ok(text) if text.is_empty() => {
                    errors.insert(field.to_owned(), missing.to_owned());
                    String::new()
                }
                Ok(text) => text,
                Err(problem) => {
                    let message = match problem {
                        TextProblem::TooLong => &messages.too_long,
                        TextProblem::ControlCharacters => &messages.control_characters,
                    };
                    errors.insert(field.to_owned(), message.clone());
                    String::new()
                }
            };
        let company = text(
            "company",
            &self.company,
            MAX_CHARS.company,
            &messages.company,
        );
        let contact_person = text(
            "contactPerson",
            &self.contact_person,
            MAX_CHARS.contact_person,
            &messages.contact_person,
        );
        let website = text(
            "website",
            &self.website,
            MAX_CHARS.website,
            &messages.website,
        );
        let phone = text("phone", &self.phone, MAX_CHARS.phone, &messages.phone);
        let email = text("email", &self.email, MAX_CHARS.email, &messages.email);

        let country = upper(&self.country);
        if !countries::is_country(&country) {
            errors.insert("country".into(), messages.country.clone());
        }
        let business_type = self.business_type.clone().unwrap_or_default();
        if !BUSINESS_TYPES.contains(&business_type.as_str()) {
            errors.insert("businessType".into(), messages.business_type.clone());
        }
        let website = match checks::website(&website) {
            Some(website) => website,
            None => {
                errors
                    .entry("website".into())
                    .or_insert_with(|| messages.website_format.clone());
                String::new()
            }
        };
        let area_code = upper(&self.area_code);
        let calling_code = phone::calling_code(&area_code);
        if calling_code.is_none() {
            errors.insert("areaCode".into(), messages.area_code.clone());
        }
        let phone_e164 = match calling_code {
            Some(code) => phone::e164(&phone, &area_code, code),
            None => phone::plausible(&phone).then(String::new),
        };
        let phone_e164 = match phone_e164 {
            Some(number) => number,
            None => {
                errors
                    .entry("phone".into())
                    .or_insert_with(|| messages.phone.clone());
                String::new()
            }
        };
        let email = match checks::email(&email) {
            Some(email) => email,
            None => {
                errors
                    .entry("email".into())
                    .or_insert_with(|| messages.email.clone());
                String::new()
            }
        };
        if self.consent != Some(true) {
            errors.insert("consent".into(), messages.consent.clone());
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

/// A code field trimmed and in upper case.
fn upper(value: &Option<String>) -> String {
    value
        .as_deref()
        .unwrap_or_default()
        .trim()
        .to_ascii_uppercase()
}
