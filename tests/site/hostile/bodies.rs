//! Hostile bodies and query strings on every API: wrong JSON types, deep nesting, 1 MB strings,
//! NUL and control characters, bidirectional overrides, emoji and mixed scripts, invalid UTF-8.
//! Every refusal is a 4xx in the API's error shape (localized where the endpoint localizes);
//! nothing gets a 5xx.

use axum::body::Body;
use axum::http::Request;
use custody_content::Lang;
use custody_content::contact::MAX_CHARS;
use serde_json::{Value, json};

use super::wire::Server;
use super::{api_error, report};
use crate::common::{Answer, PUBLIC, SITE, send, send_to};
use crate::contact::{app_in, post, records, valid};

/// Query values no form sends, already written for a query string (percent-encoded or raw).
fn hostile_values() -> Vec<String> {
    let mut values: Vec<String> = [
        // Wrong types.
        "abc",
        "[]",
        "{}",
        "%5B%5D",
        "%7B%22a%22%3A1%7D",
        "1e999",
        "-1",
        "0",
        "00",
        "%2B5",
        "99999999999999999999",
        "true",
        "null",
        "NaN",
        // NUL and control characters.
        "%00",
        "a%00b",
        "%1b%5B31m",
        "%0d%0aSet-Cookie:%20x",
        "%7f",
        "%C2%85",
        "%09",
        // Bidirectional overrides and separators.
        "%E2%80%AE",
        "%E2%80%AEexe.txt",
        "%E2%81%A6x%E2%81%A9",
        "%E2%80%A8",
        "%E2%80%A9",
        // Emoji and mixed scripts, encoded and raw.
        "%F0%9F%A6%80",
        "托管custody🦀",
        "ЕТН",
        "%D8%A7%D9%84%D8%B9%D8%B1%D8%A8%D9%8A%D8%A9",
        "%EF%BC%B5%EF%BC%B3%EF%BC%A4%EF%BC%B4",
        "👩‍💼",
        "e%CC%81",
        "%E3%80%80",
        // Invalid UTF-8 and broken percent-encoding.
        "%FF",
        "%C0%AE",
        "%ED%A0%80",
        "%F4%90%80%80",
        "%E6%89",
        "%",
        "%zz",
        "%%",
        // Markup.
        "%3Cscript%3Ealert(1)%3C/script%3E",
        "javascript:alert(1)",
        // Empty and separators.
        "",
        "+",
        "=",
        "%26",
        "%3D",
    ]
    .iter()
    .map(|v| (*v).to_owned())
    .collect();
    values.push("a".repeat(100));
    values.push("a".repeat(101));
    values.push("%E6%89%98".repeat(101));
    // As long as a request line can carry twice (`name=value` with the value as the name).
    values.push("b".repeat(30 * 1024));
    values
}

