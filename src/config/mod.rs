//! Configuration: built-in defaults, then a TOML file, then `CUSTODY_SITE_*` environment
//! variables, then command-line flags. Every key is optional.

mod previous_builds;
mod tls;

pub use previous_builds::PreviousBuildsConfig;
pub use tls::{AcmeChallenge, AcmeConfig, TlsConfig};

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::{Table, Value};

use crate::secret::Secret;

/// Prefix of every environment variable the site reads.
pub const ENV_PREFIX: &str = "CUSTODY_SITE_";

/// Variables with the prefix that are not configuration keys: the config file's path, the
/// prebuilt UI that `build.rs` reads (often still set in the shell that runs the binary), and
/// the process handing its listeners over in an upgrade.
const NOT_KEYS: [&str; 3] = ["CONFIG", "UI_DIST", "HANDOVER_FROM"];

/// The whole configuration. Environment names: top-level keys as `CUSTODY_SITE_<KEY>`, keys of a
/// section as `CUSTODY_SITE_<SECTION>_<KEY>` (upper case).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Socket address to listen on. Default `127.0.0.1:8080`. Env `CUSTODY_SITE_LISTEN`.
    pub listen: String,
    /// Public base URL of the site, used for canonical links, hreflang, the sitemap and HSTS
    /// (sent only when it is `https`). No trailing slash. Default `http://127.0.0.1:8080`.
    /// Env `CUSTODY_SITE_PUBLIC_URL`.
    pub public_url: String,
    /// HTTP server limits.
    pub server: ServerConfig,
    /// Which deployment this is.
    pub site: SiteConfig,
    /// The identity service asked for the visitor's login state.
    pub iam: IamConfig,
    /// Login addresses per entity and environment.
    pub login: EntityUrls,
    /// Logout addresses per entity and environment.
    pub logout: EntityUrls,
    /// The optional page-view analytics script.
    pub analytics: AnalyticsConfig,
    /// How often open pages check for a newer build.
    pub build_check: BuildCheckConfig,
    /// Links to sites outside this one.
    pub links: LinksConfig,
    /// Contact applications: where they are stored, abuse limits and webhook delivery.
    pub contact: ContactConfig,
    /// The Prometheus metrics listener.
    pub metrics: MetricsConfig,
    /// How log lines are written.
    pub log: LogConfig,
    /// Native HTTPS on `listen`, without a proxy in front.
    pub tls: TlsConfig,
    /// The files of earlier UI builds, served for a while after an upgrade.
    pub previous_builds: PreviousBuildsConfig,
}

/// `[metrics]`
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct MetricsConfig {
    /// Socket address of a second listener serving Prometheus metrics at `/metrics` (requests
    /// by route and status, latency, contact applications, webhook delivery). Keep it private:
    /// a loopback or internal address. Empty (the default) serves no metrics.
    /// Env `CUSTODY_SITE_METRICS_LISTEN`.
    pub listen: String,
}

/// `[log]`
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    /// Format of the log lines on standard error: `text` (the default, for people) or `json`
    /// (one object per line, for log collectors). `RUST_LOG` sets the level (default `info`).
    /// Env `CUSTODY_SITE_LOG_FORMAT`, flag `--log-format`.
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

