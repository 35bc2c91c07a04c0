//! The configuration's types: every section and key, with its documentation and, beside it, its
//! default (`#[serde(default = …)]`; docs/config.toml is generated from both). The edge's
//! sections (`[server]`, `[tls]`, `[metrics]`) are in `crates/edge/src/config/`, `[contact]` in
//! `crates/applications/src/settings.rs`.

use std::net::SocketAddr;
use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use custody_config_values::defaults::{count, default_from_serde, int};
use custody_config_values::text_value::{optional, text};
use custody_config_values::urls::{HttpUrl, PublicUrl};
use custody_edge::config::{MetricsConfig, ServerConfig, TlsConfig};

use custody_applications::settings::ContactConfig;

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
    #[serde(default = "default_public_url")]
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

fn default_public_url() -> PublicUrl {
    "http://127.0.0.1:8080".parse().expect("a valid URL")
}

default_from_serde!(
    Config,
    SiteConfig,
    IamConfig,
    AnalyticsConfig,
    BuildCheckConfig,
    LinksConfig,
    LogConfig,
    PreviousBuildsConfig
);

/// `[site]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    /// Deployment environment, `test` or `main`: selects the login and logout addresses.
    /// Env `CUSTODY_SITE_SITE_ENVIRONMENT`.
    #[serde(default)]
    pub environment: Environment,
}

/// A deployment environment of the provider's platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    /// The test platform.
    Test,
    /// The production platform.
    #[default]
    Main,
}

/// `[iam]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IamConfig {
    /// Base URL of the identity service (`{base_url}/iam/v1/portal/users/current-user-info`).
    /// Empty: no login-state call is made. Env `CUSTODY_SITE_IAM_BASE_URL`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub base_url: Option<HttpUrl>,
}

/// `[login]` / `[logout]`: one address per entity (`sg`, `hk`) and environment (`test`, `main`).
/// Every layer is merged onto [`Config::default`], so each key always has its own default.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EntityUrls {
    /// Singapore entity.
    pub sg: EnvironmentUrls,
    /// Hong Kong entity.
    pub hk: EnvironmentUrls,
}

/// One address per environment.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentUrls {
    /// Address on the test platform.
    pub test: HttpUrl,
    /// Address on the production platform.
    pub main: HttpUrl,
}

impl EntityUrls {
    /// The default login addresses: `https://portal[.test].{entity}.custody.example/login`.
    fn login() -> Self {
        Self::defaults("login")
    }

    /// The default logout addresses, like [`EntityUrls::login`]'s.
    fn logout() -> Self {
        Self::defaults("logout")
    }

    fn defaults(action: &str) -> Self {
        let url = |entity: &str, env: &str| {
            match env {
                "main" => format!("https://portal.{entity}.custody.example/{action}"),
                _ => format!("https://portal.{env}.{entity}.custody.example/{action}"),
            }
            .parse()
            .expect("a valid URL")
        };
        let entity = |name: &str| EnvironmentUrls {
            test: url(name, "test"),
            main: url(name, "main"),
        };
        Self {
            sg: entity("sg"),
            hk: entity("hk"),
        }
    }

    /// The sg and hk addresses of one environment.
    pub fn for_environment(&self, environment: Environment) -> (&HttpUrl, &HttpUrl) {
        match environment {
            Environment::Test => (&self.sg.test, &self.hk.test),
            Environment::Main => (&self.sg.main, &self.hk.main),
        }
    }
}

/// `[analytics]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyticsConfig {
    /// URL of the page-view analytics script, loaded only with the visitor's consent. Empty:
    /// nothing is loaded. Env `CUSTODY_SITE_ANALYTICS_SCRIPT_URL`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub script_url: Option<HttpUrl>,
}

/// `[build_check]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildCheckConfig {
    /// Seconds between checks for a newer build in open pages; at least 60.
    /// Env `CUSTODY_SITE_BUILD_CHECK_INTERVAL_SECS`.
    #[serde(default = "int::<3600>")]
    pub interval_secs: u64,
}

/// `[links]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinksConfig {
    /// The insights blog linked from the header's Resources menu.
    /// Env `CUSTODY_SITE_LINKS_INSIGHTS_URL`.
    #[serde(default = "default_insights_url")]
    pub insights_url: HttpUrl,
}

fn default_insights_url() -> HttpUrl {
    "https://insights.custody.example"
        .parse()
        .expect("a valid URL")
}

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

/// `[previous_builds]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PreviousBuildsConfig {
    /// Directory where each binary stores its UI build's immutable files (everything under
    /// `/_app/` but `latest.json`) after it starts, so that the binaries after it serve them to
    /// pages still open from before an upgrade; created with mode 0700 when missing, relative
    /// to the working directory. One per instance, never shared. Empty disables previous builds.
    /// Env `CUSTODY_SITE_PREVIOUS_BUILDS_DIR`.
    #[serde(default = "default_builds_dir", with = "optional")]
    #[schemars(with = "String")]
    pub dir: Option<PathBuf>,
    /// Hours the files of a previous build are served after this binary first found it in
    /// `dir` (its retirement); then they are deleted. `0` disables previous builds; at most
    /// 87600 (ten years). Env `CUSTODY_SITE_PREVIOUS_BUILDS_KEEP_HOURS`.
    #[serde(default = "int::<168>")]
    pub keep_hours: u64,
    /// The most previous builds served and kept, the most recently retired first; older ones
    /// are deleted. From 1 to 100. Env `CUSTODY_SITE_PREVIOUS_BUILDS_KEEP_BUILDS`.
    #[serde(default = "count::<5>")]
    pub keep_builds: usize,
}

fn default_builds_dir() -> Option<PathBuf> {
    Some("data/builds".into())
}
