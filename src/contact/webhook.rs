//! Webhook delivery: a background task reads the applications log from the saved offset and
//! POSTs each application, in order, to the configured URL with Standard Webhooks headers. The
//! offset moves (and is fsynced) only after a 2xx, so a restart resumes exactly where delivery
//! stopped; a failure is retried with exponential backoff and jitter, honouring `Retry-After`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::body::Body;
use axum::http::header::{CONTENT_TYPE, RETRY_AFTER, USER_AGENT};
use axum::http::{HeaderMap, Method, Request, Uri};
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use jiff::Timestamp;
use serde_json::json;
use tokio::sync::Notify;

use super::delivery::{self, DeliveryState};
use super::log_file::Lines;
use super::record::Record;
use super::signature::SigningKey;
use crate::config::ContactConfig;
use crate::metrics::{gauge_value, metrics};

/// The `type` of every delivered event.
pub const EVENT_TYPE: &str = "contact.application.submitted";
/// How often the log is looked at when no append was announced (another process may write it).
const POLL: Duration = Duration::from_secs(30);

/// The delivery worker of one webhook.
pub struct Webhook {
    url: Uri,
    key: SigningKey,
    timeout: Duration,
    retry_initial: Duration,
    retry_max: Duration,
    log: PathBuf,
    appended: Arc<Notify>,
    client: Client<HttpsConnector<HttpConnector>, Body>,
}

/// Why one attempt failed.
struct Failure {
    message: String,
    retry_after: Option<Duration>,
}

impl Webhook {
    /// The worker for `config`'s webhook, or `None` when no webhook is configured. `appended`
    /// wakes it when the store has written.
    pub fn from_config(
        config: &ContactConfig,
        appended: Arc<Notify>,
    ) -> anyhow::Result<Option<Webhook>> {
        if config.webhook_url.is_empty() {
            return Ok(None);
        }
        let url: Uri = config
            .webhook_url
            .parse()
            .context("contact.webhook_url is not a valid URL")?;
        let key =
            SigningKey::from_secret(&config.webhook_secret).context("contact.webhook_secret")?;
        let connector = HttpsConnectorBuilder::new()
            .with_webpki_roots()
            .https_or_http()
            .enable_http1()
            .build();
        Ok(Some(Webhook {
            url,
            key,
            timeout: Duration::from_secs(config.webhook_timeout_secs),
            retry_initial: Duration::from_millis(config.webhook_retry_initial_ms),
            retry_max: Duration::from_secs(config.webhook_retry_max_secs),
            log: PathBuf::from(&config.log),
            appended,
            client: Client::builder(TokioExecutor::new()).build(connector),
        }))
    }

    /// Delivers forever: every application in the log after the saved offset, then each new one.
    pub async fn run(self) {
        let host = self.url.host().unwrap_or_default().to_owned();
        tracing::info!(%host, "webhook delivery of contact applications started");
        metrics().enable_webhook();
        let mut state = match blocking(self.log.clone(), |log| delivery::load(&log)).await {
            Ok(state) => state,
            Err(error) => {
                tracing::error!(path = %delivery::state_path(&self.log).display(), %error, "the webhook delivery state is unreadable; delivering the whole log again (receivers deduplicate by webhook-id)");
                DeliveryState::default()
            }
        };
        metrics()
            .webhook_delivered
            .set(gauge_value(state.delivered));
        loop {
            let offset = state.offset;
            match blocking(self.log.clone(), move |log| next_record(&log, offset)).await {
                Ok(Some((end, Ok(record)))) => {
                    self.deliver(&record, &mut state).await;
                    state.offset = end;
                    state.delivered += 1;
                    self.save(&state).await;
                }
                Ok(Some((end, Err(error)))) => {
                    tracing::warn!(offset, %error, "skipping a line of the contact log that is not an application; it cannot be delivered");
                    state.offset = end;
                    self.save(&state).await;
                }
                Ok(None) if log_shorter_than(&self.log, offset) => {
                    tracing::warn!(path = %self.log.display(), offset, "the contact log is shorter than the delivered offset (replaced or truncated by hand); delivering it again from the start");
                    state = DeliveryState::default();
                    self.save(&state).await;
                }
                Ok(None) => {
                    let _ = tokio::time::timeout(POLL, self.appended.notified()).await;
                }
                Err(error) => {
                    tracing::warn!(path = %self.log.display(), %error, "cannot read the contact log for webhook delivery; retrying");
                    tokio::time::sleep(self.retry_initial.max(Duration::from_secs(1))).await;
                }
            }
        }
    }

