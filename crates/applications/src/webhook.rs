//! Webhook delivery: a background task reads the applications log from the saved position and
//! POSTs each application, in order, to the configured URL with Standard Webhooks headers. The
//! position (a file, the live log or an archive a rotation left undelivered, and an offset in
//! it; see `cursor.rs`) moves and is fsynced only after a 2xx, so a restart resumes
//! exactly where delivery stopped; a failure is retried with exponential backoff and jitter,
//! honouring `Retry-After`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use http::header::{AUTHORIZATION, CONTENT_TYPE, RETRY_AFTER, USER_AGENT};
use http::{HeaderMap, HeaderValue, Method, Request, Uri};
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use jiff::Timestamp;
use serde_json::json;
use tokio::sync::{Notify, watch};

use super::backlog::SharedBacklog;
use super::cursor::{Cursor, Step};
use super::delivery::{self, DeliveryState};
use super::record::Record;
use super::settings::ContactConfig;
use super::signature::SigningKey;
use super::store::LogActivity;
use super::trust;
use custody_metrics::{gauge_value, metrics};

/// The `type` of every delivered event.
pub const EVENT_TYPE: &str = "contact.application.submitted";
/// How often the log is looked at when no append was announced (another process may write it).
const POLL: Duration = Duration::from_secs(30);

/// The delivery worker of one webhook.
pub struct Webhook {
    url: Uri,
    /// `Basic …` from the credentials in the configured URL.
    authorization: Option<HeaderValue>,
    key: SigningKey,
    timeout: Duration,
    retry_initial: Duration,
    retry_max: Duration,
    log: PathBuf,
    appended: Arc<Notify>,
    /// The backlog of the log, shared with its store.
    backlog: SharedBacklog,
    client: Client<HttpsConnector<HttpConnector>, String>,
    /// The applications delivered so far, sent each time every one in the log is delivered.
    caught_up: watch::Sender<u64>,
}

/// Why one attempt failed.
struct Failure {
    message: String,
    retry_after: Option<Duration>,
}

impl Webhook {
    /// The worker for `config`'s webhook, or `None` when no webhook is configured; an error
    /// when `contact.webhook_ca` cannot be used. `activity`, from the store of the same log,
    /// wakes it when the store has written or rotated the log and orders their file moves.
    pub fn from_config(
        config: &ContactConfig,
        activity: LogActivity,
    ) -> anyhow::Result<Option<Webhook>> {
        let tls = trust::client_config(config)?;
        let Some(webhook_url) = &config.webhook_url else {
            return Ok(None);
        };
        let url = webhook_url.address().clone();
        let authorization = webhook_url.credentials().map(|credentials| {
            let mut value =
                HeaderValue::try_from(format!("Basic {}", STANDARD.encode(credentials)))
                    .expect("base64 is a valid header value");
            value.set_sensitive(true);
            value
        });
        let key =
            SigningKey::from_secret(&config.webhook_secret).context("contact.webhook_secret")?;
        let connector = HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http()
            .enable_http1()
            .build();
        Ok(Some(Webhook {
            url,
            authorization,
            key,
            timeout: Duration::from_secs(config.webhook_timeout_secs),
            retry_initial: Duration::from_millis(config.webhook_retry_initial_ms),
            retry_max: Duration::from_secs(config.webhook_retry_max_secs),
            log: config.log.clone(),
            appended: activity.appended,
            backlog: activity.backlog,
            client: Client::builder(TokioExecutor::new()).build(connector),
            caught_up: watch::Sender::new(0),
        }))
    }

    /// Changes each time the worker has delivered every application in the log and saved its
    /// position: the count delivered so far (`delivered` of `submissions status`).
    pub fn caught_up(&self) -> watch::Receiver<u64> {
        self.caught_up.subscribe()
    }

