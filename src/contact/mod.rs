//! Contact / open-account applications: validation, the durable store and its rotation, abuse
//! limits, webhook delivery and the operator's export, with their configuration section
//! (`settings.rs`), which the server's configuration (`src/config/`) holds as `[contact]`.

pub mod application;
pub mod archives;
pub(crate) mod backlog;
pub mod checks;
pub(crate) mod cursor;
pub(crate) mod delivery;
pub mod export;
pub(crate) mod idempotency;
pub(crate) mod log_file;
pub(crate) mod phone;
pub(crate) mod rate_limit;
pub mod record;
pub(crate) mod rotation;
pub mod rules;
pub mod settings;
pub(crate) mod signature;
pub(crate) mod store;
pub mod trust;
pub mod webhook;
pub(crate) mod webhook_url;

use std::net::{IpAddr, SocketAddr};

use axum::http::{HeaderMap, HeaderName};
use tokio::signal::unix::{SignalKind, signal};

use rate_limit::RateLimiter;
pub use settings::ContactConfig;
use store::Store;

/// Everything `POST /api/contact` needs besides the site: the store and the rate limit.
#[derive(Debug)]
pub struct ContactDesk {
    /// The applications log.
    pub store: Store,
    /// Applications per client and minute.
    pub limiter: RateLimiter,
    client_ip_header: Option<HeaderName>,
}

impl ContactDesk {
    /// Opens the store (recovering the log in the background) and sets up the limits.
    pub fn open(config: &ContactConfig) -> Self {
        Self {
            store: Store::open(&config.log, config.group_commit),
            limiter: RateLimiter::new(config.rate_limit_per_minute),
            client_ip_header: config.client_ip_header.clone(),
        }
    }

    /// Rotates the applications log on every SIGUSR1 from now on (`kill -USR1`, `systemctl kill
    /// --signal=SIGUSR1`; the file steps are in `contact::rotation`). The handler is installed
    /// before this returns, so a signal sent afterwards never ends the process.
    pub fn rotate_on_signal(&self) {
        let store = self.store.clone();
        match signal(SignalKind::user_defined1()) {
            Ok(mut received) => {
                tokio::spawn(async move {
                    while received.recv().await.is_some() {
                        // The writer logs the outcome.
                        let _ = store.rotate().await;
                    }
                });
            }
            Err(error) => {
                tracing::warn!(%error, "cannot handle SIGUSR1: the contact log cannot be rotated while the service runs");
            }
        }
    }

    /// The client's address: the last entry of the configured proxy header, else the peer.
    pub fn client_ip(&self, headers: &HeaderMap, peer: Option<SocketAddr>) -> Option<IpAddr> {
        match &self.client_ip_header {
            Some(name) => headers
                .get_all(name)
                .iter()
                .filter_map(|value| value.to_str().ok())
                .flat_map(|value| value.split(','))
                .filter_map(|entry| entry.trim().parse().ok())
                .next_back(),
            None => peer.map(|peer| peer.ip()),
        }
    }
}
