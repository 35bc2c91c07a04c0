//! Small JSON endpoints: health, build detection and page data for client-side navigation.

use std::time::Duration;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use super::api_error::ApiError;
use super::respond::{JSON, NO_CACHE, NO_STORE, respond};
use super::{AppState, errors};
use crate::render::client_contract::DataRedirect;
use crate::render::document::to_json;
use crate::render::encoded::Encoded;
use crate::resolver::Resolution;

/// `GET /healthz`: the process is up and serving (liveness); never answered from a cache.
pub async fn health() -> impl IntoResponse {
    ([(axum::http::header::CACHE_CONTROL, NO_STORE)], "ok")
}

/// How long readiness waits for the applications log to answer (it may still be read back
/// after a start).
const READY_WAIT: Duration = Duration::from_secs(2);

/// `GET /readyz`: ready to take traffic (readiness): the content is loaded (it is, once this
/// answers), the applications log can be written and, when the site serves HTTPS itself, a
/// certificate valid now is served (also while a renewal is under way). `503` while the log is
/// being read back at start-up or cannot be opened or written, or the certificate has expired;
/// a failed log is retried on every call. Also says how many previous builds' files are served.
pub async fn ready(State(state): State<AppState>) -> Response {
    let store = &state.contact.store;
    let writable = store.writable()
        || tokio::time::timeout(READY_WAIT, store.probe())
            .await
            .unwrap_or(false);
    let log = if writable {
        "writable"
    } else {
        "not writable (being read back, or cannot be opened or written: see the error log)"
    };
    let certificate = state.certificate.as_ref().map(|status| {
        let served = status.served();
        let answer = json!({
            "valid": served.valid,
            "serial": served.serial,
            "notAfter": served.not_after.and_then(|at| jiff::Timestamp::from_second(at).ok()).map(|at| at.to_string()),
        });
        (served.valid, answer)
    });
    let ready = writable && certificate.as_ref().is_none_or(|(valid, _)| *valid);
    let (status, verdict) = if ready {
        (StatusCode::OK, "ready")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "not ready")
    };
    let mut body = json!({
        "status": verdict,
        "build": state.build().build_id,
        "pages": state.pages().len(),
        "contactLog": log,
        "previousBuilds": state.previous.count(),
    });
    if let Some((_, answer)) = certificate {
        body["certificate"] = answer;
    }
    (
        status,
        [
            (axum::http::header::CONTENT_TYPE, JSON),
            (axum::http::header::CACHE_CONTROL, NO_STORE),
        ],
        body.to_string(),
    )
        .into_response()
}

/// `GET /_app/builds/meta/{file}` of a build other than the running one (whose manifest is a
/// fixed answer, `crates/site/src/http/fixed.rs`): 404.
pub async fn unknown_build(State(site): State<AppState>, headers: HeaderMap) -> Response {
    ApiError::UnknownBuild
        .for_request(site.content(), &headers)
        .into_response()
}

/// Query of `GET /_app/data`.
#[derive(Debug, Deserialize)]
pub struct DataQuery {
    /// The localized page path, e.g. `/zh/about`.
    path: String,
    /// The build id the client runs; a different one answers 409 so it reloads in full.
    build: Option<String>,
}

/// `GET /_app/data?path=&build=`: the page data of a path for client-side navigation,
/// `{"redirect": path}` for a retired path, or the error page's data with status 404.
pub async fn page_data(
    State(site): State<AppState>,
    query: Result<Query<DataQuery>, QueryRejection>,
    headers: HeaderMap,
) -> Response {
    let Ok(Query(query)) = query else {
        return ApiError::BadPageQuery
            .for_request(site.content(), &headers)
            .into_response();
    };
    if query
        .build
        .as_deref()
        .is_some_and(|build| build != site.build().build_id)
    {
        return ApiError::BuildMismatch
            .for_request(site.content(), &headers)
            .into_response();
    }
    match site.pages().resolver.resolve(&query.path) {
        Resolution::Page => respond(
            &headers,
            StatusCode::OK,
            &site.page(&query.path).expect("a page of the site").data,
            JSON,
            NO_CACHE,
        ),
        Resolution::Redirect(target) => respond(
            &headers,
            StatusCode::OK,
            &Encoded::compress_fast(to_json(&DataRedirect { redirect: target })),
            JSON,
            NO_STORE,
        ),
        Resolution::NotFound(missing) => {
            let data = site.error_data(
                missing.lang,
                missing.error_kind(),
                &errors::displayable(&query.path),
            );
            respond(
                &headers,
                StatusCode::NOT_FOUND,
                &Encoded::compress_fast(site.build().marks.marked_json(&data)),
                JSON,
                NO_STORE,
            )
        }
    }
}

/// Any method an API address does not take.
pub async fn method_not_allowed(State(site): State<AppState>, headers: HeaderMap) -> Response {
    ApiError::MethodNotAllowed
        .for_request(site.content(), &headers)
        .into_response()
}
