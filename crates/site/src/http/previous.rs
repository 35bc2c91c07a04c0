//! Files of previous UI builds (`crates/site/src/previous/`) for a `GET` or `HEAD` of a path the
//! route table (`crates/site/src/http/routes.rs`) leaves to them: the coding negotiated as for
//! fixed answers, `304` for an `If-None-Match` matching that coding's ETag and `HEAD` answered
//! from the index alone, and the body read from disk only for a `GET`. A path the index does not list is left to the router (the
//! site's 404). The secure layer (`crates/site/src/http/pipeline/secure.rs`) gives every answer its
//! security headers.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::negotiate::{choose_coding, not_modified};
use super::respond::{ANSWER_HEADERS, VARY, not_acceptable, not_acceptable_headers};
use crate::previous::{PreviousBuilds, StoredFile};
use crate::render::encoded::Coding;

/// The route the request log and the metrics name for a previous build's file.
pub const ROUTE: &str = "previous build";

/// How a request for a previous build's file is answered.
#[derive(Debug)]
pub enum Previous {
    /// From the index alone (`304`, `HEAD`, `406`).
    Ready(Response),
    /// With a body read from disk.
    Read(Read),
}

/// A body to read from disk, and the headers of its `200`.
#[derive(Debug)]
pub struct Read {
    file: Arc<StoredFile>,
    coding: Coding,
    headers: HeaderMap,
}

/// The answer to `request` from a previous build, or `None` when no previous build has the path
/// (or the method is not `GET` or `HEAD`).
pub fn lookup<B>(previous: &PreviousBuilds, request: &Request<B>) -> Option<Previous> {
    let method = request.method();
    if method != Method::GET && method != Method::HEAD {
        return None;
    }
    let file = previous.find(request.uri().path())?;
    let wanted = request.headers();
    let mut headers = HeaderMap::with_capacity(ANSWER_HEADERS);
    headers.insert(header::VARY, VARY);
    let Some(coding) = choose_coding(wanted, file.codings()) else {
        return Some(Previous::Ready(not_acceptable(not_acceptable_headers())));
    };
    headers.insert(header::CACHE_CONTROL, file.cache_control.clone());
    let etag = file.etags.of(coding);
    let unchanged = not_modified(wanted, &etag);
    headers.insert(header::ETAG, etag);
    if unchanged {
        let response = (StatusCode::NOT_MODIFIED, headers).into_response();
        return Some(Previous::Ready(response));
    }
    headers.insert(header::CONTENT_TYPE, file.content_type.clone());
    if let Some(encoding) = coding.header() {
        headers.insert(header::CONTENT_ENCODING, encoding);
    }
    if let Some(disposition) = &file.disposition {
        headers.insert(header::CONTENT_DISPOSITION, disposition.clone());
    }
    if method == Method::HEAD {
        let length = file.len(coding).unwrap_or_default();
        headers.insert(header::CONTENT_LENGTH, length.into());
        return Some(Previous::Ready((StatusCode::OK, headers).into_response()));
    }
    Some(Previous::Read(Read {
        file,
        coding,
        headers,
    }))
}

impl Read {
    /// The `200` with the body read from disk; `None` (logged) when it cannot be read, so the
    /// request is answered as an unknown path.
    pub async fn answer(self) -> Option<Response> {
        let file = self.file.clone();
        let read = tokio::task::spawn_blocking(move || file.read(self.coding)).await;
        match read {
            Ok(Ok(body)) => Some((StatusCode::OK, self.headers, Body::from(body)).into_response()),
            Ok(Err(error)) => {
                tracing::warn!(build = %self.file.build, %error,
                    "previous builds: a stored file cannot be read; answered as an unknown path");
                None
            }
            Err(error) => {
                tracing::error!(%error, "previous builds: reading a stored file failed");
                None
            }
        }
    }
}
