//! What caches are told, through the real router: each content coding of a document, a hashed
//! file, an API answer and the SEO files has its own strong ETag, `If-None-Match` answers `304`
//! only for the representation the request selects, and every kind of answer says how long it
//! may be kept (the table of docs/deployment.md).

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request};
use tower::ServiceExt;

use crate::common::{Answer, SITE, app, send, send_to};
use crate::contact::{app_in, post, valid};
use crate::contact_form::{encoded, post_form, valid_form};

/// The codings a client can ask for, as `Accept-Encoding` and the `Content-Encoding` answered.
const CODINGS: [(&str, &str); 3] = [("br", "br"), ("gzip", "gzip"), ("identity", "")];

fn build(method: Method, path: &str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut request = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.body(Body::empty()).unwrap()
}

async fn request(method: Method, path: &str, headers: &[(&str, &str)]) -> Answer {
    send(build(method, path, headers)).await
}

/// The status and headers of `HEAD path` (no body to decode).
async fn head(path: &str, headers: &[(&str, &str)]) -> (u16, HeaderMap) {
    let response = app()
        .oneshot(build(Method::HEAD, path, headers))
        .await
        .unwrap();
    (response.status().as_u16(), response.headers().clone())
}

/// A hashed file of the UI build that is served in all three codings (the first by path).
pub fn hashed_file() -> String {
    let mut paths: Vec<&String> = SITE
        .files()
        .static_files
        .iter()
        .filter(|(path, file)| {
            path.starts_with("/_app/assets/") && file.body.available().count() == 3
        })
        .map(|(path, _)| path)
        .collect();
    paths.sort();
    paths
        .first()
        .expect("a compressible hashed file")
        .to_string()
}

/// The answer to `GET path` in each coding, with its ETag; every coding the answer offers is
/// checked to have its own, and the three forms the same content.
async fn tags_by_coding(path: &str) -> Vec<(&'static str, String)> {
    let mut tags: Vec<(&str, String)> = Vec::new();
    let mut identity_text = None;
    for (accept, encoding) in CODINGS {
        let answer = request(Method::GET, path, &[("accept-encoding", accept)]).await;
        assert_eq!(answer.status, 200, "{path} in {accept}");
        assert_eq!(answer.header("vary"), "accept-encoding", "{path}");
        let etag = answer.header("etag").to_owned();
        assert!(
            etag.starts_with('"') && etag.ends_with('"') && etag.len() > 10,
            "{path} in {accept}: a strong ETag, not {etag:?}"
        );
        let sent = answer.header("content-encoding");
        if sent == encoding {
            tags.push((encoding, etag));
        } else {
            assert_eq!(sent, "", "{path}: {accept} falls back to identity");
        }
        identity_text.get_or_insert(answer.text.clone());
        assert!(
            identity_text.as_ref() == Some(&answer.text),
            "{path}: the same content in {accept}"
        );
    }
    for (i, (coding, etag)) in tags.iter().enumerate() {
        for (other, other_etag) in &tags[i + 1..] {
            assert_ne!(etag, other_etag, "{path}: {coding} and {other} share a tag");
        }
    }
    tags
}

#[tokio::test]
async fn each_coding_of_a_document_file_api_answer_and_seo_file_has_its_own_strong_etag() {
    let file = hashed_file();
    for path in [
        "/",
        "/zh/services",
        file.as_str(),
        "/_app/data?path=/about",
        "/sitemap.xml",
        "/zh/announcements/feed.xml",
    ] {
        let tags = tags_by_coding(path).await;
        assert_eq!(tags.len(), 3, "{path} is offered in br, gzip and identity");
    }
    // Answers kept in the caches of answers made per query are held in brotli and identity
    // alone: the API's, and the documents answered for a query string.
    for path in [
        "/api/supported-assets?entity=sg",
        "/api/faq/search?q=custody",
        "/support-token?token=usdc",
        "/zh/faq/search?q=custody",
    ] {
        let codings: Vec<&str> = tags_by_coding(path).await.iter().map(|t| t.0).collect();
        assert_eq!(codings, ["br", ""], "{path}");
    }
    for path in ["/robots.txt", "/.well-known/security.txt"] {
        assert!(!tags_by_coding(path).await.is_empty(), "{path}");
    }
}

