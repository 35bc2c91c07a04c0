//! `[tls]` and `[tls.acme]`: native HTTPS, with certificate files or from an ACME certificate
//! authority.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use custody_config_values::defaults::default_from_serde;
use custody_config_values::text_value::optional;
use custody_config_values::urls::HttpUrl;

/// `[tls]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TlsConfig {
    /// PEM file with the certificate chain (the site's certificate first). With `key`, `listen`
    /// serves HTTPS only (HTTP/2 and HTTP/1.1 by ALPN, TLS 1.2 and 1.3) and `public_url` must be
    /// `https://`. Empty: plain HTTP, for a proxy that terminates TLS, unless `tls.acme.domains`
    /// is set. SIGHUP (`systemctl reload`) reads the pair again: new handshakes get the new
    /// certificate, a broken pair is refused and the old one kept. Env `CUSTODY_SITE_TLS_CERT`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub cert: Option<PathBuf>,
    /// PEM file with the certificate's private key (PKCS#8, PKCS#1 or SEC1); readable by the
    /// service only. Env `CUSTODY_SITE_TLS_KEY`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub key: Option<PathBuf>,
    /// Socket address of a plain-HTTP listener that answers every request with a redirect to
    /// the same path on `public_url` (e.g. `0.0.0.0:80`), and ACME HTTP-01 challenges. Needs
    /// HTTPS (`cert` and `key`, or `acme.domains`). Empty: no such listener.
    /// Env `CUSTODY_SITE_TLS_REDIRECT_LISTEN`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub redirect_listen: Option<SocketAddr>,
    /// Certificates obtained and renewed automatically from an ACME certificate authority.
    #[serde(default)]
    pub acme: AcmeConfig,
}

impl TlsConfig {
    /// The certificate and key files, when HTTPS is configured with files.
    pub fn files(&self) -> Option<(&Path, &Path)> {
        self.cert.as_deref().zip(self.key.as_deref())
    }

    /// The ACME settings, when certificates are obtained automatically.
    pub fn acme(&self) -> Option<&AcmeConfig> {
        (!self.acme.domains.is_empty()).then_some(&self.acme)
    }
}

/// `[tls.acme]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AcmeConfig {
    /// Domain names of the certificate (the host of `public_url` among them). Set, `listen`
    /// serves HTTPS with a certificate obtained from `directory` at first start and renewed in
    /// the background a third of its lifetime before it expires; `cert` and `key` must then be
    /// empty. Empty: no ACME. Env `CUSTODY_SITE_TLS_ACME_DOMAINS` (comma-separated).
    #[serde(default)]
    pub domains: Vec<String>,
    /// Contact e-mail address given to the certificate authority for expiry and policy notices.
    /// Empty: the account is registered without one. Env `CUSTODY_SITE_TLS_ACME_EMAIL`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub email: Option<String>,
    /// ACME directory URL of the certificate authority, `https://`: by default Let's Encrypt
    /// production; its staging directory, for trials, is
    /// `https://acme-staging-v02.api.letsencrypt.org/directory`.
    /// Env `CUSTODY_SITE_TLS_ACME_DIRECTORY`.
    #[serde(default = "lets_encrypt")]
    pub directory: HttpUrl,
    /// PEM file of certificate authorities trusted for the directory's HTTPS besides the public
    /// roots (a private or test ACME server). Empty: the public roots only.
    /// Env `CUSTODY_SITE_TLS_ACME_DIRECTORY_CA`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub directory_ca: Option<PathBuf>,
    /// Directory holding the ACME account key and the certificates (mode 0700, files 0600),
    /// created when missing; keep it across restarts so that no new certificate is ordered at
    /// each start. Env `CUSTODY_SITE_TLS_ACME_CACHE_DIR`.
    #[serde(default = "default_cache_dir")]
    pub cache_dir: PathBuf,
    /// How the certificate authority checks that this server answers for the domains:
    /// `tls-alpn-01` on the HTTPS listener itself (port 443 must be reachable), or `http-01` on
    /// `tls.redirect_listen` (port 80). Env `CUSTODY_SITE_TLS_ACME_CHALLENGE`.
    #[serde(default)]
    pub challenge: AcmeChallenge,
}

default_from_serde!(TlsConfig, AcmeConfig);

/// Let's Encrypt's production directory.
fn lets_encrypt() -> HttpUrl {
    "https://acme-v02.api.letsencrypt.org/directory"
        .parse()
        .expect("a valid URL")
}

fn default_cache_dir() -> PathBuf {
    "data/acme".into()
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
