//! Small middlewares: security headers on every response and one log line per request.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;

use super::AppState;
use super::respond::RoutePattern;

/// Adds the security headers to every response that does not set its own.
pub async fn security_headers(
    State(site): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in &site.security_headers {
        if !headers.contains_key(name) {
            headers.insert(name, value.clone());
        }
    }
    response
}

/// Logs method, path, the route pattern that answered, status and latency.
pub async fn log_requests(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<RoutePattern>()
        .map_or("", |p| p.0.as_str());
    tracing::info!(
        target: "custody_site::request",
        %method, %path, route = %route, status = response.status().as_u16(),
        latency_us = started.elapsed().as_micros() as u64,
    );
    response
}

/// Records the matched route of the router's own routes on the response, for [`log_requests`].
pub async fn record_route(matched: MatchedPath, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    if response.extensions().get::<RoutePattern>().is_none() {
        response
            .extensions_mut()
            .insert(RoutePattern(matched.as_str().to_owned()));
    }
    response
}
