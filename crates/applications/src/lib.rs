//! Contact / open-account applications: validation, the durable store and its rotation and
//! archives, idempotency, abuse limits, webhook delivery and the operator's export, with their
//! configuration section (`settings.rs`, with the webhook's secret in `secret.rs`), which the
//! binary's configuration (`src/config/`) holds as `[contact]`.
//!
//! It knows nothing of the site nor of serving HTTP: the site's `POST /api/contact`
//! (`crates/site/src/http/contact/`) reads the request and hands [`ContactDesk`] and the store
//! plain values (the proxy header's values, the peer's address, a [`record::Draft`]). It depends on
//! neither the site's crate nor the edge; the webhook is its one HTTP client, behind the `webhook`
//! feature (Cargo.toml), which the site's crate leaves off.

pub mod accepted;
pub mod application;
pub mod archives;
pub(crate) mod backlog;
pub mod checks;
pub mod confirmation_key;
pub mod content_key;
// The export reads these too; their delivery steps (reading on, saving the position) are the
// webhook's alone, unused when the `webhook` feature is off.
#[cfg_attr(not(feature = "webhook"), allow(dead_code))]
pub(crate) mod cursor;
#[cfg_attr(not(feature = "webhook"), allow(dead_code))]
pub(crate) mod delivery;
pub mod export;
pub mod field;
pub(crate) mod idempotency;
pub(crate) mod log_file;
pub(crate) mod phone;
pub mod rate_limit;
pub mod recent_id;
pub mod record;
pub(crate) mod rotation;
pub mod rules;
pub mod secret;
pub mod settings;
pub mod signature;
pub mod store;
#[cfg(feature = "webhook")]
pub mod trust;
#[cfg(feature = "webhook")]
pub mod webhook;
pub mod webhook_url;

use std::net::{IpAddr, SocketAddr};

use http::HeaderName;
use tokio::signal::unix::{SignalKind, signal};

use confirmation_key::ConfirmationKey;
use rate_limit::RateLimiter;
pub use settings::ContactConfig;
use store::Store;

/// Everything `POST /api/contact` needs besides the site: the store, the rate limit and the key of
/// the confirmations' addresses.
#[derive(Debug)]
pub struct ContactDesk {
    /// The applications log.
    pub store: Store,
    /// Applications per client and minute.
    pub limiter: RateLimiter,
    /// Tags and checks the addresses of the confirmations of forms posted without scripts.
    pub confirmations: ConfirmationKey,
    client_ip_header: Option<HeaderName>,
}

impl ContactDesk {
    /// Opens the store (recovering the log in the background), sets up the limits and takes the
    /// confirmations' key (made now when none is configured).
    pub fn open(config: &ContactConfig) -> Self {
        Self {
            store: Store::open(&config.log, config.group_commit),
            limiter: RateLimiter::new(config.rate_limit_per_minute),
            confirmations: ConfirmationKey::from_setting(&config.confirmation_key),
            client_ip_header: config.client_ip_header.clone(),
        }
    }

    /// Rotates the applications log on every SIGUSR1 from now on (`kill -USR1`, `systemctl kill
    /// --signal=SIGUSR1`; the file steps are in `rotation.rs`). The handler is installed
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

    /// The request header that names the client behind a reverse proxy
    /// (`contact.client_ip_header`), when one is configured: the HTTP adapter hands its values
    /// to [`ContactDesk::client_ip`].
    pub fn client_ip_header(&self) -> Option<&HeaderName> {
        self.client_ip_header.as_ref()
    }

    /// The client's address: with a proxy header configured, the last entry of `forwarded` (that
    /// header's values in the request's order, each a comma-separated list), else the peer.
    pub fn client_ip<'a, Values>(
        &self,
        forwarded: Values,
        peer: Option<SocketAddr>,
    ) -> Option<IpAddr>
    where
        Values: IntoIterator<Item = &'a str>,
        Values::IntoIter: DoubleEndedIterator,
    {
        match &self.client_ip_header {
            Some(_) => forwarded
                .into_iter()
                .flat_map(|value| value.split(','))
                .filter_map(|entry| entry.trim().parse().ok())
                .next_back(),
            None => peer.map(|peer| peer.ip()),
        }
    }
}
