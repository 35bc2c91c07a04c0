//! `[tls]`: native HTTPS, with a certificate from files or obtained and renewed automatically
//! over ACME.

use std::net::SocketAddr;
use std::path::Path;

use anyhow::{Context, bail};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Config;

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

impl Config {
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
        let listen = self.tls.redirect_listen.trim();
        if listen.is_empty() {
            return Ok(None);
        }
        listen.parse().map(Some).with_context(|| {
            format!(
                "tls.redirect_listen must be empty or an address like 0.0.0.0:80, not `{listen}`"
            )
        })
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
}