#[tokio::test]
async fn if_none_match_answers_304_only_for_the_representation_the_request_selects() {
    let file = hashed_file();
    for path in [
        "/faq/security",
        file.as_str(),
        "/api/supported-assets?entity=hk",
        "/sitemap.xml",
    ] {
        let tags = tags_by_coding(path).await;
        for (accept, _) in CODINGS {
            // The tag of the representation this client selects (identity where the coding it
            // asks for is not offered).
            let selected = request(Method::GET, path, &[("accept-encoding", accept)]).await;
            let mine = &selected.header("etag").to_owned();
            for (_, tag) in &tags {
                let answer = request(
                    Method::GET,
                    path,
                    &[("accept-encoding", accept), ("if-none-match", tag)],
                )
                .await;
                if tag == mine {
                    assert_eq!(answer.status, 304, "{path} in {accept} with its own tag");
                    assert!(answer.raw.is_empty());
                    assert_eq!(answer.header("etag"), mine);
                    assert_eq!(answer.header("vary"), "accept-encoding");
                    assert!(!answer.header("cache-control").is_empty(), "{path}");
                } else {
                    assert_eq!(answer.status, 200, "{path} in {accept} with {tag}");
                    assert_eq!(answer.header("etag"), mine);
                }
            }
            // Weak comparison (RFC 9110 §13.1.2), a list, and `*`.
            for condition in [format!("W/{mine}"), format!("\"x\", {mine}"), "*".into()] {
                let answer = request(
                    Method::GET,
                    path,
                    &[("accept-encoding", accept), ("if-none-match", &condition)],
                )
                .await;
                assert_eq!(answer.status, 304, "{path} in {accept}: {condition}");
            }
            let (status, headers) = head(path, &[("accept-encoding", accept)]).await;
            assert_eq!(status, 200, "HEAD {path} in {accept}");
            assert_eq!(headers["etag"], mine.as_str(), "HEAD {path} in {accept}");
            let (status, _) = head(
                path,
                &[("accept-encoding", accept), ("if-none-match", mine)],
            )
            .await;
            assert_eq!(status, 304, "HEAD {path} in {accept}");
        }
    }
}

#[tokio::test]
async fn the_tags_of_a_build_are_the_same_in_every_instance_of_it() {
    let rebuilt = std::sync::Arc::new(
        custody_site::ServedSite::from_embedded(custody_site::SiteSettings::default()).unwrap(),
    );
    let other = custody_site::http::app(rebuilt, crate::common::CONTACT.clone());
    let file = hashed_file();
    for path in ["/", "/zh/about", file.as_str(), "/sitemap.xml"] {
        for (accept, _) in CODINGS {
            let here = request(Method::GET, path, &[("accept-encoding", accept)]).await;
            let there = send_to(
                other.clone(),
                Request::get(path)
                    .header("accept-encoding", accept)
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
            assert_eq!(here.header("etag"), there.header("etag"), "{path} {accept}");
        }
    }
}

#[tokio::test]
async fn error_answers_carry_no_validator_and_are_never_stored() {
    for path in ["/no-such-page", "/zh/no-such-page", "/faq/no-such-category"] {
        let answer = request(Method::GET, path, &[("accept-encoding", "br")]).await;
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(answer.header("etag"), "", "{path}");
        assert_eq!(answer.header("cache-control"), "no-store", "{path}");
        assert_eq!(answer.header("vary"), "accept-encoding", "{path}");
        // Preconditions are ignored where the answer would not be a success (RFC 9110 §13.2.1).
        let conditional = request(
            Method::GET,
            path,
            &[("accept-encoding", "br"), ("if-none-match", "*")],
        )
        .await;
        assert_eq!(conditional.status, 404, "{path}");
        assert_eq!(conditional.text, answer.text, "{path}");
    }
    let data = request(Method::GET, "/_app/data?path=/nowhere", &[]).await;
    assert_eq!(data.status, 404);
    assert_eq!(data.header("etag"), "");
    assert_eq!(data.header("cache-control"), "no-store");
}

/// A request (method, path, headers) and the status and `Cache-Control` of its answer.
type Row<'a> = (Method, &'a str, &'a [(&'a str, &'a str)], u16, &'a str);

