//! Configuration: its types (`types.rs`, with `tls.rs` for its section; `[contact]` is the
//! contact store's own, `src/contact/settings.rs`), its URLs (`values.rs`; every key's default
//! and text value is written with `src/config_values/`), its layers of defaults, file,
//! environment and flags (`layering.rs`), its rules (`validation.rs`), and here what the server
//! derives from it.

mod layering;
mod tls;
mod types;
mod validation;
mod values;

pub use layering::{ENV_PREFIX, Overrides};
pub use tls::{AcmeChallenge, AcmeConfig, TlsConfig};
pub use types::{
    AnalyticsConfig, BuildCheckConfig, Config, EntityUrls, Environment, EnvironmentUrls, IamConfig,
    LinksConfig, LogConfig, LogFormat, MetricsConfig, PreviousBuildsConfig, ServerConfig,
    SiteConfig,
};
pub use values::{HttpUrl, PublicUrl};

use std::time::Duration;

impl Config {
    /// Origins besides this site that pages may connect to: the identity service and the
    /// analytics provider, when configured.
    pub fn extra_connect_origins(&self) -> impl Iterator<Item = &str> {
        [&self.iam.base_url, &self.analytics.script_url]
            .into_iter()
            .flatten()
            .map(HttpUrl::origin)
    }

    /// Origins besides this site that may serve scripts: the analytics provider, when configured.
    pub fn extra_script_origins(&self) -> impl Iterator<Item = &str> {
        self.analytics.script_url.iter().map(HttpUrl::origin)
    }

    /// How long a client may take to send request headers (and, over HTTP/2, to let an answer
    /// move).
    pub fn header_read_timeout(&self) -> Duration {
        Duration::from_secs(self.server.header_read_timeout_secs)
    }

    /// How long one request may take.
    pub fn request_timeout(&self) -> Duration {
        Duration::from_secs(self.server.request_timeout_secs)
    }

    /// How long shutdown waits for in-flight requests.
    pub fn shutdown_grace(&self) -> Duration {
        Duration::from_secs(self.server.shutdown_grace_secs)
    }

    /// Whether `listen` serves HTTPS (from files or with ACME).
    pub fn serves_tls(&self) -> bool {
        self.tls.files().is_some() || self.tls.acme().is_some()
    }
}
