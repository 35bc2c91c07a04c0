//! Content coding negotiation, ETags and caching of documents and assets.

use axum::body::Body;
use axum::http::{Request, header};

use crate::common::{SITE, send};

async fn get_with(path: &str, headers: &[(header::HeaderName, &str)]) -> crate::common::Answer {
    let mut request = Request::get(path);
    for (name, value) in headers {
        request = request.header(name, *value);
    }
    send(request.body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn documents_are_served_in_the_best_accepted_encoding() {
    let identity = get_with("/", &[]).await;
    assert_eq!(identity.header("content-encoding"), "");
    for (accept, expected) in [
        ("gzip, deflate, br", "br"),
        ("br;q=0.4, gzip;q=0.8", "gzip"),
        ("gzip", "gzip"),
        ("br;q=0, gzip;q=0", ""),
        ("*", "br"),
        ("bogus, , ;q=", ""),
    ] {
        let answer = get_with("/", &[(header::ACCEPT_ENCODING, accept)]).await;
        assert_eq!(answer.status, 200, "{accept}");
        assert_eq!(answer.header("content-encoding"), expected, "{accept}");
        assert_eq!(answer.header("vary"), "accept-encoding");
        assert_eq!(
            answer.text, identity.text,
            "{accept}: same document in every encoding"
        );
    }
    let refused = get_with("/", &[(header::ACCEPT_ENCODING, "identity;q=0, *;q=0")]).await;
    assert_eq!(refused.status, 406);
}

#[tokio::test]
async fn compressed_documents_are_much_smaller() {
    let identity = get_with("/", &[]).await;
    let br = get_with("/", &[(header::ACCEPT_ENCODING, "br")]).await;
    assert!(
        br.raw.len() * 3 < identity.raw.len(),
        "br {} vs identity {}",
        br.raw.len(),
        identity.raw.len()
    );
}

#[tokio::test]
async fn matching_etags_answer_304() {
    let first = get_with("/faq", &[(header::ACCEPT_ENCODING, "br")]).await;
    let etag = first.header("etag").to_owned();
    assert!(etag.starts_with('"') && etag.len() > 10);
    let again = get_with(
        "/faq",
        &[
            (header::ACCEPT_ENCODING, "br"),
            (header::IF_NONE_MATCH, &etag),
        ],
    )
    .await;
    assert_eq!(again.status, 304);
    assert!(again.raw.is_empty());
    assert_eq!(again.header("etag"), etag);
    let weak = format!("\"other\", W/{etag}");
    assert_eq!(
        get_with(
            "/faq",
            &[
                (header::ACCEPT_ENCODING, "br"),
                (header::IF_NONE_MATCH, &weak)
            ]
        )
        .await
        .status,
        304
    );
    assert_eq!(
        get_with("/faq", &[(header::IF_NONE_MATCH, "\"stale\"")])
            .await
            .status,
        200
    );
    assert_eq!(
        get_with("/faq", &[(header::IF_NONE_MATCH, "garbage")])
            .await
            .status,
        200
    );
    let other_page = get_with("/about", &[]).await;
    assert_ne!(other_page.header("etag"), etag);
}

#[tokio::test]
async fn hashed_static_files_are_immutable_with_their_type_and_precompressed_forms() {
    // The runtime chunk every page loads (the entry module itself is one import, too small to gain
    // from compression).
    let script = SITE.build().entry_modules[0].clone();
    let answer = get_with(&script, &[(header::ACCEPT_ENCODING, "br")]).await;
    assert_eq!(answer.status, 200);
    assert_eq!(
        answer.header("cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(
        answer.header("content-type"),
        "text/javascript; charset=utf-8"
    );
    assert_eq!(answer.header("content-encoding"), "br");
    let plain = get_with(&script, &[]).await;
    assert_eq!(answer.text, plain.text);
    let style = SITE.build().styles[0].clone();
    assert_eq!(
        get_with(&style, &[]).await.header("content-type"),
        "text/css; charset=utf-8"
    );
    assert_eq!(
        get_with("/_app/assets/no-such-file.js", &[]).await.status,
        404
    );
}

#[tokio::test]
async fn favicons_and_the_web_app_manifest_are_served() {
    let svg = get_with("/favicon.svg", &[]).await;
    assert_eq!(svg.header("content-type"), "image/svg+xml");
    assert!(svg.text.starts_with("<svg"));
    let ico = get_with("/favicon.ico", &[]).await;
    assert_eq!(ico.header("content-type"), "image/x-icon");
    assert_eq!(&ico.raw[..4], &[0, 0, 1, 0], "an ICO header");
    let manifest = get_with("/manifest.webmanifest", &[]).await;
    assert_eq!(manifest.header("content-type"), "application/manifest+json");
    let json: serde_json::Value = serde_json::from_str(&manifest.text).unwrap();
    assert_eq!(json["start_url"], "/");
    assert_eq!(json["theme_color"], SITE.content().site.theme_color());
}
