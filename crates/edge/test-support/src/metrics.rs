//! The metrics listener read as Prometheus reads it.

use axum::body::Body;
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

/// The exposition served at `http://{addr}/metrics`.
pub async fn metrics_text(addr: &str) -> String {
    let client: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();
    let url = format!("http://{addr}/metrics");
    let response = client.get(url.parse().unwrap()).await.unwrap();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8(body.to_vec()).unwrap()
}
