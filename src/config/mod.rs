//! Configuration: its types (`types.rs`, with `tls.rs` and `previous_builds.rs` for their
//! sections), its layers of defaults, file, environment and flags (`layering.rs`), its rules
//! (`validation.rs`), and here the values the server reads from it.

mod layering;
mod types;
mod validation;

pub use layering::{ENV_PREFIX, Overrides};
pub use types::{
    AcmeChallenge, AcmeConfig, AnalyticsConfig, BuildCheckConfig, Config, ContactConfig,
    EntityUrls, Environment, EnvironmentUrls, IamConfig, LinksConfig, LogConfig, LogFormat,
    MetricsConfig, PreviousBuildsConfig, ServerConfig, SiteConfig, TlsConfig,
};

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use anyhow::Context;

impl Config {
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
        optional_addr("metrics.listen", &self.metrics.listen, "127.0.0.1:9464")
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

    /// The certificate and key files, when HTTPS is configured with files.
    pub fn tls_files(&self) -> Option<(&Path, &Path)> {
        let (cert, key) = (self.tls.cert.trim(), self.tls.key.trim());
        (!cert.is_empty() && !key.is_empty()).then(|| (Path::new(cert), Path::new(key)))
    }

    /// The ACME settings, when certificates are obtained automatically.
    pub fn acme(&self) -> Option<&AcmeConfig> {
        (!self.tls.acme.domains.is_empty()).then_some(&self.tls.acme)
    }

    /// Whether `listen` serves HTTPS (from files or with ACME).
    pub fn serves_tls(&self) -> bool {
        self.tls_files().is_some() || self.acme().is_some()
    }

    /// The address of the HTTP→HTTPS redirect listener, when one is configured.
    pub fn tls_redirect_addr(&self) -> anyhow::Result<Option<SocketAddr>> {
        optional_addr(
            "tls.redirect_listen",
            &self.tls.redirect_listen,
            "0.0.0.0:80",
        )
    }
}

/// The socket address of the key `key` (`value`), `None` when it is empty; the error shows an
/// address like `example`.
fn optional_addr(key: &str, value: &str, example: &str) -> anyhow::Result<Option<SocketAddr>> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    value
        .parse()
        .map(Some)
        .with_context(|| format!("{key} must be empty or an address like {example}, not `{value}`"))
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
