//! An answer on its way out of the pipeline (`crates/site/src/http/pipeline/mod.rs`): the response,
//! the route the request log and the metrics name it by, and whether its headers already follow the
//! headers rule ([`follow_headers_rule`]), which the secure layer
//! (`crates/site/src/http/pipeline/secure.rs`) applies to every other answer.

use axum::http::{HeaderMap, header};
use axum::response::Response;

use super::respond::NO_STORE;

/// A response and what the layers around it need to know of it.
#[derive(Debug)]
pub struct Answered {
    /// The answer.
    pub response: Response,
    /// The route the request log and the metrics name it by: a route pattern, never text from
    /// the request.
    pub route: &'static str,
    /// Whether the headers of `response` were made with [`follow_headers_rule`] already, so the
    /// secure layer has nothing to add. Only answers made once and cloned for every request
    /// (fixed answers, redirects) are: their header maps follow the rule from the moment they are
    /// made, and a request for one is then spared a lookup of every security header.
    pub follows_headers_rule: bool,
}

impl Answered {
    /// `response`, named `route`, whose headers the secure layer completes.
    pub fn new(response: Response, route: &'static str) -> Self {
        Self {
            response,
            route,
            follows_headers_rule: false,
        }
    }

    /// `response`, named `route`, whose headers were made with [`follow_headers_rule`].
    pub fn following_headers_rule(response: Response, route: &'static str) -> Self {
        Self {
            response,
            route,
            follows_headers_rule: true,
        }
    }
}

/// The headers rule of every answer, written once: each of the `security` headers the answer
/// does not set itself, and `Cache-Control: no-store` when it says nothing of how long it may be
/// kept (an extractor's rejection, an answer from a previous build's index), so every answer
/// says how long it may be kept.
pub fn follow_headers_rule(headers: &mut HeaderMap, security: &HeaderMap) {
    for (name, value) in security {
        if !headers.contains_key(name) {
            headers.insert(name, value.clone());
        }
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, NO_STORE);
    }
}
