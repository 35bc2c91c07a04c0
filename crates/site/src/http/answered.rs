//! An answer on its way out of the pipeline (`crates/site/src/http/pipeline/mod.rs`): the response,
//! and the route the request log and the metrics name it by.

use axum::response::Response;

/// A response and what the layers around it need to know of it.
#[derive(Debug)]
pub struct Answered {
    /// The answer.
    pub response: Response,
    /// The route the request log and the metrics name it by: a route pattern, never text from
    /// the request.
    pub route: &'static str,
}

impl Answered {
    /// `response`, named `route`.
    pub fn new(response: Response, route: &'static str) -> Self {
        Self { response, route }
    }
}
