//! The body of the contact form posted without scripts (`application/x-www-form-urlencoded`, as
//! the served form sends it): the visitor's answers, kept as typed to show them again, and read
//! as the [`Submission`] the JSON endpoint reads, so that both are checked by the same rules.

use percent_encoding::percent_decode;

use super::answer::FormValues;
use custody_applications::application::Submission;
use custody_applications::field::Field;
use custody_content::Lang;

/// The name of the form's honeypot field (`ui/src/components/contact/ContactForm.tsx`).
const HONEYPOT: &str = "fax";
/// The value a checked box sends when it has none of its own.
const CHECKED: &str = "on";

/// A posted form: the answers, and the honeypot.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PostedForm {
    /// The answers as typed.
    pub values: FormValues,
    /// What the honeypot holds: anything marks the sender as a robot.
    pub fax: String,
}

/// Why a body is not a posted form: a name the form does not have or has once, a value that is
/// not text (broken percent-encoding into invalid UTF-8), or a box with another value than the
/// one it sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotTheForm;

impl PostedForm {
    /// Reads `body`: `name=value` pairs joined by `&`, `+` for a space, percent-encoded UTF-8.
    pub fn parse(body: &[u8]) -> Result<Self, NotTheForm> {
        let mut form = Self::default();
        let mut seen: Vec<String> = Vec::new();
        for pair in body
            .split(|byte| *byte == b'&')
            .filter(|pair| !pair.is_empty())
        {
            let mut halves = pair.splitn(2, |byte| *byte == b'=');
            let name = decode(halves.next().unwrap_or_default())?;
            let value = decode(halves.next().unwrap_or_default())?;
            if seen.contains(&name) {
                return Err(NotTheForm);
            }
            form.set(&name, value)?;
            seen.push(name);
        }
        Ok(form)
    }

    fn set(&mut self, name: &str, value: String) -> Result<(), NotTheForm> {
        match Field::named(name) {
            Some(Field::Consent) if value == CHECKED => self.values.consent = true,
            Some(field) => *self.values.text.get_mut(field).ok_or(NotTheForm)? = value,
            None if name == HONEYPOT => self.fax = value,
            None => return Err(NotTheForm),
        }
        Ok(())
    }

    /// The submission these answers make, sent from the form in `lang` with `request`, as the
    /// JSON endpoint reads one.
    pub fn submission(&self, lang: Lang, request: Option<&str>, source_page: &str) -> Submission {
        let values = &self.values;
        let text = |field: Field| values.text.get(field).cloned();
        Submission {
            lang: Some(lang.code().to_owned()),
            company: text(Field::Company),
            country: text(Field::Country),
            business_type: text(Field::BusinessType),
            website: text(Field::Website),
            contact_person: text(Field::ContactPerson),
            area_code: text(Field::AreaCode),
            phone: text(Field::Phone),
            email: text(Field::Email),
            consent: values.consent.then_some(true),
            request: request.map(str::to_owned),
            source_page: Some(source_page.to_owned()),
            fax: Some(self.fax.clone()),
        }
    }
}

/// A name or value of the body, decoded: `+` is a space, then percent-decoding, into UTF-8.
fn decode(encoded: &[u8]) -> Result<String, NotTheForm> {
    let spaced: Vec<u8> = encoded
        .iter()
        .map(|byte| if *byte == b'+' { b' ' } else { *byte })
        .collect();
    percent_decode(&spaced)
        .decode_utf8()
        .map(|text| text.into_owned())
        .map_err(|_| NotTheForm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_posted_form_is_read_as_typed() {
        let form = PostedForm::parse(
            b"company=Acme+%26+Sons%3Cb%3E&country=SG&businessType=fund&website=&contactPerson=%E9%99%88%E7%BE%8E&areaCode=SG&phone=6123+4567&email=mei%40acme.example&consent=on&fax=",
        )
        .unwrap();
        let text = |field| form.values.text.get(field).map(String::as_str);
        assert_eq!(text(Field::Company), Some("Acme & Sons<b>"));
        assert_eq!(text(Field::ContactPerson), Some("陈美"));
        assert_eq!(text(Field::Email), Some("mei@acme.example"));
        assert!(form.values.consent);
        assert_eq!(form.fax, "");
        let empty = PostedForm::parse(b"").unwrap();
        assert!(!empty.values.consent);
        let submission = empty.submission(Lang::Zh, None, "/zh/contact-us");
        assert_eq!(submission.consent, None);
        assert_eq!(submission.lang.as_deref(), Some("zh"));
    }

    #[test]
    fn anything_else_is_not_the_form() {
        for body in [
            &b"company=a&company=b"[..],
            b"lang=en",
            b"consent=yes",
            b"company=%FF%FE",
            b"company=%C3",
        ] {
            assert_eq!(PostedForm::parse(body), Err(NotTheForm), "{body:?}");
        }
    }
}
