//! Configuration: its types (`types.rs`; the edge's sections `[server]`, `[tls]` and
//! `[metrics]` are the edge's own, `crates/edge/src/config/`, and `[contact]` the contact
//! store's, `crates/applications/src/settings.rs`; every key's default and text value, the URLs
//! included, is written with `crates/config-values/`), its layers of defaults, file, environment
//! and flags (`layering.rs`), its rules (`validation.rs`), and here what the site derives from
//! it (the edge's part is `src/edge_config.rs`).

mod layering;
mod types;
mod validation;

pub use custody_config_values::urls::{HttpUrl, PublicUrl};
pub use custody_edge::config::{
    AcmeChallenge, AcmeConfig, EdgeConfig, MetricsConfig, ServerConfig, TlsConfig,
};
pub use layering::{ENV_PREFIX, Overrides};
pub use types::{
    AnalyticsConfig, BuildCheckConfig, Config, EntityUrls, Environment, EnvironmentUrls, IamConfig,
    LinksConfig, LogConfig, LogFormat, PreviousBuildsConfig, SiteConfig,
};

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

    /// Whether `listen` serves HTTPS (from files or with ACME).
    pub fn serves_tls(&self) -> bool {
        self.tls.files().is_some() || self.tls.acme().is_some()
    }
}
