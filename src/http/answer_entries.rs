//! Entries for the headers set on each answer, in the header maps made once and cloned for every
//! answer. A clone of a `HeaderMap` has no room beyond its entries, so each header added to the
//! clone would reallocate the map and move every header; setting an entry the clone already has
//! replaces a value in place instead.

use axum::http::{HeaderMap, HeaderName, HeaderValue};

use super::request_id::X_REQUEST_ID;

/// `Keep-Alive`, the HTTP/1 connection's idle hint.
pub const KEEP_ALIVE: HeaderName = HeaderName::from_static("keep-alive");

/// Gives `headers` entries, with stand-in values, for the request id (which the site service
/// sets on every answer) and `Keep-Alive` (which `src/server/connection_headers.rs` sets on an
/// HTTP/1 answer and removes from an HTTP/2 one).
pub fn reserve_per_answer_entries(headers: &mut HeaderMap) {
    headers.insert(X_REQUEST_ID, HeaderValue::from_static("-"));
    headers.insert(KEEP_ALIVE, HeaderValue::from_static("-"));
}