/// `[contact]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ContactConfig {
    /// JSON-lines file every accepted application is appended to and fsynced before it is
    /// acknowledged; created with mode 0600 (its directory with 0700) when missing.
    /// Default `data/contact-applications.jsonl`. Env `CUSTODY_SITE_CONTACT_LOG`.
    pub log: String,
    /// Applications one client address (an IPv6 /64) may send per minute; `0` disables the limit.
    /// Default `5`. Env `CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE`.
    pub rate_limit_per_minute: u32,
    /// Request header carrying the client address when the site runs behind a reverse proxy
    /// (e.g. `x-forwarded-for`, whose last entry is used, or `x-real-ip`). Empty (the default)
    /// uses the connection's peer address. Env `CUSTODY_SITE_CONTACT_CLIENT_IP_HEADER`.
    pub client_ip_header: String,
    /// Whether applications arriving together share one fsync (group commit). Default `true`;
    /// `false` fsyncs each one on its own (slower, for comparison).
    /// Env `CUSTODY_SITE_CONTACT_GROUP_COMMIT`.
    pub group_commit: bool,
    /// Address each application is POSTed to (Standard Webhooks). Credentials in it
    /// (`https://user:password@host/…`) are sent as HTTP Basic authentication. Empty (the
    /// default) delivers nothing. Env `CUSTODY_SITE_CONTACT_WEBHOOK_URL`.
    pub webhook_url: String,
    /// Signing secret of the webhook, `whsec_` + base64 of 24 to 64 random bytes; required with
    /// `webhook_url`. Never logged. Env `CUSTODY_SITE_CONTACT_WEBHOOK_SECRET`.
    pub webhook_secret: Secret,
    /// PEM file of CA certificates trusted for the webhook receiver in addition to the public
    /// roots built in, for a receiver whose certificate comes from a private PKI. Empty (the
    /// default) trusts the public roots only. Env `CUSTODY_SITE_CONTACT_WEBHOOK_CA`.
    pub webhook_ca: String,
    /// Seconds the receiver has to answer one delivery. Default `10`.
    /// Env `CUSTODY_SITE_CONTACT_WEBHOOK_TIMEOUT_SECS`.
    pub webhook_timeout_secs: u64,
    /// Milliseconds before the first retry of a failed delivery; each further retry waits twice
    /// as long, with jitter. Default `1000`. Env `CUSTODY_SITE_CONTACT_WEBHOOK_RETRY_INITIAL_MS`.
    pub webhook_retry_initial_ms: u64,
    /// The longest wait between two attempts, in seconds, also for a receiver's `Retry-After`.
    /// Default `21600` (six hours). Env `CUSTODY_SITE_CONTACT_WEBHOOK_RETRY_MAX_SECS`.
    pub webhook_retry_max_secs: u64,
}

impl Default for ContactConfig {
    fn default() -> Self {
        Self {
            log: "data/contact-applications.jsonl".into(),
            rate_limit_per_minute: 5,
            client_ip_header: String::new(),
            group_commit: true,
            webhook_url: String::new(),
            webhook_secret: Secret::default(),
            webhook_ca: String::new(),
            webhook_timeout_secs: 10,
            webhook_retry_initial_ms: 1000,
            webhook_retry_max_secs: 21_600,
        }
    }
}

