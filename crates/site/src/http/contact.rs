//! `POST /api/contact`: the application form's endpoint. Checks run cheapest first: media type,
//! size, origin, rate limit, then the body; an application is acknowledged (`201`) only once it
//! is on disk.

use std::net::SocketAddr;

use axum::Json;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, HOST, ORIGIN};
use axum::http::{HeaderMap, StatusCode, request::Parts};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use jiff::Timestamp;
use serde::Serialize;
use tokio::time::{Instant, timeout_at};
use ts_rs::TS;
use uuid::Uuid;

use super::AppState;
use super::api_error::ApiError;
use super::negotiate::accepted_lang;
use super::respond::PRIVATE_NO_STORE;
use custody_applications::application::Submission;
use custody_applications::record::Draft;
use custody_content::Lang;
use custody_content::contact::ContactCopy;

/// Largest accepted body in bytes; an honest application is under 2 KB.
pub const MAX_BODY_BYTES: usize = 16 * 1024;
/// Header carrying the sender's idempotency key.
pub const IDEMPOTENCY_KEY: &str = "idempotency-key";
/// Longest idempotency key accepted.
const MAX_KEY_CHARS: usize = 128;
/// Longest `User-Agent` recorded.
const MAX_USER_AGENT_CHARS: usize = 300;

/// `POST /api/contact`: validates and stores an application; see the README for the answers.
/// The body must arrive within `server.request_timeout_secs` of the headers (else `408`), and
/// the application must be on disk within the same time (else `503`).
pub async fn submit(State(state): State<AppState>, request: Request) -> Response {
    let deadline = Instant::now() + state.settings.request_timeout;
    let (parts, body) = request.into_parts();
    let headers = &parts.headers;
    let header_lang = accepted_lang(headers);
    let copy = |lang: Lang| &state.content.locale(lang).contact;
    let refuse = |error: ApiError, lang: Lang| error.in_lang(&state.content, lang).into_response();
    if !is_json(headers) {
        return refuse(ApiError::NotJson, header_lang);
    }
    if declared_length(headers).is_some_and(|length| length > MAX_BODY_BYTES) {
        return refuse(ApiError::TooLarge, header_lang);
    }
    if !same_origin(&parts, state.settings.public_url.as_str()) {
        return refuse(ApiError::Forbidden, header_lang);
    }
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0);
    let forwarded = state
        .contact
        .client_ip_header()
        .map(|name| headers.get_all(name))
        .into_iter()
        .flatten()
        .filter_map(|value| value.to_str().ok());
    let client_ip = state.contact.client_ip(forwarded, peer);
    if let Err(wait) = state.contact.limiter.check(client_ip) {
        let retry_after_secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        return refuse(ApiError::RateLimited { retry_after_secs }, header_lang);
    }
    let bytes = match timeout_at(deadline, read_body(Body::new(body), MAX_BODY_BYTES)).await {
        Ok(Ok(bytes)) => bytes,
        Err(_) => return refuse(ApiError::Timeout, header_lang),
        Ok(Err(BodyError::TooLarge)) => return refuse(ApiError::TooLarge, header_lang),
        Ok(Err(BodyError::Broken)) => return refuse(ApiError::Unreadable, header_lang),
    };
    let unreadable = || refuse(ApiError::Unreadable, header_lang);
    let Ok(submission) = serde_json::from_slice::<Submission>(&bytes) else {
        return unreadable();
    };
    let Ok(lang) = submission.language() else {
        return unreadable();
    };
    let lang = lang.unwrap_or(header_lang);
    let copy = copy(lang);
    if submission.is_robot() {
        tracing::info!(
            "contact application with the honeypot filled in: answered as accepted, not stored"
        );
        let now = Timestamp::now();
        return created(copy, &Uuid::now_v7().to_string(), &format!("{now:.3}"));
    }
    let (Ok(request), Ok(source_page), Ok(idempotency_key)) = (
        submission.request(copy),
        submission.source_page(),
        idempotency_key(headers),
    ) else {
        return unreadable();
    };
    let application = match submission.validate(copy) {
        Ok(application) => application,
        Err(fields) => return refuse(ApiError::InvalidFields(fields), lang),
    };
    let draft = Draft {
        lang: lang.code().to_owned(),
        source_page,
        request,
        user_agent: user_agent(headers),
        client_ip: client_ip.map(|ip| ip.to_string()),
        idempotency_key,
        application,
    };
    // Past the deadline the writer may still store the application; a retry with the same
    // idempotency key then gets that application's 201.
    match timeout_at(deadline, state.contact.store.submit(draft)).await {
        Ok(Ok(receipt)) => {
            tracing::info!(id = %receipt.id, replayed = receipt.replayed, "contact application stored");
            created(copy, &receipt.id, &receipt.received_at)
        }
        Ok(Err(_)) | Err(_) => refuse(ApiError::Unavailable, lang),
    }
}

