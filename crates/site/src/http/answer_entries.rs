//! Entries for the headers set on each answer by the layers around it, in the header maps made
//! once and cloned for every answer. A clone of a `HeaderMap` has no room beyond its entries, so
//! each header added to the clone would reallocate the map and move every header; setting an
//! entry the clone already has replaces a value in place instead.

use axum::http::{HeaderMap, HeaderValue};

use super::request_id::X_REQUEST_ID;

/// Gives `headers` an entry, with a stand-in value, for the request id and for each of the
/// `security` headers, which the pipeline sets on every answer
/// (`crates/site/src/http/pipeline/secure.rs`).
pub fn reserve_per_answer_entries(headers: &mut HeaderMap, security: &HeaderMap) {
    const STAND_IN: HeaderValue = HeaderValue::from_static("-");
    headers.insert(X_REQUEST_ID, STAND_IN);
    for name in security.keys() {
        headers.insert(name, STAND_IN);
    }
}
