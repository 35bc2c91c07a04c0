//! Turning an in-memory body into a response: encoding negotiation, conditional GET, caching.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::negotiate::{choose_coding, not_modified};
use crate::render::encoded::Encoded;

/// `Vary` for every negotiated body.
pub const VARY: HeaderValue = HeaderValue::from_static("accept-encoding");

/// The route pattern a response was served by, for the request log.
#[derive(Debug, Clone)]
pub struct RoutePattern(pub &'static str);

/// Answers `body` to a request with `request` headers: the best encoding the client accepts,
/// `304` when its ETag matches (for 200 answers), `406` when no acceptable encoding exists.
pub fn respond(
    request: &HeaderMap,
    status: StatusCode,
    body: &Encoded,
    content_type: HeaderValue,
    cache_control: HeaderValue,
) -> Response {
    let Some(coding) = choose_coding(request, body.available()) else {
        return (
            StatusCode::NOT_ACCEPTABLE,
            [(header::VARY, VARY)],
            "no acceptable content coding",
        )
            .into_response();
    };
    let mut headers = HeaderMap::with_capacity(ANSWER_HEADERS);
    headers.insert(header::CACHE_CONTROL, cache_control);
    headers.insert(header::ETAG, body.etag().clone());
    headers.insert(header::VARY, VARY);
    if status == StatusCode::OK && not_modified(request, body.etag()) {
        return with_headers(StatusCode::NOT_MODIFIED, headers, Body::empty());
    }
    headers.insert(header::CONTENT_TYPE, content_type);
    if let Some(encoding) = coding.header() {
        headers.insert(header::CONTENT_ENCODING, encoding);
    }
    with_headers(status, headers, Body::from(body.body(coding)))
}

/// Room for every header of an answer: its own five, the security headers and the request id
/// added later, so the map is never reallocated and rehashed on the way out.
const ANSWER_HEADERS: usize = 16;

/// The response with `headers` as its map (not copied into a new one).
pub fn with_headers(status: StatusCode, headers: HeaderMap, body: Body) -> Response {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}

/// `Content-Type` of HTML documents.
pub const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");
/// `Content-Type` of the sitemap.
pub const XML: &str = "application/xml; charset=utf-8";
/// `Content-Type` of robots.txt and security.txt.
pub const PLAIN_TEXT: &str = "text/plain; charset=utf-8";
/// `Content-Type` of the web app manifest.
pub const WEB_MANIFEST: &str = "application/manifest+json";
/// `Content-Type` of JSON answers.
pub const JSON: HeaderValue = HeaderValue::from_static("application/json");
/// `Cache-Control` of documents and other fixed URLs: always revalidate.
pub const NO_CACHE: HeaderValue = HeaderValue::from_static("no-cache");
/// `Cache-Control` of answers that must not be stored (errors, per-request answers).
pub const NO_STORE: HeaderValue = HeaderValue::from_static("no-store");
