//! Hostile query strings on the pages that answer them (`/support-token`, `/faq/search`,
//! `/announcements`, both languages): wrong types, control characters, invalid UTF-8 and broken
//! percent-encoding, huge and repeated values, floods of parameters, and markup in every
//! parameter. Each is answered with a page (the query read as the browser reads it), never a
//! 5xx; what the page shows of the query is escaped in the markup and is JSON text in the
//! runtime configuration.

use axum::body::Body;
use axum::http::Request;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::Value;

use super::queries::hostile_values;
use super::{report, runtime_config};
use crate::common::{Answer, get, send};

/// The pages that answer a query string, and the parameters each reads.
const PAGES: [(&str, &[&str]); 3] = [
    (
        "/support-token",
        &[
            "entity", "network", "token", "contract", "warm", "cold", "defi", "oasis", "page",
            "size",
        ],
    ),
    ("/faq/search", &["q", "page"]),
    ("/announcements", &["q", "page"]),
];

/// Payloads that execute if any context forgets to escape.
const PAYLOADS: [&str; 8] = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "'><svg onload=alert(1)>",
    "</script><script>alert(1)</script>",
    "</textarea></title><iframe src=//evil.example>",
    "&lt;script&gt;&amp;",
    "\u{2028}alert(1)\u{2029}",
    "\" autofocus onfocus=\"alert(1)",
];

/// Text escaped as the page escapes it (as its prerender does: `"`, `&` and `<`).
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

/// Markup a query could only plant, counted outside the runtime configuration once the text the
/// page shows of the query (`shown`, escaped, which may still read `onerror=`) is taken out.
fn planted(html: &str, shown: &str) -> [usize; 5] {
    let html = &html[..html
        .find("<script type=\"application/json\"")
        .unwrap_or(html.len())];
    let html = match shown {
        "" => html.to_owned(),
        shown => html.replace(&escaped(shown), ""),
    };
    ["<script", "<img", "<iframe", "onerror=", "onfocus="].map(|tag| html.matches(tag).count())
}

/// Checks a page answered for a hostile query that shows `shown` of it: a `200` HTML document
/// with no markup the page does not have, and a runtime configuration that is JSON without
/// markup characters.
fn check_page(answer: &Answer, baseline: &Answer, shown: &str, what: &str) -> Value {
    assert_eq!(answer.status, 200, "{what}");
    assert_eq!(
        answer.header("content-type"),
        "text/html; charset=utf-8",
        "{what}"
    );
    assert!(
        !answer.header("content-security-policy").is_empty(),
        "{what}"
    );
    assert_eq!(
        planted(&answer.text, shown),
        planted(&baseline.text, ""),
        "{what}: no new markup"
    );
    let config = runtime_config(&answer.text);
    for raw in ['<', '>', '&', '\u{2028}', '\u{2029}'] {
        assert!(
            !config.contains(raw),
            "{what}: {raw:?} escaped in the configuration"
        );
    }
    serde_json::from_str(config)
        .unwrap_or_else(|e| panic!("{what}: the configuration is JSON ({e})"))
}

#[tokio::test]
async fn hostile_queries_of_the_pages_get_a_page() {
    let mut sent = 0;
    for (page, names) in PAGES {
        for prefix in ["", "/zh"] {
            let path = format!("{prefix}{page}");
            let baseline = get(&path).await;
            for value in hostile_values() {
                // Each parameter with the value, after a first value (the first counts), and the
                // value as a parameter's name.
                let queries = names
                    .iter()
                    .flat_map(|name| {
                        [
                            format!("{name}={value}"),
                            format!("{name}=a&{name}={value}&page=2"),
                        ]
                    })
                    .chain([format!("{value}={value}")]);
                for query in queries {
                    let uri = format!("{path}?{query}");
                    let what = format!("{uri:.120}");
                    check_page(&get(&uri).await, &baseline, "", &what);
                    sent += 1;
                }
            }
            // Every parameter at once, and a flood of unknown names.
            let every: Vec<String> = names
                .iter()
                .map(|name| format!("{name}=%00%FF"))
                .chain((0..2000).map(|n| format!("x{n}=%FF")))
                .collect();
            let uri = format!("{path}?{}", every.join("&"));
            check_page(&get(&uri).await, &baseline, "", "a flood");
            sent += 1;
        }
    }
    report("queries: pages answering a query string", sent);
}

/// The value a text field of the page shows, its attribute's escapes read back.
fn field_value(html: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    let start = html.find(&marker).map(|at| at + marker.len());
    let Some(start) = start else {
        return String::new();
    };
    let end = start + html[start..].find('"').expect("the attribute ends");
    html[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&amp;", "&")
}

#[tokio::test]
async fn markup_in_a_query_is_shown_as_text() {
    let mut sent = 0;
    for payload in PAYLOADS {
        let encoded = utf8_percent_encode(payload, NON_ALPHANUMERIC).to_string();
        for (path, name) in [
            ("/support-token", "token"),
            ("/zh/support-token", "network"),
            ("/support-token", "contract"),
            ("/faq/search", "q"),
            ("/zh/announcements", "q"),
        ] {
            let baseline = get(path).await;
            let uri = format!("{path}?{name}={encoded}");
            let answer = get(&uri).await;
            // What the page keeps is the payload as the browser reads it (trimmed).
            let kept = payload.trim_matches(['\u{2028}', '\u{2029}']);
            let config = check_page(&answer, &baseline, kept, &uri);
            let served = &config["served"];
            let in_config = match name {
                "q" => served["query"].as_str(),
                _ => served["view"]["filters"][name].as_str(),
            };
            assert_eq!(
                in_config,
                Some(kept),
                "{uri}: the configuration keeps the text"
            );
            // The form shows it, escaped in its attribute.
            assert_eq!(field_value(&answer.text, name), kept, "{uri}");
            let send_request = send(
                Request::get(&uri)
                    .header("accept-encoding", "identity")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
            assert_eq!(
                send_request.raw,
                answer.text.as_bytes(),
                "{uri}: the same page in every coding"
            );
            sent += 2;
        }
    }
    report("queries: markup in the pages' query strings", sent);
}
