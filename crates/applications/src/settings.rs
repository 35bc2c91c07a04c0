//! `[contact]`: where contact applications are stored, the abuse limits, and webhook delivery.

use std::path::PathBuf;
use std::time::Duration;

use http::HeaderName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::webhook_url::WebhookUrl;
use crate::secret::Secret;
use custody_config_values::defaults::{default_from_serde, int, yes};
use custody_config_values::text_value::optional;

/// `[contact]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContactConfig {
    /// JSON-lines file every accepted application is appended to and fsynced before it is
    /// acknowledged; created with mode 0600 (its directory with 0700) when missing.
    /// Env `CUSTODY_SITE_CONTACT_LOG`.
    #[serde(default = "default_log")]
    pub log: PathBuf,
    /// Applications one client address (an IPv6 /64) may send per minute; `0` disables the limit.
    /// Env `CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE`.
    #[serde(default = "default_rate_limit")]
    pub rate_limit_per_minute: u32,
    /// Request header carrying the client address when the site runs behind a reverse proxy
    /// (e.g. `x-forwarded-for`, whose last entry is used, or `x-real-ip`). Empty: the
    /// connection's peer address is used. Env `CUSTODY_SITE_CONTACT_CLIENT_IP_HEADER`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub client_ip_header: Option<HeaderName>,
    /// Whether applications arriving together share one fsync (group commit); `false` fsyncs
    /// each one on its own (slower, for comparison). Env `CUSTODY_SITE_CONTACT_GROUP_COMMIT`.
    #[serde(default = "yes")]
    pub group_commit: bool,
    /// Seconds an application may take from its request's headers to its answer: a body still
    /// arriving then is answered `408`, an application not yet on disk `503` (both JSON, in the
    /// request's language); every other answer comes from memory.
    /// Env `CUSTODY_SITE_CONTACT_REQUEST_TIMEOUT_SECS`.
    #[serde(default = "int::<30>")]
    pub request_timeout_secs: u64,
    /// Key of the tag in the address of the confirmation the form posted without scripts is
    /// sent to (`{page}/received/{id}.{tag}`), at least 32 bytes (e.g. `openssl rand -base64
    /// 32`); the same on every instance behind one balancer, so any of them shows the
    /// confirmation of an application another stored. Empty: each instance makes its own at
    /// start (enough for one instance). Never logged. Env `CUSTODY_SITE_CONTACT_CONFIRMATION_KEY`.
    #[serde(default)]
    pub confirmation_key: Secret,
    /// Address each application is POSTed to (Standard Webhooks). Credentials in it
    /// (`https://user:password@host/…`) are sent as HTTP Basic authentication. Empty: nothing
    /// is delivered. Env `CUSTODY_SITE_CONTACT_WEBHOOK_URL`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub webhook_url: Option<WebhookUrl>,
    /// Signing secret of the webhook, `whsec_` + base64 of 24 to 64 random bytes; required with
    /// `webhook_url`. Never logged. Env `CUSTODY_SITE_CONTACT_WEBHOOK_SECRET`.
    #[serde(default)]
    pub webhook_secret: Secret,
    /// PEM file of CA certificates trusted for the webhook receiver in addition to the public
    /// roots built in, for a receiver whose certificate comes from a private PKI. Empty: the
    /// public roots only. Env `CUSTODY_SITE_CONTACT_WEBHOOK_CA`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub webhook_ca: Option<PathBuf>,
    /// Seconds the receiver has to answer one delivery.
    /// Env `CUSTODY_SITE_CONTACT_WEBHOOK_TIMEOUT_SECS`.
    #[serde(default = "int::<10>")]
    pub webhook_timeout_secs: u64,
    /// Milliseconds before the first retry of a failed delivery; each further retry waits twice
    /// as long, with jitter. Env `CUSTODY_SITE_CONTACT_WEBHOOK_RETRY_INITIAL_MS`.
    #[serde(default = "int::<1000>")]
    pub webhook_retry_initial_ms: u64,
    /// The longest wait between two attempts, in seconds (21600 is six hours), also for a
    /// receiver's `Retry-After`. Env `CUSTODY_SITE_CONTACT_WEBHOOK_RETRY_MAX_SECS`.
    #[serde(default = "int::<21_600>")]
    pub webhook_retry_max_secs: u64,
}

default_from_serde!(ContactConfig);

impl ContactConfig {
    /// How long an application may take from its request's headers to its answer.
    pub fn request_timeout(&self) -> Duration {
        Duration::from_secs(self.request_timeout_secs)
    }
}

fn default_log() -> PathBuf {
    "data/contact-applications.jsonl".into()
}

fn default_rate_limit() -> u32 {
    5
}
