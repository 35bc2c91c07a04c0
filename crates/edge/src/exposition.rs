//! The metrics listener's one route: `GET /metrics` in the OpenMetrics text format, which
//! Prometheus reads.

use axum::Router;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;
use axum::routing::get;

use custody_metrics::metrics;

/// `Content-Type` of the exposition.
const OPENMETRICS: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// The router of the metrics listener.
pub fn metrics_router() -> Router {
    Router::new().route("/metrics", get(exposition))
}

async fn exposition() -> impl IntoResponse {
    (
        [(CONTENT_TYPE, OPENMETRICS), (CACHE_CONTROL, "no-store")],
        metrics().encode(),
    )
}
