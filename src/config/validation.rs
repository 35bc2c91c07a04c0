//! The rules of the configuration that its types cannot express: keys that go together or
//! apart, a usable webhook, limits within range.

use anyhow::{Context, bail};

use custody_edge::config::AcmeChallenge;

use super::types::Config;

/// The longest `previous_builds.keep_hours` accepted: ten years.
const MAX_KEEP_HOURS: u64 = 87_600;
/// The most builds `previous_builds.keep_builds` may keep.
const MAX_KEEP_BUILDS: usize = 100;

impl Config {
    /// Checks values the types cannot.
    pub fn validate(&self) -> anyhow::Result<()> {
        self.validate_contact()?;
        if self.metrics.listen == Some(self.listen) {
            bail!("metrics.listen must differ from listen (`{}`)", self.listen);
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
        if contact.log.as_os_str().is_empty() {
            bail!("contact.log must name a file for contact applications");
        }
        custody_applications::confirmation_key::ConfirmationKey::check(&contact.confirmation_key)
            .context("contact.confirmation_key")?;
        if contact.webhook_url.is_none() {
            return Ok(());
        }
        custody_applications::signature::SigningKey::from_secret(&contact.webhook_secret)
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
        let files = match (&tls.cert, &tls.key) {
            (None, None) => false,
            (Some(_), Some(_)) => true,
            _ => bail!("tls.cert and tls.key go together: give both, or neither"),
        };
        let acme = tls.acme().is_some();
        if files && acme {
            bail!(
                "tls.acme.domains and tls.cert/tls.key are two ways to get a certificate: set one"
            );
        }
        if !files && !acme {
            if tls.redirect_listen.is_some() {
                bail!(
                    "tls.redirect_listen needs HTTPS to redirect to: tls.cert and tls.key, or tls.acme.domains"
                );
            }
            return Ok(());
        }
        if !self.public_url.is_https() {
            bail!(
                "with tls.cert and tls.key or tls.acme.domains the site is served over HTTPS, so public_url must start with https://, not `{}`",
                self.public_url
            );
        }
        if let Some(redirect) = tls.redirect_listen
            && (redirect == self.listen || self.metrics.listen == Some(redirect))
        {
            bail!("tls.redirect_listen must differ from listen and metrics.listen (`{redirect}`)");
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
        let host = self.public_url.host();
        if !acme.domains.iter().any(|d| d.eq_ignore_ascii_case(host)) {
            bail!(
                "tls.acme.domains must include the host of public_url (`{host}`), or visitors get a certificate that does not name the site"
            );
        }
        if !acme.directory.is_https() {
            bail!(
                "tls.acme.directory must be an https:// URL, not `{}`",
                acme.directory
            );
        }
        if let Some(email) = &acme.email
            && (email.contains(char::is_whitespace)
                || !email
                    .split_once('@')
                    .is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.')))
        {
            bail!("tls.acme.email must be empty or an e-mail address, not `{email}`");
        }
        if acme.cache_dir.as_os_str().is_empty() {
            bail!("tls.acme.cache_dir must name a directory for the account key and certificates");
        }
        if acme.challenge == AcmeChallenge::Http01 && self.tls.redirect_listen.is_none() {
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
    use custody_site::previous::PreviousBuildsConfig;

    #[test]
    fn listeners_differ() {
        let mut config = Config::default();
        config.metrics.listen = Some(config.listen);
        assert!(config.validate().is_err());
        config.metrics.listen = "127.0.0.1:9464".parse().ok();
        assert!(config.validate().is_ok());
    }

    fn acme_config(domains: &[&str], public_url: &str) -> Config {
        let mut config = Config {
            public_url: public_url.parse().unwrap(),
            ..Config::default()
        };
        config.tls.acme.domains = domains.iter().map(|d| d.to_string()).collect();
        config
    }

    #[test]
    fn acme_needs_an_https_public_url_among_its_domains() {
        let config = acme_config(&["www.custody.example"], "https://www.custody.example");
        assert!(config.validate().is_ok());
        assert!(config.tls.acme().is_some(), "served over HTTPS with ACME");
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
        both.tls.cert = Some("cert.pem".into());
        both.tls.key = Some("key.pem".into());
        assert!(both.validate().is_err());
        let mut http01 = acme_config(&["www.custody.example"], "https://www.custody.example");
        http01.tls.acme.challenge = AcmeChallenge::Http01;
        assert!(http01.validate().is_err());
        http01.tls.redirect_listen = "127.0.0.1:8081".parse().ok();
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
