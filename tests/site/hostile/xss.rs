//! Markup planted everywhere a request's text is shown again: the 404 page's path in both
//! languages, the invalid-id page, the 500 page, search answers, page data, API error fields
//! and the redirect `Location`. HTML gets it escaped, the runtime configuration
//! (`<script type="application/json">`) gets it as `\u` escapes, and JSON gets it as JSON.

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use axum::routing::get as get_route;
use custody_content::Lang;
use custody_site::testing;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::Value;

use super::{Missing, api_error, heading, html_lang, report, runtime_config};
use crate::common::{Answer, CONTACT, SITE, as_read, get, send_to};

/// Payloads that execute if any context forgets to escape.
const PAYLOADS: [&str; 11] = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "'><svg onload=alert(1)>",
    "</script><script>alert(1)</script>",
    "javascript:alert(1)",
    "\u{2028}alert(1)\u{2029}",
    "<!--<script>",
    "]]></code><iframe src=//evil.example>",
    "&lt;script&gt;&amp;",
    "{{7*7}}${7*7}<%= 7*7 %>",
    "\u{202e}<b>lmth.xedni\u{0}\u{1b}[2J",
];

fn encode(text: &str) -> String {
    utf8_percent_encode(text, NON_ALPHANUMERIC).to_string()
}

