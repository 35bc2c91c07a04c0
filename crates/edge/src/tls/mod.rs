//! Native HTTPS: a rustls server configuration offering HTTP/2 and HTTP/1.1 by ALPN, whose
//! certificate comes from PEM files (reloaded on SIGHUP) or from an ACME certificate authority
//! (obtained and renewed in the background), and the plain-HTTP listener that sends every
//! request to the same path on the HTTPS site.

pub(crate) mod acme;
pub mod certificates;
mod files;
mod policy;
mod redirect;

pub use redirect::redirect_router;

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use tokio_rustls::TlsAcceptor;

use self::acme::{Acme, Http01Answers};
use self::certificates::{ACME_TLS_ALPN, CertificateInfo, Certificates};
use crate::config::{AcmeChallenge, TlsConfig};
use custody_metrics::metrics;

/// HTTPS of the site: the certificates served and where they come from.
#[derive(Debug)]
pub struct Tls {
    /// The certificate every handshake gets (and the TLS-ALPN-01 challenge certificates).
    pub certificates: Arc<Certificates>,
    server: Arc<rustls::ServerConfig>,
    source: Source,
}

#[derive(Debug)]
enum Source {
    Files { cert: PathBuf, key: PathBuf },
    Acme(Arc<Acme>),
}

impl Tls {
    /// HTTPS as `config` (`[tls]`) sets it up, or `None` for plain HTTP. Certificate files are read now
    /// (an unusable pair fails with the key at fault named); with ACME, a certificate kept in
    /// the cache directory is served at once, and [`Tls::start`] obtains or renews one.
    pub fn from_config(config: &TlsConfig) -> anyhow::Result<Option<Self>> {
        let certificates = Arc::new(Certificates::default());
        let (source, alpn_challenge) = if let Some((cert, key)) = config.files() {
            certificates.install(files::read_pair(cert, key)?);
            let source = Source::Files {
                cert: cert.to_path_buf(),
                key: key.to_path_buf(),
            };
            (source, false)
        } else if let Some(settings) = config.acme() {
            let acme = Acme::new(settings, certificates.clone())?;
            acme.serve_cached();
            (
                Source::Acme(Arc::new(acme)),
                settings.challenge == AcmeChallenge::TlsAlpn01,
            )
        } else {
            return Ok(None);
        };
        let server = server_config(certificates.clone(), alpn_challenge)?;
        Ok(Some(Self {
            certificates,
            server: Arc::new(server),
            source,
        }))
    }

    /// The acceptor of the HTTPS listener.
    pub fn acceptor(&self) -> TlsAcceptor {
        TlsAcceptor::from(self.server.clone())
    }

    /// The HTTP-01 answers the plain-HTTP listener gives, when ACME validates over HTTP-01.
    pub fn http01_answers(&self) -> Option<Arc<Http01Answers>> {
        match &self.source {
            Source::Acme(acme) => acme.http01_answers(),
            Source::Files { .. } => None,
        }
    }

    /// Starts obtaining and renewing the certificate in the background, with ACME.
    pub fn start(&self) {
        if let Source::Acme(acme) = &self.source {
            tokio::spawn(acme.clone().run());
        }
    }

    /// Reads the certificate files again (SIGHUP): a usable pair is served to every new
    /// handshake; a broken or mismatched one is refused with an error line and the certificate
    /// in service stays. With ACME there are no files to read.
    pub fn reload(&self) -> anyhow::Result<Option<CertificateInfo>> {
        let Source::Files { cert, key } = &self.source else {
            tracing::info!(
                "certificates come from ACME and renew by themselves: nothing to reload"
            );
            return Ok(None);
        };
        match files::read_pair(cert, key) {
            Ok(certificate) => {
                let info = certificate.info.clone();
                self.certificates.install(certificate);
                tracing::info!(serial = %info.serial, not_after = info.not_after, "reloaded the certificate: new handshakes get it");
                Ok(Some(info))
            }
            Err(error) => {
                metrics().tls_reload_failures.inc();
                tracing::error!(error = %format!("{error:#}"), "the certificate files were not reloaded; the certificate in service stays");
                Err(error)
            }
        }
    }

    /// Whether a certificate valid now is being served.
    pub fn serves_valid_certificate(&self) -> bool {
        let now = jiff::Timestamp::now().as_second();
        self.certificates
            .info()
            .is_some_and(|info| info.valid_at(now))
    }
}

/// Whether a finished handshake was an ACME TLS-ALPN-01 validation, which gets no HTTP.
pub fn is_validation(connection: &rustls::ServerConnection) -> bool {
    connection.alpn_protocol() == Some(ACME_TLS_ALPN)
}

/// A rustls server configuration presenting the certificates of `resolver`; TLS-ALPN-01
/// validations are accepted when `alpn_challenge` is set.
fn server_config(
    resolver: Arc<Certificates>,
    alpn_challenge: bool,
) -> anyhow::Result<rustls::ServerConfig> {
    let mut tls = rustls::ServerConfig::builder_with_provider(policy::provider())
        .with_safe_default_protocol_versions()
        .context("TLS protocol versions")?
        .with_no_client_auth()
        .with_cert_resolver(resolver);
    policy::apply(&mut tls)?;
    tls.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    if alpn_challenge {
        tls.alpn_protocols.push(ACME_TLS_ALPN.to_vec());
    }
    Ok(tls)
}