/// A GET through the router with `Accept-Language`.
async fn get_json(uri: &str, accept_language: &str) -> Answer {
    send(
        Request::get(uri)
            .header("accept-language", accept_language)
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

/// Checks an API answer: never a 5xx, always JSON, errors in the error shape.
fn check_api(answer: &Answer, what: &str) -> Option<Value> {
    assert!(answer.status.as_u16() < 500, "{what}: {}", answer.status);
    assert_eq!(answer.header("content-type"), "application/json", "{what}");
    if answer.status.is_success() {
        let _: Value =
            serde_json::from_str(&answer.text).unwrap_or_else(|e| panic!("{what}: JSON ({e})"));
        None
    } else {
        Some(api_error(&answer.text, what))
    }
}

#[tokio::test]
async fn hostile_supported_assets_queries_get_a_localized_400_or_an_answer() {
    let names = [
        "entity", "network", "token", "contract", "warm", "cold", "defi", "oasis", "page", "size",
        "lang",
    ];
    let mut sent = 0;
    for value in hostile_values() {
        for name in names.iter().map(|n| (*n).to_owned()).chain([value.clone()]) {
            for (accept, lang) in [("en", Lang::En), ("zh-CN,zh;q=0.9", Lang::Zh)] {
                let uri = format!("/api/supported-assets?{name}={value}");
                let what = format!("{:.120} ({accept})", uri);
                let answer = get_json(&uri, accept).await;
                sent += 1;
                let Some(error) = check_api(&answer, &what) else {
                    continue;
                };
                assert_eq!(answer.status, 400, "{what}");
                assert_eq!(error["code"], "invalid_parameters", "{what}");
                let fields = error["fields"].as_object().expect("fields");
                assert!(!fields.is_empty() && fields.len() <= 12, "{what}");
                // The `lang` parameter, when it is valid, chooses; else the header does.
                let lang = match (name.as_str(), value.as_str()) {
                    ("lang", "en") => Lang::En,
                    ("lang", "zh") => Lang::Zh,
                    _ => lang,
                };
                assert_eq!(
                    error["message"],
                    custody_site::http::asset_params::summary(lang),
                    "{what}"
                );
                for key in fields.keys() {
                    assert!(
                        key.chars().count() <= 32,
                        "{what}: the echoed name is bounded"
                    );
                }
            }
        }
    }
    // Many parameters at once, repeated ones, and a flood of unknown names.
    let every: Vec<String> = names
        .iter()
        .map(|name| format!("{name}=%00"))
        .chain((0..2000).map(|n| format!("x{n}=%FF")))
        .collect();
    let answer = get_json(&format!("/api/supported-assets?{}", every.join("&")), "zh").await;
    let error = check_api(&answer, "a flood").expect("refused");
    assert_eq!(error["fields"].as_object().unwrap().len(), 12);
    sent += 1;
    report("queries: /api/supported-assets", sent);
}

#[tokio::test]
async fn hostile_search_queries_get_an_answer_or_a_400() {
    let mut sent = 0;
    for scope in ["faq", "announcements"] {
        for value in hostile_values() {
            for (lang_param, lang) in [("", Lang::En), ("&lang=zh", Lang::Zh)] {
                for query in [
                    format!("q={value}{lang_param}"),
                    format!("lang={value}&q=x"),
                    format!("q=a&q={value}{lang_param}"),
                    format!("q%5B%5D={value}{lang_param}"),
                    format!("{value}={value}{lang_param}"),
                ] {
                    let uri = format!("/api/{scope}/search?{query}");
                    let what = format!("{uri:.120}");
                    let answer = get_json(&uri, "zh").await;
                    sent += 1;
                    match check_api(&answer, &what) {
                        None => {
                            let body: Value = serde_json::from_str(&answer.text).unwrap();
                            assert!(body["query"].is_string(), "{what}");
                            assert!(body["results"].as_array().unwrap().len() <= 50, "{what}");
                        }
                        Some(error) => {
                            assert_eq!(answer.status, 400, "{what}");
                            if error["code"] == "query_too_long" {
                                let expected = match lang {
                                    Lang::En => "Search terms can be at most 100 characters.",
                                    Lang::Zh => "搜索内容不能超过 100 个字符。",
                                };
                                assert_eq!(error["message"], expected, "{what}");
                            }
                        }
                    }
                }
            }
        }
    }
    report("queries: /api/{faq,announcements}/search", sent);
}

#[tokio::test]
async fn hostile_page_data_queries_get_page_data_or_a_400() {
    let mut sent = 0;
    for value in hostile_values() {
        for query in [
            format!("path={value}"),
            format!("path=/{value}"),
            format!("path=/zh/{value}"),
            format!("path=/faq/{value}"),
            format!("path=/about&build={value}"),
            format!("path={value}&path=/about"),
            format!("{value}=/about"),
        ] {
            let uri = format!("/_app/data?{query}");
            let what = format!("{uri:.120}");
            let answer = get_json(&uri, "en").await;
            sent += 1;
            assert!(answer.status.as_u16() < 500, "{what}: {}", answer.status);
            assert_eq!(answer.header("content-type"), "application/json", "{what}");
            let body: Value =
                serde_json::from_str(&answer.text).unwrap_or_else(|e| panic!("{what}: JSON ({e})"));
            match answer.status.as_u16() {
                200 => {
                    if let Some(target) = body["redirect"].as_str() {
                        super::paths::assert_local(target, &what);
                    }
                }
                404 => {
                    assert_eq!(body["page"], "error", "{what}");
                    assert_eq!(body["data"]["status"], 404, "{what}");
                }
                400 | 409 => {
                    api_error(&answer.text, &what);
                }
                other => panic!("{what}: {other}"),
            }
        }
    }
    report("queries: /_app/data", sent);
}

#[tokio::test]
async fn hostile_path_parameters_of_the_apis_get_a_json_404() {
    let segments = [
        "%FF",
        "%C0%AE",
        "%00",
        "..",
        "%2e%2e",
        "..%2f..%2fCargo.toml",
        "%2f",
        "%E2%80%AE",
        "%3Cscript%3E",
        "🦀",
        "%zz",
        "%",
    ];
    let mut sent = 0;
    for segment in segments {
        for uri in [
            format!("/api/{segment}/search?q=x"),
            format!("/_app/builds/meta/{segment}.json"),
            format!("/_app/builds/meta/{segment}"),
        ] {
            let answer = get_json(&uri, "en").await;
            let error = check_api(&answer, &uri).expect("refused");
            assert_eq!(answer.status, 404, "{uri}");
            assert!(
                ["unknown_scope", "unknown_build"].contains(&error["code"].as_str().unwrap()),
                "{uri}"
            );
            sent += 1;
        }
    }
    report("paths: API path parameters", sent);
}

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
        let copy = &SITE.content.locale(lang).contact;
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
