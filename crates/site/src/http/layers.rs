//! Route middleware: the matched route pattern, kept on the response for the request log.

use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::Response;

use super::respond::RoutePattern;

/// Keeps the matched route of the router's own routes on the response (unless the handler named
/// one), for the request log.
pub async fn record_route(matched: MatchedPath, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    if response.extensions().get::<RoutePattern>().is_none() {
        response.extensions_mut().insert(matched);
    }
    response
}
