//! The configuration's types: every section and key, with its default and its documentation
//! (docs/config.toml is generated from them).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::secret::Secret;

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

/// Let's Encrypt's production directory, the default of `tls.acme.directory`.
pub const LETS_ENCRYPT: &str = "https://acme-v02.api.letsencrypt.org/directory";

/// `[tls]`
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TlsConfig {
    /// PEM file with the certificate chain (the site's certificate first). With `key`, `listen`
    /// serves HTTPS only (HTTP/2 and HTTP/1.1 by ALPN, TLS 1.2 and 1.3) and `public_url` must be
    /// `https://`. Empty (the default) serves plain HTTP, for a proxy that terminates TLS, unless
    /// `tls.acme.domains` is set. SIGHUP (`systemctl reload`) reads the pair again: new
    /// handshakes get the new certificate, a broken pair is refused and the old one kept.
    /// Env `CUSTODY_SITE_TLS_CERT`.
    pub cert: String,
    /// PEM file with the certificate's private key (PKCS#8, PKCS#1 or SEC1); readable by the
    /// service only. Env `CUSTODY_SITE_TLS_KEY`.
    pub key: String,
    /// Socket address of a plain-HTTP listener that answers every request with a redirect to
    /// the same path on `public_url` (e.g. `0.0.0.0:80`), and ACME HTTP-01 challenges. Needs
    /// HTTPS (`cert` and `key`, or `acme.domains`). Empty (the default) opens no such listener.
    /// Env `CUSTODY_SITE_TLS_REDIRECT_LISTEN`.
    pub redirect_listen: String,
    /// Certificates obtained and renewed automatically from an ACME certificate authority.
    pub acme: AcmeConfig,
}

/// `[tls.acme]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct AcmeConfig {
    /// Domain names of the certificate (the host of `public_url` among them). Set, `listen`
    /// serves HTTPS with a certificate obtained from `directory` at first start and renewed in
    /// the background a third of its lifetime before it expires; `cert` and `key` must then be
    /// empty. Empty (the default): no ACME. Env `CUSTODY_SITE_TLS_ACME_DOMAINS`
    /// (comma-separated).
    pub domains: Vec<String>,
    /// Contact e-mail address given to the certificate authority for expiry and policy notices.
    /// Empty (the default) registers without one. Env `CUSTODY_SITE_TLS_ACME_EMAIL`.
    pub email: String,
    /// ACME directory URL of the certificate authority. Default Let's Encrypt production,
    /// `https://acme-v02.api.letsencrypt.org/directory`; its staging directory, for trials, is
    /// `https://acme-staging-v02.api.letsencrypt.org/directory`.
    /// Env `CUSTODY_SITE_TLS_ACME_DIRECTORY`.
    pub directory: String,
    /// PEM file of certificate authorities trusted for the directory's HTTPS besides the public
    /// roots (a private or test ACME server). Empty (the default): the public roots only.
    /// Env `CUSTODY_SITE_TLS_ACME_DIRECTORY_CA`.
    pub directory_ca: String,
    /// Directory holding the ACME account key and the certificates (mode 0700, files 0600),
    /// created when missing; keep it across restarts so that no new certificate is ordered at
    /// each start. Default `data/acme`. Env `CUSTODY_SITE_TLS_ACME_CACHE_DIR`.
    pub cache_dir: String,
    /// How the certificate authority checks that this server answers for the domains:
    /// `tls-alpn-01` (the default) on the HTTPS listener itself (port 443 must be reachable), or
    /// `http-01` on `tls.redirect_listen` (port 80). Env `CUSTODY_SITE_TLS_ACME_CHALLENGE`.
    pub challenge: AcmeChallenge,
}

/// An ACME challenge type this server can answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum AcmeChallenge {
    /// TLS-ALPN-01 (RFC 8737), on the HTTPS listener.
    #[default]
    #[serde(rename = "tls-alpn-01")]
    TlsAlpn01,
    /// HTTP-01 (RFC 8555 §8.3), on the plain-HTTP redirect listener.
    #[serde(rename = "http-01")]
    Http01,
}

impl Default for AcmeConfig {
    fn default() -> Self {
        Self {
            domains: Vec::new(),
            email: String::new(),
            directory: LETS_ENCRYPT.into(),
            directory_ca: String::new(),
            cache_dir: "data/acme".into(),
            challenge: AcmeChallenge::default(),
        }
    }
}

/// `[previous_builds]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct PreviousBuildsConfig {
    /// Directory where each binary stores its UI build's immutable files (everything under
    /// `/_app/` but `latest.json`) after it starts, so that the binaries after it serve them to
    /// pages still open from before an upgrade; created with mode 0700 when missing, relative
    /// to the working directory. One per instance, never shared. Empty disables previous builds.
    /// Default `data/builds`. Env `CUSTODY_SITE_PREVIOUS_BUILDS_DIR`.
    pub dir: String,
    /// Hours the files of a previous build are served after this binary first found it in
    /// `dir` (its retirement); then they are deleted. `0` disables previous builds. Default
    /// `168` (a week). Env `CUSTODY_SITE_PREVIOUS_BUILDS_KEEP_HOURS`.
    pub keep_hours: u64,
    /// The most previous builds served and kept, the most recently retired first; older ones
    /// are deleted. From 1 to 100. Default `5`. Env `CUSTODY_SITE_PREVIOUS_BUILDS_KEEP_BUILDS`.
    pub keep_builds: usize,
}

impl Default for PreviousBuildsConfig {
    fn default() -> Self {
        Self {
            dir: "data/builds".into(),
            keep_hours: 168,
            keep_builds: 5,
        }
    }
}
