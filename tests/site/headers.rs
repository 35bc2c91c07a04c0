//! Security headers on every kind of response; HSTS only for an HTTPS public URL.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, header};
use axum::routing::get as get_route;
use custody_site::security_headers::security_headers;
use custody_site::settings::Environment;
use custody_site::{ServedSite, SiteSettings, http, testing};

use crate::common::{CONTACT, SITE, get, send_to};

fn assert_security_headers(answer: &crate::common::Answer, what: &str) {
    let csp = answer.header("content-security-policy");
    for directive in [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ] {
        assert!(
            csp.contains(directive),
            "{what}: CSP lacks {directive}: {csp}"
        );
    }
    assert!(
        !csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"),
        "{what}: {csp}"
    );
    assert_eq!(answer.header("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(
        answer.header("referrer-policy"),
        "strict-origin-when-cross-origin",
        "{what}"
    );
    assert_eq!(
        answer.header("cross-origin-resource-policy"),
        "same-origin",
        "{what}"
    );
    assert!(
        answer.header("permissions-policy").contains("camera=()"),
        "{what}"
    );
}

#[tokio::test]
async fn every_kind_of_response_carries_the_security_headers() {
    let static_file = SITE
        .files()
        .static_files
        .keys()
        .find(|k| k.starts_with("/_app/assets/"))
        .unwrap()
        .clone();
    for path in [
        "/",
        "/zh/faq",
        &static_file,
        "/no-such-page",
        "/serve",
        "/_app/builds/latest.json",
        "/_app/data?path=/about",
        "/sitemap.xml",
        "/favicon.ico",
        "/.well-known/security.txt",
        "/zh/announcements/feed.xml",
    ] {
        let answer = get(path).await;
        assert_security_headers(&answer, path);
        assert!(
            answer.header("strict-transport-security").is_empty(),
            "no HSTS over plain http: {path}"
        );
    }
}

/// `pattern` of the route table with a sample segment for each `{name}`, and one under a mount.
fn sample(pattern: &str, mount: bool) -> String {
    let path: Vec<&str> = pattern
        .split('/')
        .map(|segment| match segment {
            other if other.starts_with('{') => "sample",
            other => other,
        })
        .collect();
    let path = path.join("/");
    if mount {
        format!("{}/sample", path.trim_end_matches('/'))
    } else {
        path
    }
}

/// Every route the table declares, by each of its methods, a path without a page, a method a
/// page refuses and a handler that panics: each answer carries the whole set of security headers
/// with the site's values, and says how long it may be kept.
#[tokio::test]
async fn every_declared_route_a_404_a_405_and_a_panic_carry_the_whole_set() {
    async fn boom() -> &'static str {
        panic!("a handler that fails")
    }
    let settings = SiteSettings {
        public_url: "https://custody.example".parse().unwrap(),
        ..SiteSettings::default()
    };
    let expected = security_headers(&settings);
    assert!(expected.contains_key(header::STRICT_TRANSPORT_SECURITY));
    let site = Arc::new(ServedSite::from_embedded(settings).unwrap());
    let (_, routes) = http::app_and_routes(site.clone(), CONTACT.clone());
    let extra = Router::new().route("/boom", get_route(boom));
    let app = testing::app_with(site, CONTACT.clone(), extra);
    let mut asked: Vec<(Method, String)> = routes
        .declared()
        .flat_map(|declared| {
            let path = sample(&declared.pattern, declared.mount);
            declared
                .methods
                .iter()
                .map(move |method| (method.clone(), path.clone()))
        })
        .collect();
    let walked = asked.len();
    asked.extend([
        (Method::GET, "/no-such-page".to_owned()),
        (Method::DELETE, "/about".to_owned()),
        (Method::GET, "/boom".to_owned()),
    ]);
    let mut statuses = Vec::new();
    for (method, path) in asked {
        let what = format!("{method} {path}");
        let request = Request::builder()
            .method(&method)
            .uri(&path)
            .body(Body::empty())
            .unwrap();
        let answer = send_to(app.clone(), request).await;
        for (name, value) in &expected {
            assert_eq!(answer.headers.get(name), Some(value), "{what}: {name}");
        }
        assert!(!answer.header("cache-control").is_empty(), "{what}");
        statuses.push(answer.status.as_u16());
    }
    assert!(walked > 2 * SITE.pages().len(), "{walked} routes walked");
    assert_eq!(statuses[walked..], [404, 405, 500]);
}

