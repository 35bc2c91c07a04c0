//! Pages, redirects and static files: everything that is not an API (and the JSON 404 of an
//! API address without an endpoint).

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::api_error::ApiError;
use super::respond::{HTML, NO_CACHE, RoutePattern, respond};
use super::{AppState, errors};
use crate::render::encoded::Encoded;
use crate::render::error_kind::ErrorKind;
use crate::site::redirects::Resolution;

/// Serves a page, a static file or a redirect for any path no other route claimed.
pub async fn serve(
    State(site): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") {
        return ApiError::NoSuchEndpoint
            .for_request(&site.content, &headers)
            .into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return method_not_allowed();
    }
    if let Some(asset) = site.assets.get(path) {
        let mut response = respond(
            &headers,
            StatusCode::OK,
            &asset.body,
            asset.content_type.clone(),
            asset.caching.header(),
        );
        if let Some(disposition) = &asset.disposition {
            response
                .headers_mut()
                .insert(header::CONTENT_DISPOSITION, disposition.clone());
        }
        response
            .extensions_mut()
            .insert(RoutePattern("static file".into()));
        return response;
    }
    match site.resolver.resolve(path) {
        Resolution::Page => {
            let page = &site.pages[path];
            let mut response = respond(&headers, StatusCode::OK, &page.document, HTML, NO_CACHE);
            if page.noindex {
                response.headers_mut().insert(
                    "x-robots-tag",
                    HeaderValue::from_static("noindex, nofollow"),
                );
            }
            response
                .extensions_mut()
                .insert(RoutePattern(page.pattern.clone()));
            response
        }
        Resolution::Redirect(target) => permanent_redirect(&target, uri.query()),
        Resolution::NotFound { lang, invalid } => {
            let (kind, shown) = match invalid {
                true => (
                    ErrorKind::Invalid,
                    uri.path_and_query().map_or(path, |pq| pq.as_str()),
                ),
                false => (ErrorKind::NotFound, path),
            };
            errors::error_page(&site, lang, kind, shown, &headers)
        }
    }
}

/// A 301 to a page path of this site, keeping the query string.
pub fn permanent_redirect(target: &str, query: Option<&str>) -> Response {
    let location = match query {
        Some(query) => format!("{target}?{query}"),
        None => target.to_owned(),
    };
    let location =
        HeaderValue::from_str(&location).unwrap_or_else(|_| HeaderValue::from_static("/"));
    let mut response = (
        StatusCode::MOVED_PERMANENTLY,
        [(header::LOCATION, location)],
    )
        .into_response();
    response
        .extensions_mut()
        .insert(RoutePattern("redirect".into()));
    response
}

fn method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        [(header::ALLOW, "GET, HEAD")],
        "method not allowed",
    )
        .into_response()
}

/// `GET /sitemap.xml`
pub async fn sitemap(State(site): State<AppState>, headers: HeaderMap) -> Response {
    fixed(&headers, &site.sitemap, "application/xml; charset=utf-8")
}

/// `GET /robots.txt`
pub async fn robots(State(site): State<AppState>, headers: HeaderMap) -> Response {
    fixed(&headers, &site.robots, "text/plain; charset=utf-8")
}

/// `GET /manifest.webmanifest`
pub async fn web_manifest(State(site): State<AppState>, headers: HeaderMap) -> Response {
    fixed(&headers, &site.web_manifest, "application/manifest+json")
}

fn fixed(headers: &HeaderMap, body: &Encoded, content_type: &'static str) -> Response {
    respond(
        headers,
        StatusCode::OK,
        body,
        HeaderValue::from_static(content_type),
        NO_CACHE,
    )
}
