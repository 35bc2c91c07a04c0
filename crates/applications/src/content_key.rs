//! Idempotency keys made from what an application says and who sent it, for a sender that cannot
//! send a key of its own (a form posted without scripts is the same bytes for every visitor): the
//! same application from the same client is the same key, so a repeat (a reload of the answer,
//! back and submit again, a double click) within the store's idempotency window is answered with
//! the first application's receipt and stores nothing.

use std::fmt::Write;
use std::net::IpAddr;

use sha2::{Digest, Sha256};

use super::application::Application;

/// What starts every key made here: the space keeps them apart from any key a client sends
/// (`Idempotency-Key` takes visible ASCII only, `crates/site/src/http/contact/`).
const PREFIX: &str = "content-sha256 ";

/// The key of `application` (as cleaned by validation, so spacing and case that validation
/// undoes make no difference), sent from `client` with `request`: the SHA-256 of every value, each
/// preceded by its length so that no two different applications run together the same.
pub fn content_key(
    application: &Application,
    request: Option<&str>,
    client: Option<IpAddr>,
) -> String {
    let client = client.map(|ip| ip.to_string()).unwrap_or_default();
    let Application {
        company,
        country,
        business_type,
        website,
        contact_person,
        area_code,
        calling_code: _,
        phone: _,
        phone_e164,
        email,
        consent: _,
    } = application;
    let mut hash = Sha256::new();
    for part in [
        client.as_str(),
        request.unwrap_or_default(),
        company,
        country,
        business_type,
        website,
        contact_person,
        area_code,
        phone_e164,
        email,
    ] {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part.as_bytes());
    }
    let mut key = String::from(PREFIX);
    for byte in hash.finalize() {
        let _ = write!(key, "{byte:02x}");
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn application() -> Application {
        Application {
            company: "Acme".into(),
            country: "SG".into(),
            business_type: "fund".into(),
            website: "https://acme.example".into(),
            contact_person: "Mei Tan".into(),
            area_code: "SG".into(),
            calling_code: "+65".into(),
            phone: "6123 4567".into(),
            phone_e164: "+6561234567".into(),
            email: "mei@acme.example".into(),
            consent: true,
        }
    }

    #[test]
    fn the_same_application_from_the_same_client_is_the_same_key() {
        let ip: IpAddr = "203.0.113.7".parse().unwrap();
        let key = content_key(&application(), None, Some(ip));
        assert_eq!(key, content_key(&application(), None, Some(ip)));
        assert!(key.starts_with(PREFIX) && key.len() == PREFIX.len() + 64);
        let typed_otherwise = Application {
            phone: "61234567".into(),
            ..application()
        };
        assert_eq!(
            key,
            content_key(&typed_otherwise, None, Some(ip)),
            "the same number"
        );
        let other_ip: IpAddr = "203.0.113.8".parse().unwrap();
        for other in [
            content_key(&application(), None, Some(other_ip)),
            content_key(&application(), None, None),
            content_key(&application(), Some("oasis-demo"), Some(ip)),
            content_key(
                &Application {
                    company: "Acme2".into(),
                    ..application()
                },
                None,
                Some(ip),
            ),
            content_key(
                &Application {
                    company: "Acm".into(),
                    country: "ESG".into(),
                    ..application()
                },
                None,
                Some(ip),
            ),
        ] {
            assert_ne!(key, other);
        }
    }
}