/// `[site]`
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SiteConfig {
    /// Deployment environment, `test` or `main`: selects the login and logout addresses.
    /// Default `main`. Env `CUSTODY_SITE_SITE_ENVIRONMENT`.
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
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct IamConfig {
    /// Base URL of the identity service (`{base_url}/iam/v1/portal/users/current-user-info`).
    /// Empty (the default) means no login-state call is made. Env `CUSTODY_SITE_IAM_BASE_URL`.
    pub base_url: String,
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
    pub test: String,
    /// Address on the production platform.
    pub main: String,
}

impl EntityUrls {
    fn defaults(action: &str) -> Self {
        let url = |entity: &str, env: &str| match env {
            "main" => format!("https://portal.{entity}.custody.example/{action}"),
            _ => format!("https://portal.{env}.{entity}.custody.example/{action}"),
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
    pub fn for_environment(&self, environment: Environment) -> (&str, &str) {
        match environment {
            Environment::Test => (&self.sg.test, &self.hk.test),
            Environment::Main => (&self.sg.main, &self.hk.main),
        }
    }
}

/// `[analytics]`
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct AnalyticsConfig {
    /// URL of the page-view analytics script, loaded only with the visitor's consent. Empty (the
    /// default) loads nothing. Env `CUSTODY_SITE_ANALYTICS_SCRIPT_URL`.
    pub script_url: String,
}

/// `[build_check]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct BuildCheckConfig {
    /// Seconds between checks for a newer build in open pages. Default `3600`.
    /// Env `CUSTODY_SITE_BUILD_CHECK_INTERVAL_SECS`.
    pub interval_secs: u64,
}

/// `[links]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LinksConfig {
    /// The insights blog linked from the header's Resources menu.
    /// Default `https://insights.custody.example`. Env `CUSTODY_SITE_LINKS_INSIGHTS_URL`.
    pub insights_url: String,
}

impl Default for BuildCheckConfig {
    fn default() -> Self {
        Self {
            interval_secs: 3600,
        }
    }
}

impl Default for LinksConfig {
    fn default() -> Self {
        Self {
            insights_url: "https://insights.custody.example".into(),
        }
    }
}

/// `[server]`: timeouts and shutdown.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ServerConfig {
    /// Seconds a client may take to send the request headers, counted over HTTP/1.1 from the
    /// end of the previous answer, so also how long an idle keep-alive connection stays open (HTTP/1
    /// answers announce it as `Keep-Alive: timeout=N`); over HTTP/2 also the longest an answer
    /// may wait for the client to open its flow-control window (or to read), after which the
    /// connection is closed. Default `10`.
    pub header_read_timeout_secs: u64,
    /// Seconds a contact application may take from its headers to its answer: a body still
    /// arriving then is answered `408`, an application not yet on disk `503` (both JSON, in the
    /// request's language); every other answer comes from memory. Default `30`.
    pub request_timeout_secs: u64,
    /// Seconds in-flight requests get to finish after SIGTERM or SIGINT. Default `10`.
    pub shutdown_grace_secs: u64,
    /// Client connections served at once; one more is answered `503` with `Retry-After: 1` and
    /// closed (over TLS: closed before the handshake), so a flood degrades the site instead of
    /// exhausting memory or file descriptors. At start-up the open-file limit is raised to its
    /// hard limit, and a warning names a hard limit too low for this. Default `10000`.
    pub max_connections: usize,
    /// File the process id is written to once the server is ready (mode 0600), and removed
    /// from at exit; after an upgrade (SIGUSR2) it names the new process. For operators
    /// without systemd: `kill -USR2 "$(cat FILE)"`. Empty (the default) writes none.
    /// Env `CUSTODY_SITE_SERVER_PID_FILE`.
    pub pid_file: String,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: "127.0.0.1:8080".into(),
            public_url: "http://127.0.0.1:8080".into(),
            server: ServerConfig::default(),
            site: SiteConfig::default(),
            iam: IamConfig::default(),
            login: EntityUrls::defaults("login"),
            logout: EntityUrls::defaults("logout"),
            analytics: AnalyticsConfig::default(),
            build_check: BuildCheckConfig::default(),
            links: LinksConfig::default(),
            contact: ContactConfig::default(),
            metrics: MetricsConfig::default(),
            log: LogConfig::default(),
            tls: TlsConfig::default(),
            previous_builds: PreviousBuildsConfig::default(),
        }
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            header_read_timeout_secs: 10,
            request_timeout_secs: 30,
            shutdown_grace_secs: 10,
            max_connections: 10_000,
            pid_file: String::new(),
        }
    }
}

/// Values given on the command line; they win over the file and the environment.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--listen`
    pub listen: Option<String>,
    /// `--public-url`
    pub public_url: Option<String>,
    /// `--log-format`
    pub log_format: Option<LogFormat>,
}

impl Config {
    /// Loads defaults, then `file` (if any), then the environment, then `overrides`; validates.
    pub fn load(file: Option<&Path>, overrides: &Overrides) -> anyhow::Result<Self> {
        let mut table = defaults();
        if let Some(path) = file {
            let from_file = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read config file {}", path.display()))?
                .parse::<Table>()
                .with_context(|| format!("config file {} is not valid TOML", path.display()))?;
            deep_merge(&mut table, from_file);
        }
        apply_env(&mut table, std::env::vars())?;
        if let Some(listen) = &overrides.listen {
            table.insert("listen".into(), Value::String(listen.clone()));
        }
        if let Some(url) = &overrides.public_url {
            table.insert("public_url".into(), Value::String(url.clone()));
        }
        if let Some(format) = overrides.log_format {
            let log = table
                .entry("log")
                .or_insert_with(|| Value::Table(Table::new()));
            if let Value::Table(log) = log {
                log.insert(
                    "format".into(),
                    Value::try_from(format).expect("a format serializes"),
                );
            }
        }
        let mut config: Config = table.try_into().context("invalid configuration")?;
        config.public_url = config.public_url.trim_end_matches('/').to_owned();
        config.validate()?;
        Ok(config)
    }

