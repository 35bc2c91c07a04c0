//! Entries for the headers set on each answer, in the header maps made once and cloned for every
//! answer. A clone of a `HeaderMap` has no room beyond its entries, so each header added to the
//! clone would reallocate the map and move every header; setting an entry the clone already has
//! replaces a value in place instead.

use axum::http::{HeaderMap, HeaderValue};

use super::request_id::X_REQUEST_ID;

/// Gives `headers` an entry, with a stand-in value, for the request id (which the site service
/// sets on every answer).
pub fn reserve_per_answer_entries(headers: &mut HeaderMap) {
    headers.insert(X_REQUEST_ID, HeaderValue::from_static("-"));
}
