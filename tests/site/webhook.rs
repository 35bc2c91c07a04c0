//! Webhook delivery against a real receiver on 127.0.0.1 (a fake of the operator's system, over
//! HTTP or HTTPS, used by `webhook_binary.rs` too): every application delivered in order across
//! outages and restarts of the worker, the receiver's `Retry-After` honoured, the secret checked
//! and never printed, the status without the URL's credentials. The release binary's deliveries
//! are in `webhook_binary.rs`.

use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use custody_applications::ContactConfig;
use custody_applications::ContactDesk;
use custody_applications::secret::Secret;
use custody_applications::webhook::Webhook;
use custody_site::http;
use hmac::{Hmac, Mac};
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::common::SITE;
use crate::contact::{records, submit, valid};
use crate::contact_store::{cli, cli_with};

pub(crate) const SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/// One request the receiver got.
#[derive(Debug, Clone)]
pub(crate) struct Received {
    pub(crate) id: String,
    timestamp: String,
    signature: String,
    pub(crate) authorization: String,
    pub(crate) body: Bytes,
    pub(crate) accepted: bool,
    at: Instant,
}

/// A fake of the operator's webhook receiver.
#[derive(Clone)]
pub(crate) struct Receiver {
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
    pub(crate) async fn start() -> (Receiver, String) {
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
    pub(crate) async fn start_tls(tls: rustls::ServerConfig) -> (Receiver, String) {
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

    pub(crate) fn set_up(&self, up: bool) {
        *self.up.lock().unwrap() = up;
    }

    pub(crate) fn received(&self) -> Vec<Received> {
        self.log.borrow().clone()
    }

    pub(crate) fn accepted_ids(&self) -> Vec<String> {
        self.received()
            .into_iter()
            .filter(|r| r.accepted)
            .map(|r| r.id)
            .collect()
    }

    /// Waits until the requests received so far satisfy `done`, checked as each one arrives;
    /// fails the test after 30 s.
    pub(crate) async fn wait_for(&self, what: &str, done: impl Fn(&[Received]) -> bool) {
        let mut log = self.log.subscribe();
        let reached = log.wait_for(|got| done(got));
        tokio::time::timeout(Duration::from_secs(30), reached)
            .await
            .unwrap_or_else(|_| panic!("timed out waiting for {what}"))
            .expect("the receiver's log lives as long as the receiver");
    }
}

async fn receive(
    State(receiver): State<Receiver>,
    headers: HeaderMap,
    body: Bytes,
) -> axum::response::Response {
    use axum::response::IntoResponse;
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

/// The signature a receiver computes with the Standard Webhooks recipe.
fn expected_signature(id: &str, timestamp: &str, body: &[u8]) -> String {
    let key = STANDARD
        .decode(SECRET.strip_prefix("whsec_").unwrap())
        .unwrap();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).unwrap();
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body);
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_application_is_delivered_in_order_across_outages_and_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let (receiver, url) = Receiver::start().await;
    let config = ContactConfig {
        log: dir.path().join("applications.jsonl"),
        rate_limit_per_minute: 0,
        webhook_url: Some(url.parse().unwrap()),
        webhook_secret: Secret::new(SECRET),
        webhook_retry_initial_ms: 20,
        webhook_retry_max_secs: 1,
        ..ContactConfig::default()
    };
    let desk = Arc::new(ContactDesk::open(&config));
    let app = http::app(SITE.clone(), desk.clone());
    let start_worker = || {
        let webhook = Webhook::from_config(&config, desk.store.appended())
            .unwrap()
            .expect("configured");
        let caught_up = webhook.caught_up();
        (tokio::spawn(webhook.run()), caught_up)
    };

    receiver.set_up(false);
    let (worker, mut caught_up) = start_worker();
    for n in 0..5 {
        let mut body = valid("en");
        body["company"] = json!(format!("Down {n}"));
        assert_eq!(submit(&app, &body).await.status, StatusCode::CREATED);
    }
    receiver
        .wait_for("three failed attempts", |got| got.len() >= 3)
        .await;
    let attempts = receiver.received();
    assert!(
        attempts.iter().all(|a| a.id == attempts[0].id),
        "the first application is retried, with the same webhook-id"
    );
    let log_env = ("CUSTODY_SITE_CONTACT_LOG", config.log.to_str().unwrap());
    let status = cli(&["submissions", "status"], log_env);
    assert!(
        status.contains("last error: the receiver answered 503"),
        "{status}"
    );
    assert!(status.contains("pending:    5"), "{status}");

    receiver.set_up(true);
    receiver
        .wait_for("five deliveries", |got| {
            got.iter().filter(|r| r.accepted).count() == 5
        })
        .await;
    // Stopped once it has saved its position after the fifth: a stop between a delivery and
    // that save would deliver the last one again (at least once, by design).
    tokio::time::timeout(
        Duration::from_secs(20),
        caught_up.wait_for(|delivered| *delivered == 5),
    )
    .await
    .expect("the worker saves its position")
    .unwrap();
    worker.abort();
    let _ = worker.await;

    for n in 0..2 {
        let mut body = valid("zh");
        body["company"] = json!(format!("After restart {n}"));
        assert_eq!(submit(&app, &body).await.status, StatusCode::CREATED);
    }
    let (worker, mut caught_up) = start_worker();
    receiver
        .wait_for("seven deliveries", |got| {
            got.iter().filter(|r| r.accepted).count() == 7
        })
        .await;
    // The worker has gone through the whole log and saved its position: a second delivery of
    // any application would have come before this.
    tokio::time::timeout(Duration::from_secs(20), caught_up.changed())
        .await
        .expect("the worker catches up")
        .unwrap();
    worker.abort();

    let stored: Vec<String> = records(&config.log).into_iter().map(|r| r.id).collect();
    assert_eq!(
        receiver.accepted_ids(),
        stored,
        "each once, in log order, none after a restart twice"
    );
    for delivery in receiver.received() {
        assert_eq!(
            delivery.signature,
            expected_signature(&delivery.id, &delivery.timestamp, &delivery.body),
            "the signature verifies"
        );
        let event: Value = serde_json::from_slice(&delivery.body).unwrap();
        assert_eq!(event["type"], "contact.application.submitted");
        assert_eq!(event["data"]["id"], delivery.id.as_str());
        let age = jiff::Timestamp::now().as_second() - delivery.timestamp.parse::<i64>().unwrap();
        assert!((0..60).contains(&age));
    }
    let status = cli(&["submissions", "status"], log_env);
    assert!(
        status.contains("delivered:  7") && status.contains("pending:    0"),
        "{status}"
    );
    assert!(status.contains("last error: none"), "{status}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_receivers_retry_after_is_honoured() {
    let dir = tempfile::tempdir().unwrap();
    let (receiver, url) = Receiver::start().await;
    let config = ContactConfig {
        log: dir.path().join("applications.jsonl"),
        webhook_url: Some(url.parse().unwrap()),
        webhook_secret: Secret::new(SECRET),
        webhook_retry_initial_ms: 20,
        ..ContactConfig::default()
    };
    let desk = Arc::new(ContactDesk::open(&config));
    let app = http::app(SITE.clone(), desk.clone());
    *receiver.retry_after.lock().unwrap() = Some("1");
    let worker = tokio::spawn(
        Webhook::from_config(&config, desk.store.appended())
            .unwrap()
            .unwrap()
            .run(),
    );
    assert_eq!(submit(&app, &valid("en")).await.status, StatusCode::CREATED);
    receiver.wait_for("a refusal", |got| !got.is_empty()).await;
    receiver.set_up(true);
    receiver
        .wait_for("the delivery", |got| got.iter().any(|r| r.accepted))
        .await;
    worker.abort();
    let got = receiver.received();
    assert_eq!(got.len(), 2, "one refusal, one delivery");
    let waited = got[1].at - got[0].at;
    assert!(
        waited >= Duration::from_millis(900),
        "waited {waited:?} as asked, not the 20 ms backoff"
    );
}

#[test]
fn the_webhook_secret_is_checked_and_never_printed() {
    let bad = Command::new(env!("CARGO_BIN_EXE_custody-site"))
        .arg("check")
        .env(
            "CUSTODY_SITE_CONTACT_WEBHOOK_URL",
            "https://hooks.example/applications",
        )
        .env("CUSTODY_SITE_CONTACT_WEBHOOK_SECRET", "whsec_dG9vLXNob3J0")
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(
        stderr.contains("contact.webhook_secret") && stderr.contains("24 to 64 bytes"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("dG9vLXNob3J0"),
        "the secret is not echoed: {stderr}"
    );
    let config = ContactConfig {
        webhook_secret: Secret::new(SECRET),
        ..ContactConfig::default()
    };
    assert!(!format!("{config:?}").contains("MfKQ9"));
}

#[test]
fn the_status_shows_the_webhook_without_credentials_or_query() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("applications.jsonl");
    std::fs::write(&log, "").unwrap();
    let status = cli_with(
        &["submissions", "status"],
        &[
            ("CUSTODY_SITE_CONTACT_LOG", log.to_str().unwrap()),
            (
                "CUSTODY_SITE_CONTACT_WEBHOOK_URL",
                "https://hook-user:s3cret-pass@hooks.example/in/applications?token=s3cret-token",
            ),
            ("CUSTODY_SITE_CONTACT_WEBHOOK_SECRET", SECRET),
        ],
    );
    assert!(
        status.contains("webhook:    https://hooks.example/in/applications\n"),
        "{status}"
    );
    assert!(
        !status.contains("s3cret") && !status.contains("hook-user"),
        "{status}"
    );
}
