//! Small JSON endpoints: health, build detection and page data for client-side navigation.

use std::collections::BTreeMap;
use std::time::Duration;

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::negotiate::accepted_lang;
use super::respond::{JSON, NO_CACHE, NO_STORE, respond};
use super::{AppState, errors};
use crate::render::encoded::Encoded;
use crate::render::error_kind::ErrorKind;
use crate::site::redirects::Resolution;
use custody_content::Lang;

/// `GET /healthz`: the process is up and serving (liveness).
pub async fn health() -> &'static str {
    "ok"
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
    let certificate = state.tls.as_ref().map(|tls| {
        let valid = tls.serves_valid_certificate();
        let info = tls.certificates.info();
        let answer = json!({
            "valid": valid,
            "serial": info.as_ref().map(|info| info.serial.clone()),
            "notAfter": info.as_ref().and_then(|info| jiff::Timestamp::from_second(info.not_after).ok()).map(|at| at.to_string()),
        });
        (valid, answer)
    });
    let ready = writable && certificate.as_ref().is_none_or(|(valid, _)| *valid);
    let (status, verdict) = if ready {
        (StatusCode::OK, "ready")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "not ready")
    };
    let mut body = json!({
        "status": verdict,
        "build": state.build.build_id,
        "pages": state.pages.len(),
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

/// `GET /_app/builds/latest.json`: `{"id", "timestamp"}` of the running build.
pub async fn latest_build(State(site): State<AppState>, headers: HeaderMap) -> Response {
    respond(&headers, StatusCode::OK, &site.latest_build, JSON, NO_CACHE)
}

/// `GET /_app/builds/meta/{id}.json`: the route manifest of the running build; 404 for others,
/// a file name that is not text (`%FF.json`) included.
pub async fn build_meta(
    State(site): State<AppState>,
    file: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Response {
    let file = file.map(|Path(file)| file).unwrap_or_default();
    match file.strip_suffix(".json") {
        Some(id) if id == site.build.build_id => {
            respond(&headers, StatusCode::OK, &site.build_meta, JSON, NO_CACHE)
        }
        _ => json_error(
            StatusCode::NOT_FOUND,
            "unknown_build",
            "No build with this id is served here.",
        ),
    }
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
        return json_error(
            StatusCode::BAD_REQUEST,
            "bad_query",
            "The query must name a page path: ?path=/about",
        );
    };
    if query
        .build
        .as_deref()
        .is_some_and(|build| build != site.build.build_id)
    {
        return json_error(
            StatusCode::CONFLICT,
            "build_mismatch",
            "The site was updated; load the page in full.",
        );
    }
    match site.resolver.resolve(&query.path) {
        Resolution::Page => respond(
            &headers,
            StatusCode::OK,
            &site.pages[&query.path].data,
            JSON,
            NO_CACHE,
        ),
        Resolution::Redirect(target) => respond(
            &headers,
            StatusCode::OK,
            &Encoded::compress_fast(json!({ "redirect": target }).to_string()),
            JSON,
            NO_STORE,
        ),
        Resolution::NotFound { lang, invalid } => {
            let kind = if invalid {
                ErrorKind::Invalid
            } else {
                ErrorKind::NotFound
            };
            let data = site.error_data(lang, kind, &errors::displayable(&query.path));
            respond(
                &headers,
                StatusCode::NOT_FOUND,
                &Encoded::compress_fast(data.to_string()),
                JSON,
                NO_STORE,
            )
        }
    }
}

/// A JSON error answer: `{"error": {"code", "message"}}`.
pub fn json_error(status: StatusCode, code: &str, message: &str) -> Response {
    error_answer(status, json!({ "code": code, "message": message }))
}

/// A JSON error answer naming the problem of each field: `{"error": {"code", "message", "fields"}}`.
pub fn json_field_errors(
    status: StatusCode,
    code: &str,
    message: &str,
    fields: &BTreeMap<String, String>,
) -> Response {
    error_answer(
        status,
        json!({ "code": code, "message": message, "fields": fields }),
    )
}

/// A request to the API that no endpoint answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiProblem {
    /// The address exists but not for this method (`405`, with `Allow`).
    MethodNotAllowed,
    /// No endpoint at this address (`404`).
    NoSuchEndpoint,
    /// The endpoint failed (`500`, without detail).
    Internal,
}

impl ApiProblem {
    fn answer(self) -> (StatusCode, &'static str) {
        match self {
            ApiProblem::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            ApiProblem::NoSuchEndpoint => (StatusCode::NOT_FOUND, "not_found"),
            ApiProblem::Internal => (StatusCode::INTERNAL_SERVER_ERROR, "internal_error"),
        }
    }

    fn message(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (ApiProblem::MethodNotAllowed, Lang::En) => {
                "This address does not accept that method; the Allow header lists those it does."
            }
            (ApiProblem::MethodNotAllowed, Lang::Zh) => {
                "该地址不支持此请求方法，可用的方法见 Allow 响应头。"
            }
            (ApiProblem::NoSuchEndpoint, Lang::En) => "There is no API endpoint at this address.",
            (ApiProblem::NoSuchEndpoint, Lang::Zh) => "该地址没有对应的 API 接口。",
            (ApiProblem::Internal, Lang::En) => {
                "The request could not be completed. Please try again later."
            }
            (ApiProblem::Internal, Lang::Zh) => "暂时无法完成该请求，请稍后重试。",
        }
    }

    /// The JSON error answer in the language the request's `Accept-Language` prefers.
    pub fn respond(self, request: &HeaderMap) -> Response {
        let (status, code) = self.answer();
        json_error(status, code, self.message(accepted_lang(request)))
    }
}

/// Any method an API address does not take.
pub async fn method_not_allowed(headers: HeaderMap) -> Response {
    ApiProblem::MethodNotAllowed.respond(&headers)
}

/// `{"error": error}`, never stored by caches.
fn error_answer(status: StatusCode, error: Value) -> Response {
    let body = json!({ "error": error }).to_string();
    (
        status,
        [
            (axum::http::header::CONTENT_TYPE, JSON),
            (axum::http::header::CACHE_CONTROL, NO_STORE),
        ],
        body,
    )
        .into_response()
}
