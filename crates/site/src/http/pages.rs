//! The router's fallback: what no route of the router and no answer made in memory took.
//! Documents, static and SEO files, redirects and the 404 of a `GET` or `HEAD` never get here (the
//! dispatch of `crates/site/src/http/pipeline/dispatch.rs` answers them from memory, the 404 with
//! [`missing_page`]); what is left, by the path's route (`crates/site/src/http/routes.rs`), is the
//! JSON 404 of an API address without an endpoint, the 405 of a method a route does not take, the
//! 404 of a previous build's file no build holds (and, in tests, the 404 of a path their own
//! routes do not take: `crates/site/src/testing.rs`).

use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::api_error::ApiError;
use super::routes::Kind;
use super::{AppState, errors};
use crate::render::served_site::ServedSite;
use crate::resolver::Missing;
use custody_content::pages::error_kind::ErrorKind;

/// Answers a path no route claimed.
pub async fn unrouted(
    State(site): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let path = uri.path();
    let route = site.routes.resolve(path);
    if route.kind() == Some(Kind::ApiMount) {
        return ApiError::NoSuchEndpoint
            .for_request(site.content(), &headers)
            .into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return match route.json_errors() {
            true => ApiError::MethodNotAllowed
                .for_request(site.content(), &headers)
                .into_response(),
            false => method_not_allowed("GET, HEAD"),
        };
    }
    let missing = site.pages().resolver.missing(path);
    errors::named_error_page(
        missing_page(&site, missing, &uri, &headers),
        missing.error_kind(),
    )
}

/// The error page of a `GET` or `HEAD` of `uri`, a path with no page: 404 'Page Not Found', or
/// 'Invalid link' (with the query it came with) for an unknown id under a dynamic route.
pub fn missing_page(
    site: &ServedSite,
    missing: Missing,
    uri: &Uri,
    headers: &HeaderMap,
) -> Response {
    let path = uri.path();
    let kind = missing.error_kind();
    let shown = match kind {
        ErrorKind::Invalid => uri.path_and_query().map_or(path, |pq| pq.as_str()),
        _ => path,
    };
    errors::error_page(site.error_pages(), missing.lang, kind, shown, headers)
}

/// The `405` of a method the page at the address does not take; `allow` lists those it takes.
pub(crate) fn method_not_allowed(allow: &'static str) -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        [(header::ALLOW, allow), (header::CACHE_CONTROL, "no-store")],
        "method not allowed",
    )
        .into_response()
}