    /// Delivers forever: every application after the saved position, in the file it names and
    /// in every file rotated after it, then each new one.
    pub async fn run(self) {
        let host = self.url.host().unwrap_or_default().to_owned();
        tracing::info!(%host, "webhook delivery of contact applications started");
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
        let mut cursor = self.resume(&mut state).await;
        // The count last announced as caught up, so that waiting again announces nothing new.
        let mut announced = None;
        loop {
            let (back, step) = on_blocking_thread(cursor, Cursor::step).await;
            cursor = back;
            match step {
                Ok(Step::Line(line)) => {
                    // Saved with every failed attempt: where this application starts.
                    (state.file, state.offset) = cursor.position();
                    match line.record {
                        Ok(record) => {
                            self.deliver(&record, &mut state).await;
                            state.delivered += 1;
                            self.backlog.lock().delivered();
                        }
                        Err(error) => {
                            tracing::warn!(offset = state.offset, %error, "skipping a line of the contact log that is not an application; it cannot be delivered");
                        }
                    }
                    cursor.advance(line.end);
                    self.save_at(&cursor, &mut state).await;
                }
                Ok(Step::Wait) => {
                    if announced != Some(state.delivered) {
                        tracing::info!(
                            delivered = state.delivered,
                            "webhook backlog delivered; waiting for new applications"
                        );
                        announced = Some(state.delivered);
                        self.caught_up.send_replace(state.delivered);
                    }
                    let _ = tokio::time::timeout(POLL, self.appended.notified()).await;
                }
                Ok(Step::Drained) => {
                    let backlog = self.backlog.clone();
                    let (back, moved) = on_blocking_thread(cursor, move |cursor| {
                        let mut backlog = backlog.lock();
                        let to_live_log = cursor.move_on()?;
                        backlog.moved(to_live_log);
                        Ok(to_live_log)
                    })
                    .await;
                    cursor = back;
                    match moved {
                        Ok(to_live_log) => {
                            tracing::info!(
                                to_live_log,
                                "webhook delivery finished a rotated contact log and goes on with the next file"
                            );
                            self.save_at(&cursor, &mut state).await;
                        }
                        Err(error) => self.read_failed(&error).await,
                    }
                }
                Ok(Step::Restarted) => {
                    tracing::warn!(path = %self.log.display(), offset = state.offset, "the contact log is shorter than the delivered offset (replaced or truncated by hand); delivering it again from the start");
                    self.backlog.lock().restarted();
                    state = DeliveryState::default();
                    self.save_at(&cursor, &mut state).await;
                }
                Err(error) => self.read_failed(&error).await,
            }
        }
    }

    /// The cursor at the saved position, counted for the backlog; when the file it names is
    /// gone, the start of the live log. Retries until the files can be read.
    async fn resume(&self, state: &mut DeliveryState) -> Cursor {
        loop {
            let (file, offset) = (state.file, state.offset);
            let backlog = self.backlog.clone();
            let resumed = blocking(self.log.clone(), move |log| {
                let mut backlog = backlog.lock();
                let found = Cursor::resume(&log, file, offset)?;
                let lost = found.is_none();
                let cursor = match found {
                    Some(cursor) => cursor,
                    None => Cursor::live(&log, 0)?,
                };
                backlog.resumed(cursor.on_live_log()?, cursor.count()?);
                Ok((cursor, lost))
            })
            .await;
            match resumed {
                Ok((cursor, lost)) => {
                    if lost {
                        tracing::warn!(path = %self.log.display(), "the file the webhook delivery state points into is no longer beside the log; delivering the live log from its start (receivers deduplicate by webhook-id)");
                        self.save_at(&cursor, state).await;
                    }
                    return cursor;
                }
                Err(error) => self.read_failed(&error).await,
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
        let mut request = Request::builder()
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
            .body(body.to_owned())
            .map_err(|error| Failure {
                message: format!("cannot build the request: {error}"),
                retry_after: None,
            })?;
        if let Some(authorization) = &self.authorization {
            request
                .headers_mut()
                .insert(AUTHORIZATION, authorization.clone());
        }
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
                    message: format!("request failed: {}", with_causes(&error)),
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

    /// Records the cursor's position in `state` and saves it.
    async fn save_at(&self, cursor: &Cursor, state: &mut DeliveryState) {
        (state.file, state.offset) = cursor.position();
        self.save(state).await;
    }

    /// Waits before reading the log again after `error`.
    async fn read_failed(&self, error: &std::io::Error) {
        tracing::warn!(path = %self.log.display(), %error, "cannot read the contact log for webhook delivery; retrying");
        tokio::time::sleep(self.retry_initial.max(Duration::from_secs(1))).await;
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

/// `error` followed by its causes, so that a refused certificate says why.
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(error) = cause {
        text.push_str(": ");
        text.push_str(&error.to_string());
        cause = error.source();
    }
    text
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

/// Runs `work` on `cursor` off the async threads, and hands the cursor back.
async fn on_blocking_thread<T: Send + 'static>(
    mut cursor: Cursor,
    work: impl FnOnce(&mut Cursor) -> std::io::Result<T> + Send + 'static,
) -> (Cursor, std::io::Result<T>) {
    tokio::task::spawn_blocking(move || {
        let result = work(&mut cursor);
        (cursor, result)
    })
    .await
    .expect("reading the contact log does not panic")
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
