//! 404 and 500 pages: status, language, message, escaping, no internal detail.

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use axum::routing::get as get_route;
use custody_site::testing;

use crate::common::{CONTACT, SITE, as_read, get, send_to};

#[tokio::test]
async fn unknown_paths_get_a_404_page_in_the_paths_language() {
    let en = get("/no-such-page").await;
    assert_eq!(en.status, 404);
    assert!(en.text.contains("<html lang=\"en\""));
    assert!(en.text.contains("<h1>Page not found</h1>"));
    assert!(en.text.contains("<code>/no-such-page</code>"));
    assert!(
        en.text
            .contains("<meta name=\"robots\" content=\"noindex, nofollow\">")
    );
    assert!(
        en.text.contains("class=\"site-header\"") && en.text.contains("class=\"site-footer\""),
        "chrome"
    );

    let zh = get("/zh/no-such-page").await;
    assert_eq!(zh.status, 404);
    assert!(zh.text.contains("<html lang=\"zh-Hans\""));
    assert!(zh.text.contains("<code>/zh/no-such-page</code>"));
    assert!(zh.text.contains("href=\"/zh/services\""));
}

#[tokio::test]
async fn a_failed_validity_check_is_page_not_found_with_the_full_path() {
    for (path, lang) in [
        ("/faq/no-such-category?from=mail", "en"),
        ("/zh/announcements/no-such-notice", "zh-Hans"),
    ] {
        let answer = get(path).await;
        assert_eq!(answer.status, 404, "{path}");
        assert!(
            answer.text.contains(&format!("<html lang=\"{lang}\"")),
            "{path}"
        );
        let heading = &SITE
            .content()
            .locale(custody_content::Lang::split(path).0)
            .pages["invalid"]
            .heading;
        assert!(
            as_read(&answer.text).contains(&format!("<h1>{heading}</h1>")),
            "{path}"
        );
        assert!(
            answer
                .text
                .contains(&format!("<code>{}</code>", path.replace('&', "&amp;"))),
            "{path}"
        );
    }
    assert!(get("/faq/x").await.text.contains("<h1>Page Not Found</h1>"));
}

#[tokio::test]
async fn reflected_paths_are_escaped_in_html_and_json() {
    let answer = get("/%3Cscript%3Ealert(1)%3C/script%3E").await;
    assert_eq!(answer.status, 404);
    assert!(
        !answer.text.contains("<script>alert(1)"),
        "no executable markup"
    );
    assert!(
        answer
            .text
            .contains("<code>/&lt;script&gt;alert(1)&lt;/script&gt;</code>")
    );
    assert!(
        answer
            .text
            .contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"),
        "escaped in the config JSON"
    );

    let quoted = get("/%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E").await;
    assert!(
        !quoted.text.contains("<img src=x"),
        "attribute breakout is escaped"
    );
}