/// A decoded path as error pages show it: control characters, line separators and
/// bidirectional controls percent-encoded again (upper-case hex).
fn as_shown(text: &str) -> String {
    text.chars()
        .map(|c| {
            let hostile = c.is_control()
                || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
            if hostile {
                let mut bytes = [0; 4];
                c.encode_utf8(&mut bytes).bytes().map(|b| format!("%{b:02X}")).collect()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Escapes as the HTML body of an error page must.
fn html_escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Markup counts of a document, to compare with the same page for a harmless path. The shown
/// text is taken out first: escaped, it may still read `onerror=` as text.
fn markup_counts(html: &str, shown: &str) -> [usize; 6] {
    let html = html.replace(&html_escaped(shown), "");
    let html = match html.find("<script type=\"application/json\"") {
        Some(config) => html[..config].to_owned(),
        None => html,
    };
    ["<script", "<img", "<svg", "<iframe", "onerror=", "onload="]
        .map(|tag| html.matches(tag).count())
}

/// Checks an error document that shows `shown` (the decoded path, with its query for the
/// invalid-id page): the same markup as the harmless page, the text escaped in the body, and
/// the runtime configuration free of markup characters and equal to `shown` once parsed.
fn check_document(answer: &Answer, baseline: &Answer, shown: &str, what: &str) {
    let html = &answer.text;
    assert_eq!(
        markup_counts(html, shown),
        markup_counts(&baseline.text, "/harmless"),
        "{what}: no new markup"
    );
    assert!(
        html.ends_with("</script>\n</body>\n</html>")
            || html.ends_with("</script>\n</body>\n</html>\n"),
        "{what}: the configuration is the last element"
    );
    assert!(
        html.contains(&format!("<code>{}</code>", html_escaped(shown))),
        "{what}: the escaped path is shown"
    );
    let config = runtime_config(html);
    for raw in ['<', '>', '&', '\u{2028}', '\u{2029}'] {
        assert!(
            !config.contains(raw),
            "{what}: {raw:?} escaped in the configuration"
        );
    }
    let parsed: Value = serde_json::from_str(config).expect("the configuration is JSON");
    assert_eq!(
        parsed["page"]["path"], shown,
        "{what}: the configuration keeps the text"
    );
    assert_eq!(parsed["page"]["data"]["requestPath"], shown, "{what}");
    for header in ["content-security-policy", "x-content-type-options"] {
        assert!(!answer.header(header).is_empty(), "{what}: {header}");
    }
}

#[tokio::test]
async fn paths_shown_by_error_pages_are_escaped_in_both_languages() {
    let mut sent = 0;
    for lang in Lang::ALL {
        let prefix = if lang == Lang::Zh { "/zh" } else { "" };
        let baseline = get(&format!("{prefix}/harmless")).await;
        let baseline_invalid = get(&format!("{prefix}/faq/harmless")).await;
        for payload in PAYLOADS {
            let encoded = encode(payload);
            let path = format!("{prefix}/{encoded}");
            let answer = get(&path).await;
            assert_eq!(answer.status, 404, "{path}");
            assert!(answer.text.contains(&html_lang(lang)), "{path}");
            assert!(
                as_read(&answer.text).contains(&heading(lang, Missing::Page)),
                "{path}"
            );
            let shown = as_shown(&format!("{prefix}/{payload}"));
            check_document(&answer, &baseline, &shown, &path);

            let invalid = format!("{prefix}/faq/{encoded}?q={encoded}");
            let answer = get(&invalid).await;
            assert_eq!(answer.status, 404, "{invalid}");
            assert!(
                as_read(&answer.text).contains(&heading(lang, Missing::Id)),
                "{invalid}"
            );
            // The invalid-id page shows the full path with its query, decoded.
            check_document(
                &answer,
                &baseline_invalid,
                &as_shown(&format!("{prefix}/faq/{payload}?q={payload}")),
                &invalid,
            );
            sent += 2;
        }
    }
    report("xss: 404 and invalid-id pages", sent);
}

#[tokio::test]
async fn paths_shown_by_the_500_page_are_escaped() {
    async fn boom() -> &'static str {
        panic!("a handler failed")
    }
    let extra = Router::new()
        .route("/boom/{*rest}", get_route(boom))
        .route("/zh/boom/{*rest}", get_route(boom));
    let app = testing::app_with(SITE.clone(), CONTACT.clone(), extra);
    let request = |path: &str| {
        Request::get(path)
            .header("accept-encoding", "gzip")
            .body(Body::empty())
            .unwrap()
    };
    let mut sent = 0;
    for prefix in ["", "/zh"] {
        let baseline = send_to(app.clone(), request(&format!("{prefix}/boom/harmless"))).await;
        assert_eq!(baseline.status, 500);
        for payload in PAYLOADS {
            let path = format!("{prefix}/boom/{}", encode(payload));
            let answer = send_to(app.clone(), request(&path)).await;
            assert_eq!(answer.status, 500, "{path}");
            let shown = as_shown(&format!("{prefix}/boom/{payload}"));
            assert_eq!(
                markup_counts(&answer.text, &shown),
                markup_counts(&baseline.text, "/harmless"),
                "{path}: no new markup"
            );
            let config = runtime_config(&answer.text);
            assert!(
                !config.contains('<') && !config.contains('\u{2028}'),
                "{path}: the configuration is escaped"
            );
            assert!(
                !answer.text.contains("a handler failed"),
                "{path}: no detail"
            );
            sent += 1;
        }
    }
    report("xss: 500 page", sent);
}

#[tokio::test]
async fn markup_in_api_answers_stays_json_text() {
    let mut sent = 0;
    for payload in PAYLOADS {
        let encoded = encode(payload);
        // Search echoes the query.
        for scope in ["faq", "announcements"] {
            let uri = format!("/api/{scope}/search?q={encoded}&lang=zh");
            let answer = get(&uri).await;
            assert_eq!(answer.status, 200, "{uri}");
            assert_eq!(answer.header("content-type"), "application/json", "{uri}");
            assert_eq!(answer.header("x-content-type-options"), "nosniff", "{uri}");
            let body: Value = serde_json::from_str(&answer.text).unwrap();
            assert_eq!(body["query"], payload.trim(), "{uri}");
            sent += 1;
        }
        // Page data echoes the path of an error page.
        let uri = format!("/_app/data?path=/zh/{encoded}");
        let answer = get(&uri).await;
        assert_eq!(answer.status, 404, "{uri}");
        assert_eq!(answer.header("content-type"), "application/json", "{uri}");
        let body: Value = serde_json::from_str(&answer.text).unwrap();
        let shown = as_shown(&format!("/zh/{payload}"));
        assert_eq!(body["path"], shown, "{uri}");
        assert_eq!(body["data"]["requestPath"], shown, "{uri}");
        sent += 1;
        // The supported-assets API names unknown parameters (at most 32 characters of them).
        let uri = format!("/api/supported-assets?{encoded}=1&lang=zh");
        let answer = get(&uri).await;
        assert_eq!(answer.status, 400, "{uri}");
        let error = api_error(&answer.text, &uri);
        let name: String = payload.chars().take(32).collect();
        assert!(error["fields"][&name].is_string(), "{uri}: {}", answer.text);
        sent += 1;
        // Filters are data, not markup: accepted or refused, never reflected unescaped.
        let uri = format!("/api/supported-assets?token={encoded}");
        let answer = get(&uri).await;
        assert!(answer.status == 200 || answer.status == 400, "{uri}");
        let _: Value = serde_json::from_str(&answer.text).expect("JSON");
        sent += 1;
    }
    report("xss: API answers", sent);
}

#[tokio::test]
async fn markup_in_a_redirected_query_stays_in_the_query() {
    let mut sent = 0;
    for payload in PAYLOADS {
        let encoded = encode(payload);
        for source in ["/serve", "/zh/touch", "/en/about"] {
            let uri = format!("{source}?next={encoded}");
            let answer = get(&uri).await;
            assert_eq!(answer.status, 301, "{uri}");
            let location = answer.header("location");
            assert!(
                location.ends_with(&format!("?next={encoded}")),
                "{uri}: {location}"
            );
            assert!(
                !location.contains(['<', '>', '"', '\'', ' ']),
                "{uri}: {location}"
            );
            super::paths::assert_local(location, &uri);
            assert!(
                answer.text.is_empty(),
                "{uri}: a redirect has no body to inject into"
            );
            sent += 1;
        }
    }
    report("xss: redirect Location", sent);
}
