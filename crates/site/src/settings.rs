//! The site's own settings: [`SiteSettings`], the one value the site is built from, and the
//! sections of the configuration file that are the site's (`[site]`, `[iam]`, `[login]`,
//! `[logout]`, `[analytics]`, `[build_check]`, `[links]`), each key documented with its default
//! beside it (the binary's `src/config/` composes them into the whole configuration, and
//! docs/config.toml is generated from these docs). `[previous_builds]` is in
//! `previous/settings.rs`, beside what reads it.

use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use custody_applications::ContactConfig;
use custody_config_values::defaults::{default_from_serde, int};
use custody_config_values::text_value::optional;
use custody_config_values::urls::{HttpUrl, PublicUrl};

/// What the site is built from ([`crate::ServedSite::from_embedded`], the live preview, the
/// security headers): its public address and the sections of the configuration it reads.
#[derive(Debug, Clone)]
pub struct SiteSettings {
    /// The public base URL (`public_url`): canonical links, hreflang, the sitemap, the feeds, the
    /// origin a contact application must come from, and HSTS when it is `https`.
    pub public_url: PublicUrl,
    /// `[site]`: which deployment this is.
    pub site: SiteConfig,
    /// `[iam]`: the identity service asked for the visitor's login state.
    pub iam: IamConfig,
    /// `[login]`: login addresses per entity and environment.
    pub login: EntityUrls,
    /// `[logout]`: logout addresses per entity and environment.
    pub logout: EntityUrls,
    /// `[analytics]`: the optional page-view analytics script.
    pub analytics: AnalyticsConfig,
    /// `[build_check]`: how often open pages check for a newer build.
    pub build_check: BuildCheckConfig,
    /// `[links]`: links to sites outside this one.
    pub links: LinksConfig,
    /// How long a contact application may take from its headers to its answer
    /// (`contact.request_timeout_secs`).
    pub request_timeout: Duration,
}

impl Default for SiteSettings {
    /// The settings of the default configuration.
    fn default() -> Self {
        Self {
            public_url: default_public_url(),
            site: SiteConfig::default(),
            iam: IamConfig::default(),
            login: EntityUrls::login(),
            logout: EntityUrls::logout(),
            analytics: AnalyticsConfig::default(),
            build_check: BuildCheckConfig::default(),
            links: LinksConfig::default(),
            request_timeout: ContactConfig::default().request_timeout(),
        }
    }
}

impl SiteSettings {
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
}

/// The default public URL, `http://127.0.0.1:8080` (the default `listen`'s).
pub fn default_public_url() -> PublicUrl {
    "http://127.0.0.1:8080".parse().expect("a valid URL")
}

default_from_serde!(
    SiteConfig,
    IamConfig,
    AnalyticsConfig,
    BuildCheckConfig,
    LinksConfig
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
/// Every layer of the configuration file is merged onto the defaults, so each key always has its
/// own default.
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
    pub fn login() -> Self {
        Self::defaults("login")
    }

    /// The default logout addresses, like [`EntityUrls::login`]'s.
    pub fn logout() -> Self {
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
