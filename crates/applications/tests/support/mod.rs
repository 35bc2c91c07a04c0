//! What the applications crate's tests share: an application as the site hands it to the store,
//! and the records a log holds.

use std::path::Path;

use custody_applications::application::Application;
use custody_applications::record::{Draft, Record};

/// An application every rule accepts, from `company`, in `lang`, as the site hands it over.
pub fn draft(company: &str, lang: &str) -> Draft {
    Draft {
        lang: lang.into(),
        source_page: Some("/contact-us".into()),
        request: None,
        user_agent: Some("test".into()),
        client_ip: Some("192.0.2.1".into()),
        idempotency_key: None,
        application: Application {
            company: company.into(),
            country: "SG".into(),
            business_type: "exchange".into(),
            website: "https://www.acme.example.com".into(),
            contact_person: "Tan Wei Ming".into(),
            area_code: "SG".into(),
            calling_code: "+65".into(),
            phone: "9123 4567".into(),
            phone_e164: "+6591234567".into(),
            email: "ops@acme.com".into(),
            consent: true,
        },
    }
}

/// The records in the log.
pub fn records(log: &Path) -> Vec<Record> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|line| serde_json::from_str(line).expect("every line is a record"))
        .collect()
}
