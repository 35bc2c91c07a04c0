//! `POST /api/contact`: the form's script sends an application as JSON. Checks run cheapest
//! first: media type, then the checks every application goes through (`intake.rs`); an
//! application is acknowledged (`201`) only once it is on disk.

use axum::Json;
use axum::extract::{Request, State};
use axum::http::header::CACHE_CONTROL;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use jiff::Timestamp;
use serde::Serialize;
use ts_rs::TS;
use uuid::Uuid;

use super::super::AppState;
use super::super::api_error::ApiError;
use super::super::negotiate::accepted_lang;
use super::super::respond::PRIVATE_NO_STORE;
use super::intake::{Intake, has_media_type};
use custody_applications::application::Submission;
use custody_content::schema::contact::ContactCopy;

/// Header carrying the sender's idempotency key.
pub const IDEMPOTENCY_KEY: &str = "idempotency-key";
/// Longest idempotency key accepted.
const MAX_KEY_CHARS: usize = 128;

/// `POST /api/contact`: validates and stores an application; see the README for the answers.
/// The body must arrive within `contact.request_timeout_secs` of the headers (else `408`), and
/// the application must be on disk within the same time (else `503`).
pub async fn submit(State(state): State<AppState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let headers = &parts.headers;
    let header_lang = accepted_lang(headers);
    let refuse = |error: ApiError, lang| error.in_lang(state.content(), lang).into_response();
    if !has_media_type(headers, "application/json") {
        return refuse(ApiError::NotJson, header_lang);
    }
    let intake = match Intake::admit(&state, &parts) {
        Ok(intake) => intake,
        Err(error) => return refuse(error, header_lang),
    };
    let bytes = match intake.read(body).await {
        Ok(bytes) => bytes,
        Err(error) => return refuse(error, header_lang),
    };
    let unreadable = || refuse(ApiError::Unreadable, header_lang);
    let Ok(submission) = serde_json::from_slice::<Submission>(&bytes) else {
        return unreadable();
    };
    let Ok(lang) = submission.language() else {
        return unreadable();
    };
    let lang = lang.unwrap_or(header_lang);
    let copy = intake.copy(lang);
    if submission.is_robot() {
        tracing::info!(
            "contact application with the honeypot filled in: answered as accepted, not stored"
        );
        let now = Timestamp::now();
        return created(copy, &Uuid::now_v7().to_string(), &format!("{now:.3}"));
    }
    let (Ok(request), Ok(source_page), Ok(key)) = (
        submission.request(copy),
        submission.source_page(),
        idempotency_key(headers),
    ) else {
        return unreadable();
    };
    let stored = async {
        let draft = intake.draft(&submission, lang, headers, (request, source_page), |_| key)?;
        intake.store(draft).await
    };
    match stored.await {
        Ok(receipt) => created(copy, &receipt.id, &receipt.received_at),
        Err(error) => refuse(error, lang),
    }
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

impl<'a> ReceiptBody<'a> {
    /// The receipt of the application `id` stored at `received_at`, in `copy`'s words.
    pub fn new(copy: &'a ContactCopy, id: &'a str, received_at: &'a str) -> Self {
        Self {
            id,
            received_at,
            title: &copy.success.title,
            detail: &copy.success.detail,
        }
    }
}

/// `201` with the [`ReceiptBody`].
fn created(copy: &ContactCopy, id: &str, received_at: &str) -> Response {
    (
        StatusCode::CREATED,
        [(CACHE_CONTROL, PRIVATE_NO_STORE)],
        Json(ReceiptBody::new(copy, id, received_at)),
    )
        .into_response()
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