    /// Checks values the types cannot.
    pub fn validate(&self) -> anyhow::Result<()> {
        self.listen_addr()?;
        let Some(rest) = self
            .public_url
            .strip_prefix("https://")
            .or_else(|| self.public_url.strip_prefix("http://"))
        else {
            bail!(
                "public_url must start with http:// or https://, not `{}`",
                self.public_url
            );
        };
        if rest.is_empty() || rest.contains(['/', '?', '#', ' ', '"', '<', '>']) {
            bail!(
                "public_url must be a scheme and host (and port), without a path: `{}`",
                self.public_url
            );
        }
        for (key, url) in [
            ("iam.base_url", &self.iam.base_url),
            ("analytics.script_url", &self.analytics.script_url),
        ] {
            if !url.is_empty() && origin(url).is_none() {
                bail!("{key} must be empty or an absolute http(s) URL, not `{url}`");
            }
        }
        let entity_urls = [("login", &self.login), ("logout", &self.logout)]
            .into_iter()
            .flat_map(|(name, urls)| {
                [
                    ("sg.test", &urls.sg.test),
                    ("sg.main", &urls.sg.main),
                    ("hk.test", &urls.hk.test),
                    ("hk.main", &urls.hk.main),
                ]
                .map(|(key, url)| (format!("{name}.{key}"), url))
            });
        for (key, url) in
            entity_urls.chain([("links.insights_url".to_owned(), &self.links.insights_url)])
        {
            if origin(url).is_none() {
                bail!("{key} must be an absolute http(s) URL, not `{url}`");
            }
        }
        self.validate_contact()?;
        if let Some(metrics) = self.metrics_addr()?
            && Some(metrics) == self.listen_addr().ok()
        {
            bail!("metrics.listen must differ from listen (`{metrics}`)");
        }
        self.validate_tls()?;
        if self.server.max_connections == 0 {
            bail!("server.max_connections must be at least 1");
        }
        if self.build_check.interval_secs < 60 {
            bail!("build_check.interval_secs must be at least 60");
        }
        self.validate_previous_builds()
    }

    fn validate_contact(&self) -> anyhow::Result<()> {
        let contact = &self.contact;
        if contact.log.trim().is_empty() {
            bail!("contact.log must name a file for contact applications");
        }
        let header = contact.client_ip_header.trim();
        if !header.is_empty() && axum::http::HeaderName::try_from(header).is_err() {
            bail!(
                "contact.client_ip_header must be a header name such as x-forwarded-for, not `{header}`"
            );
        }
        if contact.webhook_url.is_empty() {
            return Ok(());
        }
        let (address, _) = crate::contact::webhook_url::split(&contact.webhook_url);
        let shown = crate::contact::webhook_url::shown(&contact.webhook_url);
        if origin(&address).is_none() {
            bail!("contact.webhook_url must be empty or an absolute http(s) URL, not `{shown}`");
        }
        if address.parse::<axum::http::Uri>().is_err() {
            bail!(
                "contact.webhook_url is not a valid URL: `{shown}` (credentials and query not shown)"
            );
        }
        crate::contact::signature::SigningKey::from_secret(&contact.webhook_secret)
            .context("contact.webhook_secret")?;
        if contact.webhook_timeout_secs == 0 || contact.webhook_retry_initial_ms == 0 {
            bail!(
                "contact.webhook_timeout_secs and contact.webhook_retry_initial_ms must be above 0"
            );
        }
        if contact.webhook_retry_max_secs * 1000 < contact.webhook_retry_initial_ms {
            bail!("contact.webhook_retry_max_secs must not be shorter than the first retry");
        }
        Ok(())
    }

    /// The address to listen on.
    pub fn listen_addr(&self) -> anyhow::Result<SocketAddr> {
        self.listen.parse().with_context(|| {
            format!(
                "listen must be an address like 127.0.0.1:8080, not `{}`",
                self.listen
            )
        })
    }