/// The runtime configuration of an error page, parsed from its `<script>` element.
fn site_config(html: &str) -> serde_json::Value {
    let start = html
        .find(r#"<script type="application/json" id="site-config">"#)
        .expect("the configuration script");
    let json = &html[start..];
    let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
    serde_json::from_str(json).expect("the configuration is JSON")
}

#[tokio::test]
async fn the_error_page_carries_the_exact_path_in_both_languages() {
    let shown = "/zh/\"quotes\"\\back</script>\u{2028}\u{2029}&amp;客户";
    let requested =
        percent_encoding::utf8_percent_encode(shown, percent_encoding::NON_ALPHANUMERIC)
            .to_string()
            .replace("%2F", "/");
    for (path, lang) in [
        (requested.clone(), "zh-Hans"),
        (requested.replacen("/zh", "", 1), "en"),
    ] {
        let answer = get(&path).await;
        assert_eq!(answer.status, 404, "{path}");
        assert!(answer.text.contains(&format!("<html lang=\"{lang}\"")));
        let config = site_config(&answer.text);
        let expected = custody_site::http::errors::shown_path(&path);
        assert_eq!(config["page"]["path"], *expected, "{path}");
        assert_eq!(config["page"]["data"]["requestPath"], *expected, "{path}");
        assert!(answer.text.contains(&format!(
            "<code>{}</code>",
            expected
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('"', "&quot;")
        )));
        assert!(!answer.text.contains("__CUSTODY_REQUEST_PATH__"));
    }
}

#[tokio::test]
async fn control_and_bidirectional_characters_are_shown_encoded() {
    // Decoded, %00 would put a NUL byte in the document and %E2%80%AE would show the rest of
    // the path reversed (a spoofed file name on the site's own page).
    let answer = get("/zh/%E2%80%AEfdp.exe%00%1b%5B2J%E2%80%A8").await;
    assert_eq!(answer.status, 404);
    assert!(
        answer
            .text
            .contains("<code>/zh/%E2%80%AEfdp.exe%00%1B[2J%E2%80%A8</code>"),
        "shown as typed"
    );
    for raw in ['\u{202e}', '\u{0}', '\u{1b}', '\u{2028}'] {
        assert!(!answer.text.contains(raw), "no raw {raw:?}");
    }
    let data = get("/_app/data?path=/%E2%80%AEfdp.exe%00").await;
    assert_eq!(data.status, 404);
    let data: serde_json::Value = serde_json::from_str(&data.text).unwrap();
    assert_eq!(data["path"], "/%E2%80%AEfdp.exe%00");
}

#[tokio::test]
async fn a_panic_becomes_a_500_page_without_detail() {
    async fn boom() -> &'static str {
        panic!("secret database password in panic")
    }
    let extra = Router::new().route("/boom", get_route(boom));
    let app = testing::app_with(SITE.clone(), CONTACT.clone(), extra);
    let answer = send_to(app, Request::get("/boom").body(Body::empty()).unwrap()).await;
    assert_eq!(answer.status, 500);
    assert!(answer.text.contains("<h1>Internal Server Error</h1>"));
    assert!(!answer.text.contains("secret"));
    assert!(
        answer
            .header("content-security-policy")
            .contains("default-src")
    );
}

#[tokio::test]
async fn api_addresses_answer_json_errors_in_the_requests_language() {
    async fn boom() -> &'static str {
        panic!("secret connection string in panic")
    }
    let extra = Router::new().route("/api/boom", get_route(boom));
    let app = testing::app_with(SITE.clone(), CONTACT.clone(), extra);
    let ask = |method: &str, path: &str, lang: &str| {
        Request::builder()
            .method(method)
            .uri(path)
            .header("accept-language", lang)
            .body(Body::empty())
            .unwrap()
    };
    let cases = [
        (
            "GET",
            "/api/boom",
            "en",
            500,
            "internal_error",
            "try again later",
        ),
        (
            "GET",
            "/api/boom",
            "zh-CN",
            500,
            "internal_error",
            "稍后重试",
        ),
        (
            "GET",
            "/api/contact",
            "en",
            405,
            "method_not_allowed",
            "Allow header",
        ),
        (
            "DELETE",
            "/api/supported-assets",
            "zh",
            405,
            "method_not_allowed",
            "请求方法",
        ),
        (
            "POST",
            "/api/faq/search",
            "en",
            405,
            "method_not_allowed",
            "Allow header",
        ),
        (
            "GET",
            "/api/no-such-endpoint",
            "en",
            404,
            "not_found",
            "no API endpoint",
        ),
        (
            "POST",
            "/api/v2/contact",
            "zh",
            404,
            "not_found",
            "没有对应",
        ),
    ];
    for (method, path, lang, status, code, message) in cases {
        let answer = send_to(app.clone(), ask(method, path, lang)).await;
        assert_eq!(answer.status.as_u16(), status, "{method} {path}");
        assert_eq!(answer.header("content-type"), "application/json");
        let body: serde_json::Value = serde_json::from_str(&answer.text).expect("JSON");
        assert_eq!(body["error"]["code"], code, "{method} {path}");
        let text = body["error"]["message"].as_str().unwrap();
        assert!(text.contains(message), "{method} {path}: {text}");
        assert!(!answer.text.contains("secret"));
        if status == 405 {
            assert!(
                !answer.header("allow").is_empty(),
                "{method} {path} names the methods"
            );
        }
    }
}
