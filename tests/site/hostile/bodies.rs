//! Hostile bodies for `POST /api/contact`, through the router and over a socket: wrong JSON
//! types, deep nesting, 1 MB strings, NUL and control characters, bidirectional overrides, emoji
//! and mixed scripts, invalid UTF-8. Every refusal is a 4xx in the API's error shape, localized;
//! nothing gets a 5xx, and nothing wrong is stored.

use axum::body::Body;
use custody_content::Lang;
use custody_content::schema::contact::MAX_CHARS;
use serde_json::{Value, json};

use super::wire::Server;
use super::{api_error, report};
use crate::common::{PUBLIC, SITE, send_to};
use crate::contact::{app_in, post, records, valid};

/// A contact body and the answer it must get.
enum Outcome {
    /// 400 `unreadable`.
    Unreadable,
    /// 413 `too_large`.
    TooLarge,
    /// 422 naming this field.
    Field(&'static str),
    /// 201: stored.
    Stored,
}

/// `valid(lang)` with `field` set to `value`.
fn with(lang: &str, field: &str, value: Value) -> Vec<u8> {
    let mut body = valid(lang);
    body[field] = value;
    body.to_string().into_bytes()
}

fn hostile_contact_bodies(lang: &str) -> Vec<(String, Vec<u8>, Outcome)> {
    use Outcome::{Field, Stored, TooLarge, Unreadable};
    let raw = |text: &str| text.as_bytes().to_vec();
    let mut cases: Vec<(String, Vec<u8>, Outcome)> = vec![
        // Wrong JSON types, at the top and in each field.
        ("array".into(), raw("[]"), Unreadable),
        ("string".into(), raw("\"application\""), Unreadable),
        ("number".into(), raw("1"), Unreadable),
        ("null".into(), raw("null"), Unreadable),
        ("true".into(), raw("true"), Unreadable),
        (
            "company number".into(),
            with(lang, "company", json!(1)),
            Unreadable,
        ),
        (
            "company array".into(),
            with(lang, "company", json!(["Acme"])),
            Unreadable,
        ),
        (
            "company object".into(),
            with(lang, "company", json!({"$ne": ""})),
            Unreadable,
        ),
        (
            "consent string".into(),
            with(lang, "consent", json!("yes")),
            Unreadable,
        ),
        (
            "consent number".into(),
            with(lang, "consent", json!(1)),
            Unreadable,
        ),
        (
            "lang number".into(),
            with(lang, "lang", json!(5)),
            Unreadable,
        ),
        (
            "lang unknown".into(),
            with(lang, "lang", json!("fr")),
            Unreadable,
        ),
        (
            "request object".into(),
            with(lang, "request", json!({})),
            Unreadable,
        ),
        (
            "source page number".into(),
            with(lang, "sourcePage", json!(7)),
            Unreadable,
        ),
        ("fax number".into(), with(lang, "fax", json!(1)), Unreadable),
        (
            "phone number".into(),
            with(lang, "phone", json!(91234567)),
            Unreadable,
        ),
        (
            "unknown field".into(),
            with(lang, "__proto__", json!({"admin": true})),
            Unreadable,
        ),
        (
            "duplicate key".into(),
            raw(r#"{"company":"Acme","company":"Evil"}"#),
            Unreadable,
        ),
        // Deep nesting, closed and not.
        ("10,000 [".into(), vec![b'['; 10_000], Unreadable),
        (
            "8,000 nested arrays".into(),
            [vec![b'['; 8_000], vec![b']'; 8_000]].concat(),
            Unreadable,
        ),
        (
            "nested objects in a field".into(),
            [
                raw("{\"company\":"),
                raw(&"{\"a\":".repeat(2_000)),
                raw("1"),
                vec![b'}'; 2_001],
            ]
            .concat(),
            Unreadable,
        ),
        // Sizes.
        (
            "1 MB company".into(),
            with(lang, "company", json!("a".repeat(1 << 20))),
            TooLarge,
        ),
        ("1 MB of spaces".into(), vec![b' '; 1 << 20], TooLarge),
        // Numbers and syntax serde must refuse.
        (
            "huge number".into(),
            raw(r#"{"consent":1e999999}"#),
            Unreadable,
        ),
        ("NaN".into(), raw(r#"{"consent":NaN}"#), Unreadable),
        (
            "lone surrogate".into(),
            raw(r#"{"company":"\ud800"}"#),
            Unreadable,
        ),
        ("trailing garbage".into(), raw("{}x"), Unreadable),
        ("byte order mark".into(), raw("\u{feff}{}"), Unreadable),
        ("empty".into(), Vec::new(), Unreadable),
        ("comment".into(), raw("{/* */}"), Unreadable),
        // Invalid UTF-8 in a string and outside.
        (
            "invalid UTF-8".into(),
            b"{\"company\":\"\xff\xfe\"}".to_vec(),
            Unreadable,
        ),
        (
            "overlong UTF-8".into(),
            b"{\"company\":\"\xc0\xae\"}".to_vec(),
            Unreadable,
        ),
        ("UTF-16".into(), b"\xff\xfe{\x00}\x00".to_vec(), Unreadable),
        // NUL and control characters inside answers.
        (
            "NUL in company".into(),
            with(lang, "company", json!("Acme\u{0}")),
            Field("company"),
        ),
        (
            "escape sequence in company".into(),
            with(lang, "company", json!("\u{1b}[31mAcme")),
            Field("company"),
        ),
        (
            "line break in contact person".into(),
            with(lang, "contactPerson", json!("Tan\nWei")),
            Field("contactPerson"),
        ),
        (
            "NUL in email".into(),
            with(lang, "email", json!("ops@acme.com\u{0}x")),
            Field("email"),
        ),
        (
            "NUL in phone".into(),
            with(lang, "phone", json!("9123\u{0}4567")),
            Field("phone"),
        ),
        (
            "DEL in website".into(),
            with(lang, "website", json!("acme.com/\u{7f}")),
            Field("website"),
        ),
        (
            "NEL inside".into(),
            with(lang, "company", json!("Ac\u{85}me")),
            Field("company"),
        ),
        (
            "NUL in source page".into(),
            with(lang, "sourcePage", json!("/contact-us\u{0}")),
            Unreadable,
        ),
        // Bidirectional overrides and line separators would reorder or split what an operator
        // reads: refused like control characters.
        (
            "RLO in company".into(),
            with(lang, "company", json!("\u{202e}Acme")),
            Field("company"),
        ),
        (
            "RLO in contact person".into(),
            with(lang, "contactPerson", json!("Tan \u{202e}gnim")),
            Field("contactPerson"),
        ),
        (
            "isolate in website".into(),
            with(lang, "website", json!("acme.com/\u{2066}x\u{2069}")),
            Field("website"),
        ),
        (
            "line separator in company".into(),
            with(lang, "company", json!("Acme\u{2028}Corp")),
            Field("company"),
        ),
        // Markup is text like any other: stored as typed, never interpreted.
        (
            "markup in company".into(),
            with(lang, "company", json!("<script>alert(1)</script>")),
            Stored,
        ),
        (
            "javascript website".into(),
            with(lang, "website", json!("javascript:alert(1)")),
            Field("website"),
        ),
        // Emoji and mixed scripts are names like any other.
        (
            "emoji and scripts".into(),
            with(lang, "company", json!("🦀 Acme 托管 Кастоди عربي")),
            Stored,
        ),
        (
            "emoji person".into(),
            with(lang, "contactPerson", json!("  李 👩‍💼 Zoë  ")),
            Stored,
        ),
        (
            "IDN email".into(),
            with(lang, "email", json!("ops@例子.中国")),
            Stored,
        ),
        (
            "longest company".into(),
            with(lang, "company", json!("托".repeat(MAX_CHARS.company))),
            Stored,
        ),
        (
            "company too long".into(),
            with(lang, "company", json!("托".repeat(MAX_CHARS.company + 1))),
            Field("company"),
        ),
    ];
    let mut all_wrong = serde_json::Map::new();
    for field in [
        "company",
        "country",
        "businessType",
        "website",
        "contactPerson",
        "areaCode",
        "phone",
        "email",
    ] {
        all_wrong.insert(field.into(), json!("\u{0}\u{202e}"));
    }
    all_wrong.insert("lang".into(), json!(lang));
    cases.push((
        "every field hostile".into(),
        Value::Object(all_wrong).to_string().into_bytes(),
        Field("company"),
    ));
    cases
}

#[tokio::test]
async fn hostile_contact_bodies_get_a_localized_4xx_and_store_nothing_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let mut sent = 0;
    let mut stored = 0;
    for lang in Lang::ALL {
        let copy = &SITE.content().locale(lang).contact;
        for (name, body, outcome) in hostile_contact_bodies(lang.code()) {
            let what = format!("{name} ({})", lang.code());
            // The header gives the language of refusals made before the body is read.
            let request = post()
                .header("accept-language", lang.code())
                .body(Body::from(body))
                .unwrap();
            let answer = send_to(app.clone(), request).await;
            sent += 1;
            assert!(answer.status.as_u16() < 500, "{what}: {}", answer.status);
            if let Outcome::Stored = outcome {
                assert_eq!(answer.status, 201, "{what}: {}", answer.text);
                stored += 1;
                continue;
            }
            let error = api_error(&answer.text, &what);
            match outcome {
                Outcome::Unreadable => {
                    assert_eq!(answer.status, 400, "{what}: {}", answer.text);
                    assert_eq!(error["message"], copy.error.unreadable.as_str(), "{what}");
                }
                Outcome::TooLarge => {
                    assert_eq!(answer.status, 413, "{what}");
                    assert_eq!(error["message"], copy.error.too_large.as_str(), "{what}");
                }
                Outcome::Field(field) => {
                    assert_eq!(answer.status, 422, "{what}: {}", answer.text);
                    assert_eq!(
                        error["message"],
                        copy.error.invalid_fields.as_str(),
                        "{what}"
                    );
                    assert!(
                        error["fields"][field].is_string(),
                        "{what}: {}",
                        answer.text
                    );
                }
                Outcome::Stored => unreachable!(),
            }
        }
    }
    let records = records(&log);
    assert_eq!(
        records.len(),
        stored,
        "only accepted applications are stored"
    );
    for record in &records {
        let application = &record.draft.application;
        for text in [
            &application.company,
            &application.contact_person,
            &application.website,
            &application.phone,
            &application.email,
        ] {
            assert_eq!(text.trim(), text, "stored trimmed");
            assert!(
                !text.chars().any(|c| c.is_control()
                    || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')),
                "stored without control or bidirectional characters: {text:?}"
            );
        }
    }
    report("bodies: POST /api/contact", sent);
}

#[tokio::test]
async fn hostile_contact_bodies_over_a_socket_are_answered_once() {
    let server = Server::start().await;
    let mut sent = 0;
    for (name, body, _) in hostile_contact_bodies("zh") {
        for chunked in [false, true] {
            let mut request = format!(
                "POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nOrigin: {PUBLIC}\r\nConnection: close\r\n"
            )
            .into_bytes();
            if chunked {
                request.extend_from_slice(b"Transfer-Encoding: chunked\r\n\r\n");
                for part in body.chunks(4096) {
                    request.extend_from_slice(format!("{:x}\r\n", part.len()).as_bytes());
                    request.extend_from_slice(part);
                    request.extend_from_slice(b"\r\n");
                }
                request.extend_from_slice(b"0\r\n\r\n");
            } else {
                request.extend_from_slice(
                    format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes(),
                );
                request.extend_from_slice(&body);
            }
            let answer = server.exchange(&request).await.only_answer(name.as_bytes());
            assert!(
                [201, 400, 413, 422].contains(&answer.status),
                "{name} (chunked: {chunked}): {}",
                answer.status
            );
            if answer.status != 201 {
                api_error(&answer.text(), &name);
            }
            sent += 1;
        }
    }
    for record in records(&server.log) {
        let company = &record.draft.application.company;
        assert!(!company.chars().any(char::is_control), "{company:?}");
    }
    report("bodies: POST /api/contact over a socket", sent);
}