    /// The address of the metrics listener, when one is configured.
    pub fn metrics_addr(&self) -> anyhow::Result<Option<SocketAddr>> {
        let listen = self.metrics.listen.trim();
        if listen.is_empty() {
            return Ok(None);
        }
        listen.parse().map(Some).with_context(|| {
            format!(
                "metrics.listen must be empty or an address like 127.0.0.1:9464, not `{listen}`"
            )
        })
    }

    /// Whether the public URL is HTTPS (HSTS is sent only then).
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// Origins besides this site that pages may connect to: the identity service and the
    /// analytics provider, when configured.
    pub fn extra_connect_origins(&self) -> impl Iterator<Item = String> {
        [
            origin(&self.iam.base_url),
            origin(&self.analytics.script_url),
        ]
        .into_iter()
        .flatten()
    }

    /// Origins besides this site that may serve scripts: the analytics provider, when configured.
    pub fn extra_script_origins(&self) -> impl Iterator<Item = String> {
        origin(&self.analytics.script_url).into_iter()
    }

    /// The settings the browser needs, injected into every document (`runtime` in the page config).
    pub fn client_settings(&self) -> serde_json::Value {
        let environment = self.site.environment;
        let (login_sg, login_hk) = self.login.for_environment(environment);
        let (logout_sg, logout_hk) = self.logout.for_environment(environment);
        serde_json::json!({
            "environment": environment,
            "iamBase": self.iam.base_url.trim_end_matches('/'),
            "login": { "sg": login_sg, "hk": login_hk },
            "logout": { "sg": logout_sg, "hk": logout_hk },
            "analyticsScript": self.analytics.script_url,
            "buildCheckIntervalSecs": self.build_check.interval_secs,
            "insightsUrl": self.links.insights_url,
        })
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

    /// The pid file, when one is configured.
    pub fn pid_file(&self) -> Option<&Path> {
        let path = self.server.pid_file.trim();
        (!path.is_empty()).then(|| Path::new(path))
    }

    /// How long shutdown waits for in-flight requests.
    pub fn shutdown_grace(&self) -> Duration {
        Duration::from_secs(self.server.shutdown_grace_secs)
    }
}

/// Overlays `CUSTODY_SITE_*` variables on `table`, typed like the default of each key. A key's
/// variable is its path joined with `_` in upper case (`login.sg.test` → `CUSTODY_SITE_LOGIN_SG_TEST`).
/// `CUSTODY_SITE_CONFIG` names the file and `CUSTODY_SITE_UI_DIST` is for the build: neither is a key.
fn apply_env(
    table: &mut Table,
    vars: impl Iterator<Item = (String, String)>,
) -> anyhow::Result<()> {
    let defaults = defaults();
    let mut keys = Vec::new();
    leaf_keys(&defaults, &mut Vec::new(), &mut keys);
    for (name, raw) in vars {
        let Some(suffix) = name.strip_prefix(ENV_PREFIX) else {
            continue;
        };
        if NOT_KEYS.contains(&suffix) {
            continue;
        }
        let Some((path, default)) = keys
            .iter()
            .find(|(path, _)| path.join("_").eq_ignore_ascii_case(suffix))
        else {
            bail!("unknown environment variable {name}: no such configuration key");
        };
        let value = typed(default, &raw)
            .with_context(|| format!("{name}={raw:?} is not a valid {}", default.type_str()))?;
        let (field, sections) = path.split_last().expect("a key has a name");
        let mut target = &mut *table;
        for section in sections {
            let entry = target
                .entry(section.clone())
                .or_insert_with(|| Value::Table(Table::new()));
            let Value::Table(inner) = entry else {
                bail!("config key `{section}` must be a table")
            };
            target = inner;
        }
        target.insert(field.clone(), value);
    }
    Ok(())
}

/// The default configuration as a TOML table: the base every layer is merged onto, so a layer
/// may set any single key of a nested table.
fn defaults() -> Table {
    Table::try_from(Config::default()).expect("the default config serializes")
}

/// Merges `over` into `base`: tables key by key, everything else replaced. Unknown keys are
/// kept so that deserializing reports them.
fn deep_merge(base: &mut Table, over: Table) {
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(Value::Table(inner)), Value::Table(over_inner)) => deep_merge(inner, over_inner),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

/// Every non-table key of `table` with its path and default value.
fn leaf_keys<'a>(
    table: &'a Table,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, &'a Value)>,
) {
    for (key, value) in table {
        prefix.push(key.clone());
        match value {
            Value::Table(inner) => leaf_keys(inner, prefix, out),
            leaf => out.push((prefix.clone(), leaf)),
        }
        prefix.pop();
    }
}

