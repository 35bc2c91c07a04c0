//! The rules of the configuration that its types cannot express: addresses that parse, absolute
//! URLs, a usable webhook, limits within range.

use anyhow::{Context, bail};

use super::origin;
use super::types::{AcmeChallenge, Config};

/// The longest `previous_builds.keep_hours` accepted: ten years.
const MAX_KEEP_HOURS: u64 = 87_600;
/// The most builds `previous_builds.keep_builds` may keep.
const MAX_KEEP_BUILDS: usize = 100;

impl Config {
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

    pub(super) fn validate_tls(&self) -> anyhow::Result<()> {
        let tls = &self.tls;
        let files = match (tls.cert.trim().is_empty(), tls.key.trim().is_empty()) {
            (true, true) => false,
            (false, false) => true,
            _ => bail!("tls.cert and tls.key go together: give both, or neither"),
        };
        let acme = self.acme().is_some();
        if files && acme {
            bail!(
                "tls.acme.domains and tls.cert/tls.key are two ways to get a certificate: set one"
            );
        }
        if !files && !acme {
            if !tls.redirect_listen.trim().is_empty() {
                bail!(
                    "tls.redirect_listen needs HTTPS to redirect to: tls.cert and tls.key, or tls.acme.domains"
                );
            }
            return Ok(());
        }
        if !self.is_https() {
            bail!(
                "with tls.cert and tls.key or tls.acme.domains the site is served over HTTPS, so public_url must start with https://, not `{}`",
                self.public_url
            );
        }
        if let Some(redirect) = self.tls_redirect_addr()? {
            let taken = [self.listen_addr().ok(), self.metrics_addr().ok().flatten()];
            if taken.contains(&Some(redirect)) {
                bail!(
                    "tls.redirect_listen must differ from listen and metrics.listen (`{redirect}`)"
                );
            }
        }
        if acme {
            self.validate_acme()?;
        }
        Ok(())
    }

    fn validate_acme(&self) -> anyhow::Result<()> {
        let acme = &self.tls.acme;
        for domain in &acme.domains {
            if !is_domain_name(domain) {
                bail!(
                    "tls.acme.domains: `{domain}` is not a domain name (letters, digits and hyphens between dots; no wildcard, no port)"
                );
            }
        }
        let host = public_host(&self.public_url);
        if !acme.domains.iter().any(|d| d.eq_ignore_ascii_case(host)) {
            bail!(
                "tls.acme.domains must include the host of public_url (`{host}`), or visitors get a certificate that does not name the site"
            );
        }
        if !acme.directory.starts_with("https://") || acme.directory.len() <= "https://".len() {
            bail!(
                "tls.acme.directory must be an https:// URL, not `{}`",
                acme.directory
            );
        }
        let email = acme.email.trim();
        if !email.is_empty()
            && (email.contains(char::is_whitespace)
                || !email
                    .split_once('@')
                    .is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.')))
        {
            bail!("tls.acme.email must be empty or an e-mail address, not `{email}`");
        }
        if acme.cache_dir.trim().is_empty() {
            bail!("tls.acme.cache_dir must name a directory for the account key and certificates");
        }
        if acme.challenge == AcmeChallenge::Http01 && self.tls_redirect_addr()?.is_none() {
            bail!(
                "tls.acme.challenge = \"http-01\" is answered on tls.redirect_listen: set it (e.g. 0.0.0.0:80)"
            );
        }
        Ok(())
    }

    pub(super) fn validate_previous_builds(&self) -> anyhow::Result<()> {
        let builds = &self.previous_builds;
        if builds.keep_hours > MAX_KEEP_HOURS {
            bail!(
                "previous_builds.keep_hours must be at most {MAX_KEEP_HOURS} (ten years), not {}",
                builds.keep_hours
            );
        }
        if !(1..=MAX_KEEP_BUILDS).contains(&builds.keep_builds) {
            bail!(
                "previous_builds.keep_builds must be from 1 to {MAX_KEEP_BUILDS}, not {}",
                builds.keep_builds
            );
        }
        Ok(())
    }
}

/// The host of an `http(s)://host[:port]` URL, without the port.
fn public_host(url: &str) -> &str {
    let authority = url.split_once("://").map_or(url, |(_, rest)| rest);
    match authority.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
        None => authority.split(':').next().unwrap_or_default(),
    }
}

/// A DNS name a certificate authority issues for over HTTP-01 or TLS-ALPN-01.
fn is_domain_name(name: &str) -> bool {
    name.len() <= 253
        && name.contains('.')
        && name.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::types::PreviousBuildsConfig;

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

    fn acme_config(domains: &[&str], public_url: &str) -> Config {
        let mut config = Config {
            public_url: public_url.into(),
            ..Config::default()
        };
        config.tls.acme.domains = domains.iter().map(|d| d.to_string()).collect();
        config
    }

    #[test]
    fn acme_needs_an_https_public_url_among_its_domains() {
        let config = acme_config(&["www.custody.example"], "https://www.custody.example");
        assert!(config.validate().is_ok());
        assert!(config.serves_tls());
        let other = acme_config(&["custody.example"], "https://www.custody.example");
        let error = other.validate().unwrap_err().to_string();
        assert!(error.contains("www.custody.example"), "{error}");
        let plain = acme_config(&["www.custody.example"], "http://www.custody.example");
        assert!(plain.validate().is_err());
        let with_port = acme_config(&["site.test"], "https://site.test:8443");
        assert!(with_port.validate().is_ok());
    }

    #[test]
    fn acme_refuses_wildcards_files_beside_it_and_http01_without_a_listener() {
        let wildcard = acme_config(&["*.custody.example"], "https://www.custody.example");
        assert!(wildcard.validate().is_err());
        let mut both = acme_config(&["www.custody.example"], "https://www.custody.example");
        both.tls.cert = "cert.pem".into();
        both.tls.key = "key.pem".into();
        assert!(both.validate().is_err());
        let mut http01 = acme_config(&["www.custody.example"], "https://www.custody.example");
        http01.tls.acme.challenge = AcmeChallenge::Http01;
        assert!(http01.validate().is_err());
        http01.tls.redirect_listen = "127.0.0.1:8081".into();
        assert!(http01.validate().is_ok());
    }

    #[test]
    fn previous_builds_limits_are_checked() {
        for (hours, builds, valid) in [
            (0, 1, true),
            (87_600, 100, true),
            (87_601, 5, false),
            (168, 0, false),
            (168, 101, false),
        ] {
            let config = Config {
                previous_builds: PreviousBuildsConfig {
                    keep_hours: hours,
                    keep_builds: builds,
                    ..PreviousBuildsConfig::default()
                },
                ..Config::default()
            };
            assert_eq!(
                config.validate().is_ok(),
                valid,
                "{hours} h, {builds} builds"
            );
        }
    }
}
