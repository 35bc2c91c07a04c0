//! Turning an in-memory body into a response: encoding negotiation, conditional GET, caching.

use axum::body::{Body, HttpBody};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::Response;

use super::negotiate::{choose_coding, not_modified};
use crate::render::encoded::Encoded;

/// `Vary` for every negotiated body.
pub const VARY: HeaderValue = HeaderValue::from_static("accept-encoding");

/// The route pattern a response was served by, for the request log.
#[derive(Debug, Clone)]
pub struct RoutePattern(pub &'static str);

/// Answers `body` to a request with `request` headers: the best encoding the client accepts,
/// with that coding's ETag on a success, `304` when `If-None-Match` matches it (for 200
/// answers), `406` when no acceptable encoding exists.
pub fn respond(
    request: &HeaderMap,
    status: StatusCode,
    body: &Encoded,
    content_type: HeaderValue,
    cache_control: HeaderValue,
) -> Response {
    let Some(coding) = choose_coding(request, body.available()) else {
        return not_acceptable(not_acceptable_headers());
    };
    let mut headers = HeaderMap::with_capacity(ANSWER_HEADERS);
    headers.insert(header::CACHE_CONTROL, cache_control);
    headers.insert(header::VARY, VARY);
    // Only a success carries a validator: a server ignores preconditions of a request it would
    // answer otherwise (RFC 9110 §13.2.1), so an error's ETag could never be used.
    if status.is_success() {
        let etag = body.etag(coding);
        let unchanged = status == StatusCode::OK && not_modified(request, &etag);
        headers.insert(header::ETAG, etag);
        if unchanged {
            return with_headers(StatusCode::NOT_MODIFIED, headers, Body::empty());
        }
    }
    headers.insert(header::CONTENT_TYPE, content_type);
    if let Some(encoding) = coding.header() {
        headers.insert(header::CONTENT_ENCODING, encoding);
    }
    with_headers(status, headers, Body::from(body.body(coding)))
}

/// The headers of every `406 Not Acceptable` (no coding the client accepts): `Vary`, and
/// `no-store`, since the answer holds only for the request's `Accept-Encoding`.
pub fn not_acceptable_headers() -> HeaderMap {
    let mut headers = HeaderMap::with_capacity(ANSWER_HEADERS);
    headers.insert(header::VARY, VARY);
    headers.insert(header::CACHE_CONTROL, NO_STORE);
    headers
}

/// The `406 Not Acceptable` of a body offered in no coding the client accepts, with `headers`
/// (those of [`not_acceptable_headers`], and any the caller added).
pub fn not_acceptable(headers: HeaderMap) -> Response {
    with_headers(
        StatusCode::NOT_ACCEPTABLE,
        headers,
        Body::from("no acceptable content coding"),
    )
}

/// Room for every header of an answer: its own (up to seven), the security headers and the
/// request id added by the layers around it, so the map is never reallocated and rehashed on the
/// way out.
pub const ANSWER_HEADERS: usize = 16;

/// The response with `headers` as its map (not copied into a new one).
pub fn with_headers(status: StatusCode, headers: HeaderMap, body: Body) -> Response {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}

/// `response` as the answer to `method`: for `HEAD`, no body (HTTP/2 forbids one) and the
/// `Content-Length` a `GET` would get.
pub fn head_without_body(method: &Method, response: Response) -> Response {
    if method != Method::HEAD {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    if let Some(length) = body.size_hint().exact() {
        parts.headers.insert(header::CONTENT_LENGTH, length.into());
    }
    Response::from_parts(parts, Body::empty())
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

// The freshness of every kind of answer (the table in docs/deployment.md lists them all).

/// `Cache-Control` of documents and other fixed URLs: stored, and revalidated with the ETag on
/// every use, so a release shows at once.
pub const NO_CACHE: HeaderValue = HeaderValue::from_static("no-cache");
/// `Cache-Control` of answers that must not be stored: errors (a 404 must not outlive the
/// release that adds the page), health and readiness, answers made for one request.
pub const NO_STORE: HeaderValue = HeaderValue::from_static("no-store");
/// `Cache-Control` of answers about one visitor (an application's receipt): never stored, and
/// never shared by a cache configured to store more than the origin asks.
pub const PRIVATE_NO_STORE: HeaderValue = HeaderValue::from_static("private, no-store");
/// `Cache-Control` of the sitemap and the Atom feeds: crawlers and feed readers poll them, and
/// they change only with a content release, so a reader behind a cache learns of a new page or
/// announcement at most an hour late; then it revalidates with the ETag.
pub const HOURLY: HeaderValue = HeaderValue::from_static("max-age=3600");
/// `Cache-Control` of robots.txt and security.txt, and of permanent redirects: all change only
/// with a release. Crawlers keep robots.txt up to a day whatever the server says (RFC 9309
/// §2.4); a day bounds how long a browser, which otherwise keeps a `301` without limit, follows a
/// redirect a release has removed, and spares the server every repeat visit of that day.
pub const DAILY: HeaderValue = HeaderValue::from_static("max-age=86400");
