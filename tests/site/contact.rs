//! `POST /api/contact` through the real router with a real store in a temporary directory:
//! what is stored, every validation rule in both languages, the honeypot and idempotency (the
//! refusals are in `contact_refusals.rs`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use custody_applications::ContactConfig;
use custody_applications::ContactDesk;
use custody_applications::record::Record;
use custody_content::Lang;
use custody_content::schema::contact::FieldMessages;
use custody_content::schema::form_field::Field;
use custody_site::http;
use custody_site::http::SiteService;
use serde_json::{Value, json};

use crate::common::{Answer, PUBLIC, SITE, send_to};

/// A router whose store writes `applications.jsonl` in `dir`, with `edit` applied to the
/// contact settings.
pub fn app_in(dir: &Path, edit: impl FnOnce(&mut ContactConfig)) -> (SiteService, PathBuf) {
    let (_, app, log) = desk_in(dir, edit);
    (app, log)
}

/// Like [`app_in`], with the contact desk too (to rotate its log).
pub fn desk_in(
    dir: &Path,
    edit: impl FnOnce(&mut ContactConfig),
) -> (Arc<ContactDesk>, SiteService, PathBuf) {
    let log = dir.join("applications.jsonl");
    let mut config = ContactConfig {
        log: log.clone(),
        rate_limit_per_minute: 0,
        ..ContactConfig::default()
    };
    edit(&mut config);
    let desk = Arc::new(ContactDesk::open(&config));
    (desk.clone(), http::app(SITE.clone(), desk), log)
}

/// An application every rule accepts.
pub fn valid(lang: &str) -> Value {
    json!({
        "lang": lang, "company": "Acme Digital Pte. Ltd.", "country": "SG",
        "businessType": "exchange", "website": "www.acme.example.com",
        "contactPerson": "Tan Wei Ming", "areaCode": "SG", "phone": "9123 4567",
        "email": "ops@Acme.COM", "consent": true, "request": null,
        "sourcePage": "/contact-us", "fax": ""
    })
}

/// A browser-like POST from the site's own page.
pub fn post() -> axum::http::request::Builder {
    Request::post("/api/contact")
        .header("content-type", "application/json")
        .header("origin", PUBLIC)
}

/// Sends `body` as JSON from the site's origin.
pub async fn submit(app: &SiteService, body: &Value) -> Answer {
    let request = post().body(Body::from(body.to_string())).unwrap();
    send_to(app.clone(), request).await
}

/// The records in the log.
pub fn records(log: &Path) -> Vec<Record> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|line| serde_json::from_str(line).expect("every line is a record"))
        .collect()
}

/// The JSON of an answer.
pub(crate) fn json_of(answer: &Answer) -> Value {
    serde_json::from_str(&answer.text).expect("a JSON answer")
}

#[tokio::test]
async fn a_valid_application_is_stored_before_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    for lang in ["en", "zh"] {
        let mut body = valid(lang);
        body["request"] = json!("oasis-demo");
        let answer = submit(&app, &body).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
        assert_eq!(answer.header("cache-control"), "private, no-store");
        let reply = json_of(&answer);
        let copy = &SITE
            .content()
            .locale(Lang::from_code(lang).unwrap())
            .contact;
        assert_eq!(reply["title"], copy.success.title.as_str());
        assert_eq!(reply["detail"], copy.success.detail.as_str());
        let stored = records(&log);
        let record = stored.last().expect("stored before the answer");
        assert_eq!(reply["id"], record.id.as_str());
        assert_eq!(record.draft.lang, lang);
        assert_eq!(record.draft.request.as_deref(), Some("oasis-demo"));
        assert_eq!(record.draft.source_page.as_deref(), Some("/contact-us"));
        let app = &record.draft.application;
        assert_eq!(app.website, "https://www.acme.example.com");
        assert_eq!(app.email, "ops@acme.com");
        assert_eq!(
            (app.calling_code.as_str(), app.phone_e164.as_str()),
            ("+65", "+6591234567")
        );
        assert_eq!(uuid_version(&record.id), 7);
    }
    assert_eq!(
        SITE.content().locale(Lang::En).contact.success.title,
        "Your application has been submitted"
    );
    assert_eq!(
        SITE.content().locale(Lang::En).contact.success.detail,
        "and account manager will contact you shortly."
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&log).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "the log is private");
    }
}

fn uuid_version(id: &str) -> u32 {
    id.chars().nth(14).and_then(|c| c.to_digit(16)).unwrap()
}

/// The message of `field`, answered in words, in `messages`.
pub fn said(messages: &FieldMessages, field: Field) -> &str {
    messages
        .field
        .get(field)
        .expect("a field answered in words")
}

