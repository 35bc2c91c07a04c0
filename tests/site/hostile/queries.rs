//! Hostile query strings and path parameters on every API: wrong types, NUL and control
//! characters, bidirectional overrides, emoji and mixed scripts, invalid UTF-8 and broken
//! percent-encoding, floods of parameters. Every refusal is a 4xx in the API's error shape
//! (localized where the endpoint localizes); nothing gets a 5xx.

use axum::body::Body;
use axum::http::Request;
use custody_content::Lang;
use serde_json::Value;

use super::{api_error, report};
use crate::common::{Answer, SITE, send};

/// Query values no form sends, already written for a query string (percent-encoded or raw).
pub(super) fn hostile_values() -> Vec<String> {
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
                    SITE.content().locale(lang).api.supported_assets.invalid,
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