    /// Delivers one application, retrying until the receiver accepts it.
    async fn deliver(&self, record: &Record, state: &mut DeliveryState) {
        let body = json!({ "type": EVENT_TYPE, "timestamp": record.received_at, "data": record })
            .to_string();
        let mut attempt: u32 = 0;
        loop {
            attempt += 1;
            match self.attempt(&record.id, &body).await {
                Ok(status) => {
                    tracing::info!(id = %record.id, attempt, status, "webhook delivered a contact application");
                    state.last_delivered_id = Some(record.id.clone());
                    state.last_delivered_at = Some(format!("{:.0}", Timestamp::now()));
                    state.failed_attempts = 0;
                    state.last_error = None;
                    state.last_error_at = None;
                    return;
                }
                Err(failure) => {
                    metrics().webhook_failures.inc();
                    let wait = failure
                        .retry_after
                        .map_or_else(|| self.backoff(attempt), |wait| wait.min(self.retry_max));
                    tracing::warn!(id = %record.id, attempt, error = %failure.message, retry_in_ms = wait.as_millis() as u64, "webhook delivery failed; will retry");
                    state.failed_attempts = attempt;
                    state.last_error = Some(failure.message);
                    state.last_error_at = Some(format!("{:.0}", Timestamp::now()));
                    self.save(state).await;
                    tokio::time::sleep(wait).await;
                }
            }
        }
    }

    /// One POST; the status on a 2xx answer.
    async fn attempt(&self, id: &str, body: &str) -> Result<u16, Failure> {
        let timestamp = Timestamp::now().as_second();
        let request = Request::builder()
            .method(Method::POST)
            .uri(self.url.clone())
            .header(CONTENT_TYPE, "application/json")
            .header(
                USER_AGENT,
                concat!("custody-site/", env!("CARGO_PKG_VERSION")),
            )
            .header("webhook-id", id)
            .header("webhook-timestamp", timestamp.to_string())
            .header(
                "webhook-signature",
                self.key.sign(id, timestamp, body.as_bytes()),
            )
            .body(Body::from(body.to_owned()))
            .map_err(|error| Failure {
                message: format!("cannot build the request: {error}"),
                retry_after: None,
            })?;
        let answer = tokio::time::timeout(self.timeout, self.client.request(request)).await;
        let response = match answer {
            Err(_) => {
                return Err(Failure {
                    message: format!("no answer within {} s", self.timeout.as_secs()),
                    retry_after: None,
                });
            }
            Ok(Err(error)) => {
                return Err(Failure {
                    message: format!("request failed: {error}"),
                    retry_after: None,
                });
            }
            Ok(Ok(response)) => response,
        };
        let status = response.status();
        if status.is_success() {
            return Ok(status.as_u16());
        }
        Err(Failure {
            message: format!("the receiver answered {status}"),
            retry_after: retry_after(response.headers()),
        })
    }

    /// The wait before attempt `failed + 1`: doubling from the first retry up to the cap, the
    /// second half of it random so that many senders do not retry in step.
    fn backoff(&self, failed: u32) -> Duration {
        let exponential = self
            .retry_initial
            .saturating_mul(2u32.saturating_pow(failed.saturating_sub(1)))
            .min(self.retry_max);
        let half = exponential / 2;
        half + half.mul_f64(fastrand::f64())
    }

    async fn save(&self, state: &DeliveryState) {
        metrics()
            .webhook_delivered
            .set(gauge_value(state.delivered));
        let state = state.clone();
        let path = self.log.clone();
        if let Err(error) = blocking(path, move |log| delivery::save(&log, &state)).await {
            tracing::error!(path = %delivery::state_path(&self.log).display(), %error, "cannot save the webhook delivery state");
        }
    }
}

/// The first complete line at `offset`: where the next starts, and its record.
fn next_record(
    log: &Path,
    offset: u64,
) -> std::io::Result<Option<(u64, Result<Record, serde_json::Error>)>> {
    let mut lines = match Lines::open(log, offset) {
        Ok(lines) => lines,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    Ok(match lines.next().transpose()? {
        Some(line) => Some((line.end, line.record)),
        None => None,
    })
}

/// Whether the log exists and has fewer than `offset` bytes.
fn log_shorter_than(log: &Path, offset: u64) -> bool {
    std::fs::metadata(log).is_ok_and(|meta| meta.is_file() && meta.len() < offset)
}

/// `Retry-After` in seconds or as an HTTP date.
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let at = jiff::fmt::rfc2822::parse(value).ok()?.timestamp();
    Some(
        at.duration_since(Timestamp::now())
            .try_into()
            .unwrap_or(Duration::ZERO),
    )
}

/// Runs blocking file work off the async threads.
async fn blocking<T: Send + 'static>(
    path: PathBuf,
    work: impl FnOnce(PathBuf) -> std::io::Result<T> + Send + 'static,
) -> std::io::Result<T> {
    tokio::task::spawn_blocking(move || work(path))
        .await
        .unwrap_or_else(|error| Err(std::io::Error::other(error)))
}
