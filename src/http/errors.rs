//! Error answers: the 404 and 500 pages in the path's language.

use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::respond::{HTML, NO_STORE, RoutePattern, respond};
use crate::content::Lang;
use crate::render::site::{ErrorKind, Site};

/// The error page for `shown_path` (percent-decoded for display, HTML-escaped when rendered).
pub fn error_page(
    site: &Site,
    lang: Lang,
    kind: ErrorKind,
    shown_path: &str,
    request: &HeaderMap,
) -> Response {
    let display = percent_encoding::percent_decode_str(shown_path).decode_utf8_lossy();
    let page = site.error_pages.page(lang, kind, &display);
    let status = StatusCode::from_u16(kind.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = respond(request, status, &page, HTML, NO_STORE);
    response
        .extensions_mut()
        .insert(RoutePattern(kind.page().into()));
    response
}