/// `scheme://host[:port]` of an absolute http(s) URL.
pub fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next()?;
    let valid = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-.:[]".contains(c));
    valid.then(|| format!("{scheme}://{host}"))
}

fn typed(default: &Value, raw: &str) -> anyhow::Result<Value> {
    Ok(match default {
        Value::String(_) => Value::String(raw.to_owned()),
        Value::Integer(_) => Value::Integer(raw.trim().parse()?),
        Value::Boolean(_) => Value::Boolean(raw.trim().parse()?),
        Value::Float(_) => Value::Float(raw.trim().parse()?),
        Value::Array(_) => Value::Array(
            raw.split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(|item| Value::String(item.to_owned()))
                .collect(),
        ),
        other => bail!("cannot set a {} from the environment", other.type_str()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Iterator<Item = (String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<Vec<_>>()
            .into_iter()
    }

    #[test]
    fn environment_overrides_file_values_with_types() {
        let mut table = defaults();
        let file: Table = "listen = \"0.0.0.0:1\"\n[server]\nrequest_timeout_secs = 5\n"
            .parse()
            .unwrap();
        deep_merge(&mut table, file);
        apply_env(
            &mut table,
            env(&[
                ("CUSTODY_SITE_LISTEN", "127.0.0.1:9"),
                ("CUSTODY_SITE_SERVER_SHUTDOWN_GRACE_SECS", "3"),
                ("OTHER", "x"),
            ]),
        )
        .unwrap();
        let config: Config = table.try_into().unwrap();
        assert_eq!(config.listen, "127.0.0.1:9");
        assert_eq!(config.server.request_timeout_secs, 5);
        assert_eq!(config.server.shutdown_grace_secs, 3);
    }

    #[test]
    fn nested_keys_and_enums_come_from_the_environment() {
        let mut table = defaults();
        apply_env(
            &mut table,
            env(&[
                (
                    "CUSTODY_SITE_LOGIN_HK_TEST",
                    "https://login.hk.example/test",
                ),
                ("CUSTODY_SITE_SITE_ENVIRONMENT", "test"),
                ("CUSTODY_SITE_IAM_BASE_URL", "https://iam.custody.example"),
            ]),
        )
        .unwrap();
        let config: Config = table.try_into().unwrap();
        assert_eq!(config.login.hk.test, "https://login.hk.example/test");
        assert_eq!(
            config.login.sg.test,
            Config::default().login.sg.test,
            "other entity keeps its default"
        );
        assert_eq!(config.site.environment, Environment::Test);
        assert_eq!(
            config.extra_connect_origins().collect::<Vec<_>>(),
            ["https://iam.custody.example"]
        );
    }

    #[test]
    fn origins_of_urls() {
        assert_eq!(
            origin("https://a.example:8443/x?y#z").as_deref(),
            Some("https://a.example:8443")
        );
        assert_eq!(origin("javascript:alert(1)"), None);
        assert_eq!(origin("https://a.example'; script-src *"), None);
        assert_eq!(origin(""), None);
    }

    #[test]
    fn rejects_unknown_and_mistyped_variables() {
        let mut table = Table::new();
        assert!(apply_env(&mut table, env(&[("CUSTODY_SITE_LISTN", "x")])).is_err());
        assert!(
            apply_env(
                &mut table,
                env(&[("CUSTODY_SITE_SERVER_REQUEST_TIMEOUT_SECS", "soon")])
            )
            .is_err()
        );
    }

    #[test]
    fn validates_public_url() {
        let config = Config {
            public_url: "https://custody.example/path".into(),
            ..Config::default()
        };
        assert!(config.validate().is_err());
        let config = Config {
            public_url: "https://custody.example".into(),
            ..Config::default()
        };
        assert!(config.validate().is_ok());
        assert!(config.is_https());
    }
}