#[tokio::test]
async fn hsts_is_sent_when_the_public_url_is_https() {
    let settings = SiteSettings {
        public_url: "https://custody.example".parse().unwrap(),
        ..SiteSettings::default()
    };
    let site = Arc::new(ServedSite::from_embedded(settings).unwrap());
    let answer = send_to(
        http::app(site, CONTACT.clone()),
        Request::get("/about").body(Body::empty()).unwrap(),
    )
    .await;
    assert!(
        answer
            .header("strict-transport-security")
            .starts_with("max-age=63072000")
    );
    assert!(
        answer
            .text
            .contains("<link rel=\"canonical\" href=\"https://custody.example/about\">")
    );
}

/// The header's link to the insights blog leads to the configured address in the served HTML,
/// before any script runs, on a page, an error page and a document answered for a query string:
/// the prerender's marker never reaches a visitor.
#[tokio::test]
async fn the_insights_link_is_served_with_its_configured_address() {
    let mut settings = SiteSettings::default();
    settings.links.insights_url = "https://blog.custody.example/insights?from=site&lang=all"
        .parse()
        .unwrap();
    let site = Arc::new(ServedSite::from_embedded(settings).unwrap());
    for path in [
        "/",
        "/zh/about",
        "/no-such-page",
        "/faq/search?q=wallet",
        "/zh/support-token?page=2",
    ] {
        let answer = send_to(
            http::app(site.clone(), CONTACT.clone()),
            Request::get(path).body(Body::empty()).unwrap(),
        )
        .await;
        assert!(
            answer
                .text
                .contains("href=\"https://blog.custody.example/insights?from=site&amp;lang=all\""),
            "{path}"
        );
        assert!(!answer.text.contains("__CUSTODY_LINK_"), "{path}");
    }
}

#[tokio::test]
async fn configured_origins_extend_the_csp_and_reach_the_page_config() {
    let mut settings = SiteSettings::default();
    settings.iam.base_url = "https://iam.custody.example/".parse().ok();
    settings.analytics.script_url = "https://stats.custody.example/pv.js".parse().ok();
    settings.site.environment = Environment::Test;
    let site = Arc::new(ServedSite::from_embedded(settings).unwrap());
    let answer = send_to(
        http::app(site, CONTACT.clone()),
        Request::get("/").body(Body::empty()).unwrap(),
    )
    .await;
    let csp = answer.header("content-security-policy");
    assert!(
        csp.contains("script-src 'self' https://stats.custody.example;"),
        "{csp}"
    );
    assert!(
        csp.contains(
            "connect-src 'self' https://iam.custody.example https://stats.custody.example;"
        ),
        "{csp}"
    );

    let start = answer.text.find("id=\"site-config\">").unwrap() + 17;
    let end = start + answer.text[start..].find("</script>").unwrap();
    let injected: serde_json::Value = serde_json::from_str(&answer.text[start..end]).unwrap();
    let runtime = &injected["runtime"];
    assert_eq!(runtime["iamBase"], "https://iam.custody.example");
    assert_eq!(runtime["environment"], "test");
    assert_eq!(
        runtime["login"]["hk"],
        "https://portal.test.hk.custody.example/login"
    );
    assert_eq!(
        runtime["logout"]["sg"],
        "https://portal.test.sg.custody.example/logout"
    );
    assert_eq!(runtime["buildCheckIntervalSecs"], 3600);

    let default = get("/").await;
    let csp = default.header("content-security-policy");
    assert!(
        csp.contains("script-src 'self';") && csp.contains("connect-src 'self';"),
        "{csp}"
    );
}
