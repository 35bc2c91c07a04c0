//! The whole configuration: its top-level keys and the sections it composes, each documented with
//! its default beside it (`#[serde(default = …)]`; docs/config.toml is generated from both). The
//! binary's own section is `[log]`, here; the others live where they are used: the site's in the
//! library (`crates/site/src/settings.rs`, `[previous_builds]` in
//! `crates/site/src/previous/settings.rs`), the edge's (`[server]`, `[tls]`, `[metrics]`) in
//! `crates/edge/src/config/`, `[contact]` in `crates/applications/src/settings.rs`.

use std::net::SocketAddr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use custody_applications::settings::ContactConfig;
use custody_config_values::defaults::default_from_serde;
use custody_config_values::text_value::text;
use custody_config_values::urls::PublicUrl;
use custody_edge::config::{MetricsConfig, ServerConfig, TlsConfig};
use custody_site::previous::PreviousBuildsConfig;
use custody_site::settings::{
    AnalyticsConfig, BuildCheckConfig, EntityUrls, IamConfig, LinksConfig, SiteConfig,
};

/// The whole configuration. Environment names: top-level keys as `CUSTODY_SITE_<KEY>`, keys of a
/// section as `CUSTODY_SITE_<SECTION>_<KEY>` (upper case).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Socket address to listen on. Env `CUSTODY_SITE_LISTEN`, flag `--listen`.
    #[serde(default = "default_listen", with = "text")]
    #[schemars(with = "String")]
    pub listen: SocketAddr,
    /// Public base URL of the site, used for canonical links, hreflang, the sitemap and HSTS
    /// (sent only when it is `https`): a scheme and host (and port), without a path.
    /// Env `CUSTODY_SITE_PUBLIC_URL`, flag `--public-url`.
    #[serde(default = "custody_site::settings::default_public_url")]
    pub public_url: PublicUrl,
    /// HTTP server limits.
    #[serde(default)]
    pub server: ServerConfig,
    /// Which deployment this is.
    #[serde(default)]
    pub site: SiteConfig,
    /// The identity service asked for the visitor's login state.
    #[serde(default)]
    pub iam: IamConfig,
    /// Login addresses per entity and environment.
    #[serde(default = "EntityUrls::login")]
    pub login: EntityUrls,
    /// Logout addresses per entity and environment.
    #[serde(default = "EntityUrls::logout")]
    pub logout: EntityUrls,
    /// The optional page-view analytics script.
    #[serde(default)]
    pub analytics: AnalyticsConfig,
    /// How often open pages check for a newer build.
    #[serde(default)]
    pub build_check: BuildCheckConfig,
    /// Links to sites outside this one.
    #[serde(default)]
    pub links: LinksConfig,
    /// Contact applications: where they are stored, abuse limits and webhook delivery.
    #[serde(default)]
    pub contact: ContactConfig,
    /// The Prometheus metrics listener.
    #[serde(default)]
    pub metrics: MetricsConfig,
    /// How log lines are written.
    #[serde(default)]
    pub log: LogConfig,
    /// Native HTTPS on `listen`, without a proxy in front.
    #[serde(default)]
    pub tls: TlsConfig,
    /// The files of earlier UI builds, served for a while after an upgrade.
    #[serde(default)]
    pub previous_builds: PreviousBuildsConfig,
}

fn default_listen() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], 8080))
}

default_from_serde!(Config, LogConfig);

/// `[log]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogConfig {
    /// Format of the log lines on standard error: `text` (for people) or `json` (one object per
    /// line, for log collectors). `RUST_LOG` sets the level (default `info`).
    /// Env `CUSTODY_SITE_LOG_FORMAT`, flag `--log-format`.
    #[serde(default)]
    pub format: LogFormat,
}

/// The format of log lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line.
    Json,
}