/// Why a body could not be read.
enum BodyError {
    /// More than the limit.
    TooLarge,
    /// Malformed on the wire (a chunk size that is not a number, a body cut short): the
    /// sender's fault, but not a matter of size.
    Broken,
}

/// Reads a body of at most `limit` bytes, telling a body that is too large from one that broke.
async fn read_body(body: Body, limit: usize) -> Result<Vec<u8>, BodyError> {
    let mut stream = body.into_data_stream();
    let mut bytes = Vec::new();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|_| BodyError::Broken)?;
        if bytes.len() + chunk.len() > limit {
            return Err(BodyError::TooLarge);
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// What the server answers once an application is stored.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "Receipt")]
pub struct ReceiptBody<'a> {
    /// The application's id (UUID v7), the visitor's reference.
    pub id: &'a str,
    /// When it was stored, RFC 3339 UTC.
    pub received_at: &'a str,
    /// The success panel's title.
    pub title: &'a str,
    /// The success panel's text.
    pub detail: &'a str,
}

/// `201` with the [`ReceiptBody`].
fn created(copy: &ContactCopy, id: &str, received_at: &str) -> Response {
    (
        StatusCode::CREATED,
        [(CACHE_CONTROL, PRIVATE_NO_STORE)],
        Json(ReceiptBody {
            id,
            received_at,
            title: &copy.success.title,
            detail: &copy.success.detail,
        }),
    )
        .into_response()
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
}

fn declared_length(headers: &HeaderMap) -> Option<usize> {
    headers.get(CONTENT_LENGTH)?.to_str().ok()?.parse().ok()
}

/// A browser request from this site: `Origin` is the public URL or the host the request was
/// sent to; without `Origin`, `Sec-Fetch-Site` must say `same-origin`. Requests with neither
/// are refused: the form always sends one.
fn same_origin(parts: &Parts, public_url: &str) -> bool {
    let headers = &parts.headers;
    match headers.get(ORIGIN).and_then(|value| value.to_str().ok()) {
        Some(origin) => {
            if origin.eq_ignore_ascii_case(public_url) {
                return true;
            }
            let host = headers
                .get(HOST)
                .and_then(|value| value.to_str().ok())
                .or_else(|| parts.uri.authority().map(|authority| authority.as_str()));
            let origin_host = origin
                .strip_prefix("https://")
                .or_else(|| origin.strip_prefix("http://"));
            matches!((origin_host, host), (Some(a), Some(b)) if a.eq_ignore_ascii_case(b))
        }
        None => headers
            .get("sec-fetch-site")
            .is_some_and(|value| value == "same-origin"),
    }
}

/// The `Idempotency-Key` header: absent, or 1 to 128 visible ASCII characters.
fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ()> {
    let Some(value) = headers.get(IDEMPOTENCY_KEY) else {
        return Ok(None);
    };
    let key = value.to_str().map_err(|_| ())?.trim();
    let valid =
        !key.is_empty() && key.len() <= MAX_KEY_CHARS && key.bytes().all(|b| b.is_ascii_graphic());
    valid.then(|| Some(key.to_owned())).ok_or(())
}

fn user_agent(headers: &HeaderMap) -> Option<String> {
    let agent = headers.get(axum::http::header::USER_AGENT)?.to_str().ok()?;
    Some(
        agent
            .chars()
            .filter(|c| !custody_applications::checks::unstorable(*c))
            .take(MAX_USER_AGENT_CHARS)
            .collect(),
    )
}