#[tokio::test]
async fn every_rule_answers_with_the_forms_message_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let english = &SITE.content().locale(Lang::En).contact.message;
    for (message, spec) in [
        (said(english, Field::Company), "Please input company"),
        (said(english, Field::Country), "Please select country"),
        (
            said(english, Field::ContactPerson),
            "Please input the contact person",
        ),
        (
            said(english, Field::AreaCode),
            "Please select the area code",
        ),
        (
            said(english, Field::BusinessType),
            "Please select business type",
        ),
        (said(english, Field::Phone), "Please input correct phone"),
        (said(english, Field::Email), "Please input correct email"),
        (
            said(english, Field::Website),
            "Please input company website",
        ),
    ] {
        assert_eq!(message, spec, "the fixed wording of the field messages");
    }
    for lang in [Lang::En, Lang::Zh] {
        let m = &SITE.content().locale(lang).contact.message;
        let cases: Vec<(&str, Value, &str)> = vec![
            ("company", json!("   "), said(m, Field::Company)),
            ("company", json!("x".repeat(201)), &m.too_long),
            ("company", json!("Acme\u{0}Corp"), &m.control_characters),
            ("country", json!(""), said(m, Field::Country)),
            ("country", json!("XX"), said(m, Field::Country)),
            ("businessType", json!("bank"), said(m, Field::BusinessType)),
            ("website", json!(""), said(m, Field::Website)),
            ("website", json!("   "), said(m, Field::Website)),
            ("website", Value::Null, said(m, Field::Website)),
            ("website", json!("not a website"), &m.website_format),
            ("website", json!("javascript:alert(1)"), &m.website_format),
            ("contactPerson", json!(""), said(m, Field::ContactPerson)),
            ("contactPerson", json!("Tan\nWei"), &m.control_characters),
            ("areaCode", json!("AQ"), said(m, Field::AreaCode)),
            ("areaCode", json!(""), said(m, Field::AreaCode)),
            ("phone", json!(""), said(m, Field::Phone)),
            ("phone", json!("1234 5678"), said(m, Field::Phone)),
            ("phone", json!("+44 7911 123456"), said(m, Field::Phone)),
            ("email", json!("ops@acme"), said(m, Field::Email)),
            ("email", json!("ops acme.com"), said(m, Field::Email)),
            ("consent", json!(false), &m.consent),
            ("consent", Value::Null, &m.consent),
        ];
        for (field, value, expected) in cases {
            let mut body = valid(lang.code());
            body[field] = value.clone();
            let answer = submit(&app, &body).await;
            assert_eq!(
                answer.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{field}={value}"
            );
            let reply = json_of(&answer);
            assert_eq!(reply["error"]["code"], "invalid_fields");
            assert_eq!(
                reply["error"]["message"],
                SITE.content()
                    .locale(lang)
                    .contact
                    .error
                    .invalid_fields
                    .as_str()
            );
            assert_eq!(
                reply["error"]["fields"],
                json!({ field: expected }),
                "{field}={value} in {lang:?}"
            );
        }
    }
    let everything_missing = submit(&app, &json!({ "lang": "zh" })).await;
    let fields = json_of(&everything_missing)["error"]["fields"].clone();
    let zh = &SITE.content().locale(Lang::Zh).contact.message;
    assert_eq!(fields["company"], said(zh, Field::Company));
    assert_eq!(
        fields.as_object().unwrap().len(),
        9,
        "every field, the website included: {fields}"
    );
    assert!(records(&log).is_empty(), "nothing invalid is stored");
}

#[tokio::test]
async fn the_language_comes_from_the_body_then_accept_language() {
    let dir = tempfile::tempdir().unwrap();
    let (app, _) = app_in(dir.path(), |_| {});
    let mut body = valid("en");
    body.as_object_mut().unwrap().remove("lang");
    body["email"] = json!("nope");
    let request = post()
        .header("accept-language", "zh-CN,zh;q=0.9")
        .body(Body::from(body.to_string()))
        .unwrap();
    let answer = send_to(app, request).await;
    assert_eq!(
        json_of(&answer)["error"]["fields"]["email"],
        said(
            &SITE.content().locale(Lang::Zh).contact.message,
            Field::Email
        )
    );
}

#[tokio::test]
async fn a_filled_honeypot_looks_accepted_but_is_never_stored() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let mut robot = valid("en");
    robot["fax"] = json!("+1 555 0100");
    let answer = submit(&app, &robot).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(
        json_of(&answer)["title"],
        "Your application has been submitted"
    );
    assert!(records(&log).is_empty());
}

#[tokio::test]
async fn a_repeated_idempotency_key_returns_the_first_answer() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let send = |key: &'static str, company: &'static str| {
        let mut body = valid("en");
        body["company"] = json!(company);
        post()
            .header("idempotency-key", key)
            .body(Body::from(body.to_string()))
            .unwrap()
    };
    let first = send_to(app.clone(), send("3f1c9a", "First Ltd")).await;
    let again = send_to(app.clone(), send("3f1c9a", "Changed Ltd")).await;
    let other = send_to(app.clone(), send("77aa01", "Other Ltd")).await;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(first.text, again.text, "the same id and time");
    assert_ne!(json_of(&first)["id"], json_of(&other)["id"]);
    let stored = records(&log);
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[0].draft.application.company, "First Ltd");

    let (restarted, _) = app_in(dir.path(), |_| {});
    let after_restart = send_to(restarted, send("3f1c9a", "Third Ltd")).await;
    assert_eq!(
        after_restart.text, first.text,
        "keys are rebuilt from the log"
    );
    assert_eq!(records(&log).len(), 2);
}

#[tokio::test]
async fn bidirectional_overrides_and_line_separators_are_refused_like_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let message = &SITE
        .content()
        .locale(Lang::Zh)
        .contact
        .message
        .control_characters;
    for (field, value) in [
        ("company", "\u{202e}gnp.exe Acme"),
        ("contactPerson", "Tan\u{2028}Wei Ming"),
        ("website", "acme.example.com/\u{2066}x\u{2069}"),
    ] {
        let mut body = valid("zh");
        body[field] = json!(value);
        let answer = submit(&app, &body).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        assert_eq!(
            json_of(&answer)["error"]["fields"][field],
            message.as_str(),
            "{field}"
        );
    }
    let mut body = valid("en");
    body["sourcePage"] = json!("/contact-us\u{202e}");
    assert_eq!(submit(&app, &body).await.status, StatusCode::BAD_REQUEST);
    assert!(records(&log).is_empty());
}
