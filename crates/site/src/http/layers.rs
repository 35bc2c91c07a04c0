//! Route middleware: the matched route pattern, kept on the response for the request log (and
//! for the route table's test, which shows each endpoint reached: `tests/site/route_table.rs`).

use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::Response;

#[cfg(doc)]
use super::respond::RoutePattern;

/// Keeps the matched route of the router's own routes on the response, which the request log
/// names it by unless the handler named a route of its own ([`RoutePattern`]).
pub async fn record_route(matched: MatchedPath, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    response.extensions_mut().insert(matched);
    response
}
