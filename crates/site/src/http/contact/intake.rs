//! What every application goes through, whichever way it is sent (JSON from the form's script,
//! `json.rs`; a form posted without scripts, `form.rs`), cheapest first: its size, its origin and
//! the per-client rate limit ([`Intake::admit`]), its body within the deadline ([`Intake::read`]),
//! then, once the sender's way has read it, the same validation into a draft ([`Intake::draft`])
//! and the durable store ([`Intake::store`]). Each refusal is an [`ApiError`], which each way
//! answers in its own form.

use std::net::{IpAddr, SocketAddr};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE, HOST, ORIGIN, USER_AGENT};
use axum::http::{HeaderMap, request::Parts};
use futures_util::StreamExt;
use tokio::time::{Instant, timeout_at};

use super::super::AppState;
use super::super::api_error::ApiError;
use super::field_words::field_messages;
use custody_applications::application::Submission;
use custody_applications::checks::unstorable;
use custody_applications::record::{Draft, Receipt};
use custody_content::Lang;
use custody_content::schema::contact::ContactCopy;

/// Largest accepted body in bytes; an honest application is under 2 KB.
pub const MAX_BODY_BYTES: usize = 16 * 1024;
/// Longest `User-Agent` recorded.
const MAX_USER_AGENT_CHARS: usize = 300;

/// An application admitted past the cheap checks: when it must be done by, and who sent it.
#[derive(Debug)]
pub struct Intake<'a> {
    state: &'a AppState,
    /// `contact.request_timeout_secs` after the headers: the body must have arrived, and the
    /// application be on disk, by then.
    deadline: Instant,
    /// The client's address (see `contact.client_ip_header`).
    pub client_ip: Option<IpAddr>,
}

impl<'a> Intake<'a> {
    /// Admits the request of `parts` (whose media type the caller checked): a declared length
    /// within [`MAX_BODY_BYTES`] (else `TooLarge`), from this site ([`same_origin`], else
    /// `Forbidden`), and within its client's rate limit (else `RateLimited`).
    pub fn admit(state: &'a AppState, parts: &Parts) -> Result<Self, ApiError> {
        let deadline = Instant::now() + state.settings().request_timeout;
        let headers = &parts.headers;
        if declared_length(headers).is_some_and(|length| length > MAX_BODY_BYTES) {
            return Err(ApiError::TooLarge);
        }
        if !same_origin(parts, state.settings().public_url.as_str()) {
            return Err(ApiError::Forbidden);
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
            return Err(ApiError::RateLimited { retry_after_secs });
        }
        Ok(Self {
            state,
            deadline,
            client_ip,
        })
    }

    /// The body, read within the deadline (else `Timeout`) and [`MAX_BODY_BYTES`] (else
    /// `TooLarge`); a body broken on the wire is `Unreadable`.
    pub async fn read(&self, body: Body) -> Result<Vec<u8>, ApiError> {
        read_within(body, self.deadline).await
    }

    /// The draft of `submission` in `lang`: its request and source page as the sender's way read
    /// them, its fields validated in `lang`'s words (else `InvalidFields`), with the sender's
    /// user agent, address and idempotency key (the one `key` makes of the validated application,
    /// if any).
    pub fn draft(
        &self,
        submission: &Submission,
        lang: Lang,
        headers: &HeaderMap,
        (request, source_page): (Option<String>, Option<String>),
        key: impl FnOnce(&Draft) -> Option<String>,
    ) -> Result<Draft, ApiError> {
        let application = submission.validate().map_err(|problems| {
            ApiError::InvalidFields(field_messages(&problems, &self.copy(lang).message))
        })?;
        let mut draft = Draft {
            lang: lang.code().to_owned(),
            source_page,
            request,
            user_agent: user_agent(headers),
            client_ip: self.client_ip.map(|ip| ip.to_string()),
            idempotency_key: None,
            application,
        };
        draft.idempotency_key = key(&draft);
        Ok(draft)
    }

    /// Stores `draft` durably before the deadline (else `Unavailable`): its receipt, or the first
    /// receipt of its idempotency key.
    pub async fn store(&self, draft: Draft) -> Result<Receipt, ApiError> {
        // Past the deadline the writer may still store the application; a retry with the same
        // idempotency key then gets that application's receipt.
        match timeout_at(self.deadline, self.state.contact.store.submit(draft)).await {
            Ok(Ok(receipt)) => {
                tracing::info!(id = %receipt.id, replayed = receipt.replayed, "contact application stored");
                Ok(receipt)
            }
            Ok(Err(_)) | Err(_) => Err(ApiError::Unavailable),
        }
    }

    /// The form's copy in `lang`.
    pub fn copy(&self, lang: Lang) -> &'a ContactCopy {
        &self.state.content().locale(lang).contact
    }
}

/// Reads a body of at most [`MAX_BODY_BYTES`] by `deadline`, telling a body that is too large
/// (`TooLarge`) from one that broke (`Unreadable`: a chunk size that is not a number, a body cut
/// short) or came too slowly (`Timeout`).
pub async fn read_within(body: Body, deadline: Instant) -> Result<Vec<u8>, ApiError> {
    let read = async {
        let mut stream = body.into_data_stream();
        let mut bytes = Vec::new();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|_| ApiError::Unreadable)?;
            if bytes.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(ApiError::TooLarge);
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(bytes)
    };
    timeout_at(deadline, read)
        .await
        .unwrap_or(Err(ApiError::Timeout))
}

/// Whether the request's `Content-Type` is `media` (parameters aside).
pub fn has_media_type(headers: &HeaderMap, media: &str) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|found| found.trim().eq_ignore_ascii_case(media))
}

fn declared_length(headers: &HeaderMap) -> Option<usize> {
    headers.get(CONTENT_LENGTH)?.to_str().ok()?.parse().ok()
}

/// A browser request from this site: `Origin` is the public URL or the host the request was
/// sent to; without `Origin`, `Sec-Fetch-Site` must say `same-origin`. Requests with neither
/// are refused: browsers send one with every `POST`.
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

fn user_agent(headers: &HeaderMap) -> Option<String> {
    let agent = headers.get(USER_AGENT)?.to_str().ok()?;
    Some(
        agent
            .chars()
            .filter(|c| !unstorable(*c))
            .take(MAX_USER_AGENT_CHARS)
            .collect(),
    )
}
