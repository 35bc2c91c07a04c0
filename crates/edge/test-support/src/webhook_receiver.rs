//! A fake of the operator's webhook receiver, over HTTP or HTTPS, for the tests of webhook
//! delivery: the applications crate's (`crates/applications/tests/webhook.rs`) and the binary's
//! (`tests/site/webhook_binary.rs`, `tests/site/scale_out.rs`). It records every request and
//! answers `204` while up, `503` (with a `Retry-After` when asked) while down.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;

/// The webhook secret the tests configure (`whsec_` + base64 of 24 bytes).
pub const SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/// One request the receiver got.
#[derive(Debug, Clone)]
pub struct Received {
    /// Its `webhook-id`.
    pub id: String,
    /// Its `webhook-timestamp`.
    pub timestamp: String,
    /// Its `webhook-signature`.
    pub signature: String,
    /// Its `Authorization` header, empty when none.
    pub authorization: String,
    /// Its body.
    pub body: Bytes,
    /// Whether it was answered `204` (the receiver was up).
    pub accepted: bool,
    /// When it arrived.
    pub at: Instant,
}

/// A fake of the operator's webhook receiver, cheap to clone.
#[derive(Clone)]
pub struct Receiver {
    up: Arc<Mutex<bool>>,
    /// `Retry-After` sent with a refusal.
    retry_after: Arc<Mutex<Option<&'static str>>>,
    /// Every request so far; each one wakes the waiters.
    log: Arc<tokio::sync::watch::Sender<Vec<Received>>>,
}

impl Default for Receiver {
    fn default() -> Self {
        Self {
            up: Arc::default(),
            retry_after: Arc::default(),
            log: Arc::new(tokio::sync::watch::Sender::new(Vec::new())),
        }
    }
}

impl Receiver {
    /// A receiver over HTTP on 127.0.0.1 (down until [`Receiver::set_up`]) and its URL.
    pub async fn start() -> (Receiver, String) {
        let receiver = Receiver::default();
        let app = receiver.router();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!(
            "http://{}/hooks/applications",
            listener.local_addr().unwrap()
        );
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (receiver, url)
    }

    /// A receiver serving HTTPS with the certificate and key of `tls`; up from the start.
    pub async fn start_tls(tls: rustls::ServerConfig) -> (Receiver, String) {
        let receiver = Receiver::default();
        receiver.set_up(true);
        let app = receiver.router();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!(
            "https://{}/hooks/applications",
            listener.local_addr().unwrap()
        );
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(tls));
        tokio::spawn(async move {
            loop {
                let (stream, _) = listener.accept().await.unwrap();
                let (acceptor, app) = (acceptor.clone(), app.clone());
                tokio::spawn(async move {
                    // A client that refuses the certificate ends the handshake here.
                    let Ok(stream) = acceptor.accept(stream).await else {
                        return;
                    };
                    let _ = auto::Builder::new(TokioExecutor::new())
                        .serve_connection(TokioIo::new(stream), TowerToHyperService::new(app))
                        .await;
                });
            }
        });
        (receiver, url)
    }

    fn router(&self) -> Router {
        Router::new()
            .route("/hooks/applications", post(receive))
            .with_state(self.clone())
    }

    /// Accepts (`true`) or refuses every request from now on.
    pub fn set_up(&self, up: bool) {
        *self.up.lock().unwrap() = up;
    }

    /// Sends `Retry-After: wait` with every refusal from now on.
    pub fn set_retry_after(&self, wait: &'static str) {
        *self.retry_after.lock().unwrap() = Some(wait);
    }

    /// Every request so far.
    pub fn received(&self) -> Vec<Received> {
        self.log.borrow().clone()
    }

    /// The `webhook-id` of every accepted request, in order.
    pub fn accepted_ids(&self) -> Vec<String> {
        self.received()
            .into_iter()
            .filter(|r| r.accepted)
            .map(|r| r.id)
            .collect()
    }

    /// Waits until the requests received so far satisfy `done`, checked as each one arrives;
    /// fails the test after 30 s.
    pub async fn wait_for(&self, what: &str, done: impl Fn(&[Received]) -> bool) {
        let mut log = self.log.subscribe();
        let reached = log.wait_for(|got| done(got));
        tokio::time::timeout(Duration::from_secs(30), reached)
            .await
            .unwrap_or_else(|_| panic!("timed out waiting for {what}"))
            .expect("the receiver's log lives as long as the receiver");
    }
}

async fn receive(State(receiver): State<Receiver>, headers: HeaderMap, body: Bytes) -> Response {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let accepted = *receiver.up.lock().unwrap();
    receiver.log.send_modify(|log| {
        log.push(Received {
            id: header("webhook-id"),
            timestamp: header("webhook-timestamp"),
            signature: header("webhook-signature"),
            authorization: header("authorization"),
            body,
            accepted,
            at: Instant::now(),
        })
    });
    match (accepted, *receiver.retry_after.lock().unwrap()) {
        (true, _) => StatusCode::NO_CONTENT.into_response(),
        (false, Some(wait)) => {
            (StatusCode::SERVICE_UNAVAILABLE, [("retry-after", wait)]).into_response()
        }
        (false, None) => StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
}
