//! Error answers: the 404 and 500 pages in the path's language, and the panic catcher.

use std::panic::AssertUnwindSafe;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use futures_util::FutureExt;

use super::AppState;
use super::respond::{HTML, NO_STORE, RoutePattern, respond};
use crate::content::Lang;
use crate::render::encoded::Encoded;
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
    let html = site.error_document(lang, kind, &display);
    let status = StatusCode::from_u16(kind.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = respond(
        request,
        status,
        &Encoded::compress_fast(html),
        HTML,
        NO_STORE,
    );
    response
        .extensions_mut()
        .insert(RoutePattern(kind.page().into()));
    response
}

/// Turns a panic in any handler into the 500 page (no internal detail) and logs it.
pub async fn catch_panics(State(site): State<AppState>, request: Request, next: Next) -> Response {
    let lang = Lang::split(request.uri().path()).0;
    let path = request.uri().path().to_owned();
    let headers = request.headers().clone();
    match AssertUnwindSafe(next.run(request)).catch_unwind().await {
        Ok(response) => response,
        Err(_) => {
            tracing::error!(path = %path, "handler panicked; answered 500");
            error_page(&site, lang, ErrorKind::ServerError, &path, &headers)
        }
    }
}