#[tokio::test]
async fn every_kind_of_answer_says_how_long_it_may_be_kept() {
    let file = hashed_file();
    let immutable = "public, max-age=31536000, immutable";
    let table: [Row; 22] = [
        (Method::GET, "/", &[], 200, "no-cache"),
        (Method::HEAD, "/zh", &[], 200, "no-cache"),
        (
            Method::GET,
            "/support-token?token=usdc",
            &[],
            200,
            "no-cache",
        ),
        (
            Method::HEAD,
            "/zh/announcements?q=x&page=2",
            &[],
            200,
            "no-cache",
        ),
        (Method::GET, &file, &[], 200, immutable),
        (Method::GET, "/favicon.svg", &[], 200, "no-cache"),
        (Method::GET, "/manifest.webmanifest", &[], 200, "no-cache"),
        (Method::GET, "/sitemap.xml", &[], 200, "max-age=3600"),
        (
            Method::GET,
            "/announcements/feed.xml",
            &[],
            200,
            "max-age=3600",
        ),
        (Method::GET, "/robots.txt", &[], 200, "max-age=86400"),
        (
            Method::GET,
            "/.well-known/security.txt",
            &[],
            200,
            "max-age=86400",
        ),
        (Method::GET, "/serve", &[], 301, "max-age=86400"),
        (Method::HEAD, "/en/about", &[], 301, "max-age=86400"),
        (Method::GET, "/zh/about/?a=1", &[], 301, "max-age=86400"),
        (Method::GET, "/healthz", &[], 200, "no-store"),
        (Method::GET, "/readyz", &[], 200, "no-store"),
        (
            Method::GET,
            "/_app/builds/latest.json",
            &[],
            200,
            "no-cache",
        ),
        (
            Method::GET,
            "/api/supported-assets?entity=sg",
            &[],
            200,
            "public, max-age=300",
        ),
        (
            Method::GET,
            "/api/supported-assets?entity=xx",
            &[],
            400,
            "no-store",
        ),
        (Method::GET, "/api/no-such-endpoint", &[], 404, "no-store"),
        (Method::DELETE, "/about", &[], 405, "no-store"),
        (
            Method::GET,
            "/",
            &[("accept-encoding", "identity;q=0, *;q=0")],
            406,
            "no-store",
        ),
    ];
    for (method, path, headers, status, cache_control) in table {
        let answer = request(method.clone(), path, headers).await;
        assert_eq!(answer.status, status, "{method} {path}");
        assert_eq!(
            answer.header("cache-control"),
            cache_control,
            "{method} {path}"
        );
        if status == 301 {
            assert_eq!(
                answer.header("etag"),
                "",
                "{path}: a redirect has no validator"
            );
        }
    }

    // An application's receipt is about one visitor: no cache may store it.
    let dir = tempfile::tempdir().unwrap();
    let (app, _) = app_in(dir.path(), |_| {});
    let body = Body::from(valid("en").to_string());
    let receipt = send_to(app.clone(), post().body(body).unwrap()).await;
    assert_eq!(receipt.status, 201);
    assert_eq!(receipt.header("cache-control"), "private, no-store");
    assert_eq!(receipt.header("etag"), "");

    // So are the answers to the form posted without scripts, and its confirmation.
    let form = encoded(&valid_form("Acme Cached"));
    let stored = send_to(app.clone(), post_form("/contact-us", form)).await;
    assert_eq!(stored.status, 303);
    assert_eq!(stored.header("cache-control"), "no-store");
    let refused = send_to(app.clone(), post_form("/zh/contact-us", String::new())).await;
    assert_eq!(refused.status, 422);
    assert_eq!(refused.header("cache-control"), "private, no-store");
    assert_eq!(refused.header("etag"), "");
    assert_eq!(refused.header("vary"), "accept-encoding");
    let confirmation = Request::get(stored.header("location"))
        .body(Body::empty())
        .unwrap();
    let confirmation = send_to(app, confirmation).await;
    assert_eq!(confirmation.status, 200);
    assert_eq!(confirmation.header("cache-control"), "private, no-store");
    assert_eq!(confirmation.header("vary"), "accept-encoding");
}
