//! The service the edge's tests hand the edge in place of the site: a few answers of known size,
//! so that what a test sees is the edge's doing, and the status of the certificate the edge
//! serves, as the edge gives it to the service it serves (the site's readiness check reports
//! it).

use std::sync::{Arc, LazyLock};

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::http::header::CONTENT_TYPE;
use axum::routing::get;
use custody_edge::tls::Tls;
use serde_json::{Value, json};

/// The length of the page at `/`: about the size of the site's home page before compression
/// (56 KB), so that a few answers outgrow HTTP/2's initial flow-control window of 64 KiB.
pub const PAGE_BYTES: usize = 64 * 1024;

/// The page at `/`, made once and shared by every answer.
static PAGE: LazyLock<Bytes> = LazyLock::new(|| {
    let mut page = b"<!doctype html><title>Edge under test</title><p>".to_vec();
    page.resize(PAGE_BYTES, b'x');
    Bytes::from(page)
});

/// The service: `GET /` a page of [`PAGE_BYTES`], `GET /healthz` `ok`, and `GET /certificate`
/// the certificate in service (`{"valid": …, "serial": …}`) when the edge serves HTTPS (`tls`).
pub fn test_service(tls: Option<Arc<Tls>>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { ([(CONTENT_TYPE, "text/html; charset=utf-8")], PAGE.clone()) }),
        )
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/certificate",
            get(move || async move { Json(certificate(tls.as_deref())) }),
        )
}

/// Whether a certificate valid now is served, and its serial number.
fn certificate(tls: Option<&Tls>) -> Value {
    let info = tls.and_then(|tls| tls.certificates.info());
    json!({
        "valid": tls.is_some_and(Tls::serves_valid_certificate),
        "serial": info.map(|info| info.serial),
    })
}
