//! `GET /api/supported-assets?entity=&network=&token=&contract=&warm=&cold=&defi=&oasis=&page=&size=&lang=`:
//! one page of an entity's supported-asset list, filtered. Every method is answered from memory
//! (`crates/site/src/http/memory.rs` calls [`answer_method`]), without the router.

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::api_error::ApiError;
use super::negotiate::accepted_lang;
use super::respond::{JSON, head_without_body, respond};
use super::supported_asset_params::{self, ParamErrors};
use crate::render::served_site::ServedSite;

/// `Cache-Control` of answers: they change only with a new build, so browsers and proxies may
/// keep them for five minutes and then revalidate with the ETag.
const CACHE_FOR_A_WHILE: HeaderValue = HeaderValue::from_static("public, max-age=300");

/// The address of the endpoint.
pub const PATH: &str = "/api/supported-assets";

/// The answer to the query string `raw` (still percent-encoded) from a client sending
/// `headers`: synchronous, from memory (a cache of encoded answers).
fn answer(site: &ServedSite, raw: Option<&str>, headers: &HeaderMap) -> Response {
    let (query, lang) =
        match supported_asset_params::parse(raw.unwrap_or_default(), accepted_lang(headers)) {
            Ok(parsed) => parsed,
            Err(errors) => return invalid(site, errors),
        };
    match site.api.supported_assets.answer(&query) {
        Ok(answer) => respond(headers, StatusCode::OK, &answer, JSON, CACHE_FOR_A_WHILE),
        Err(range) => invalid(
            site,
            supported_asset_params::page_out_of_range(lang, query.page, range.last_page),
        ),
    }
}

/// `400` naming the problem of each parameter.
fn invalid(site: &ServedSite, errors: ParamErrors) -> Response {
    let lang = errors.lang;
    ApiError::InvalidParameters(errors)
        .in_lang(&site.content, lang)
        .into_response()
}

/// The answer to a request for supported assets with `method`: for a `GET`, its query's; for a
/// `HEAD`, its headers without the body; for any other method, `405`.
pub fn answer_method(
    site: &ServedSite,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut refused = ApiError::MethodNotAllowed
            .for_request(&site.content, headers)
            .into_response();
        refused.headers_mut().insert(header::ALLOW, ALLOWED);
        return refused;
    }
    head_without_body(method, answer(site, uri.query(), headers))
}

/// `Allow` of the endpoint.
const ALLOWED: HeaderValue = HeaderValue::from_static("GET,HEAD");
