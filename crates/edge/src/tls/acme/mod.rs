//! Certificates from an ACME certificate authority (RFC 8555): the account, one order per
//! certificate validated by TLS-ALPN-01 or HTTP-01, the cache that keeps both across restarts,
//! and the background task that obtains a certificate at first start and renews it a third of
//! its lifetime before it expires, retrying failures with backoff. The served certificate is
//! replaced in place: no restart, no handshake without a certificate once one was obtained.

mod account;
mod cache;
mod challenge;
mod order;

pub use challenge::Http01Answers;

use std::sync::Arc;
use std::time::Duration;

use self::account::{AcmeHttp, account};
use self::cache::Cache;
use self::challenge::Responder;
use self::order::{OrderFailure, order_certificate};
use super::certificates::{CertificateInfo, Certificates, ServedCertificate};
use crate::config::{AcmeChallenge, AcmeConfig};
use custody_metrics::metrics;

/// The first wait after a failed attempt; each further failure doubles it.
const FIRST_RETRY: Duration = Duration::from_secs(30);
/// The longest wait between two attempts.
const LONGEST_RETRY: Duration = Duration::from_secs(60 * 60);

/// Obtains and renews the certificate of the configured domains.
#[derive(Debug)]
pub struct Acme {
    domains: Vec<String>,
    email: Option<String>,
    directory: String,
    http: AcmeHttp,
    cache: Cache,
    certificates: Arc<Certificates>,
    responder: Responder,
}

impl Acme {
    /// The ACME client of `settings`, serving its certificates through `certificates`. Fails
    /// when `directory_ca` cannot be read.
    pub fn new(settings: &AcmeConfig, certificates: Arc<Certificates>) -> anyhow::Result<Self> {
        let ca = settings.directory_ca.as_deref();
        let responder = match settings.challenge {
            AcmeChallenge::TlsAlpn01 => Responder::TlsAlpn(certificates.clone()),
            AcmeChallenge::Http01 => Responder::Http(Arc::default()),
        };
        let domains: Vec<String> = settings
            .domains
            .iter()
            .map(|domain| domain.to_ascii_lowercase())
            .collect();
        Ok(Self {
            cache: Cache::new(&settings.cache_dir, settings.directory.as_str(), &domains),
            domains,
            email: settings.email.clone(),
            directory: settings.directory.as_str().to_owned(),
            http: AcmeHttp::new(ca)?,
            certificates,
            responder,
        })
    }

    /// The answers the plain-HTTP listener gives to HTTP-01 validations, with that challenge.
    pub fn http01_answers(&self) -> Option<Arc<Http01Answers>> {
        match &self.responder {
            Responder::Http(answers) => Some(answers.clone()),
            Responder::TlsAlpn(_) => None,
        }
    }

    /// Serves the certificate kept in the cache, when it names every domain and has not
    /// expired, so a restart serves HTTPS at once.
    pub fn serve_cached(&self) {
        let Some(pem) = self.cache.certificate() else {
            return;
        };
        match ServedCertificate::from_pem(&pem, &pem) {
            Ok(certificate) if self.usable(&certificate.info) => {
                tracing::info!(serial = %certificate.info.serial, not_after = certificate.info.not_after, "serving the ACME certificate kept in the cache");
                self.certificates.install(certificate);
            }
            Ok(_) => tracing::info!(
                path = %self.cache.certificate_path().display(),
                "the cached certificate has expired or does not name every domain; ordering a new one"
            ),
            Err(error) => tracing::warn!(
                path = %self.cache.certificate_path().display(),
                error = %format!("{error:#}"),
                "the cached certificate is unreadable; ordering a new one"
            ),
        }
    }

    /// Obtains a certificate when none is served, then renews it before it expires, forever.
    pub async fn run(self: Arc<Self>) {
        let mut retry = FIRST_RETRY;
        loop {
            let wait = self
                .certificates
                .info()
                .filter(|info| self.usable(info))
                .map_or(Duration::ZERO, |info| until(renewal_time(&info)));
            if !wait.is_zero() {
                tracing::info!(
                    renew_in_secs = wait.as_secs(),
                    "the certificate is valid; renewal scheduled"
                );
                tokio::time::sleep(wait).await;
            }
            match self.obtain().await {
                Ok(info) => {
                    retry = FIRST_RETRY;
                    tracing::info!(serial = %info.serial, not_after = info.not_after, domains = ?self.domains, "obtained a certificate from the ACME directory; new handshakes get it");
                }
                Err(failure) => {
                    metrics().tls_renewal_failures.inc();
                    tracing::error!(
                        directory = %self.directory,
                        error = %format!("{:#}", failure.error),
                        problem = failure.problem.as_deref().unwrap_or("none"),
                        retry_in_secs = retry.as_secs(),
                        "could not obtain a certificate from the ACME directory; the certificate in service (if any) stays"
                    );
                    tokio::time::sleep(retry).await;
                    retry = (retry * 2).min(LONGEST_RETRY);
                }
            }
        }
    }

    /// One order: a new certificate, served and saved in the cache.
    async fn obtain(&self) -> Result<CertificateInfo, OrderFailure> {
        let account = account(
            &self.http,
            &self.cache,
            &self.directory,
            self.email.as_deref(),
        )
        .await?;
        let issued = order_certificate(&account, &self.domains, &self.responder).await?;
        let certificate =
            ServedCertificate::from_pem(issued.chain_pem.as_bytes(), issued.key_pem.as_bytes())?;
        if let Err(error) = self
            .cache
            .save_certificate(&issued.key_pem, &issued.chain_pem)
        {
            tracing::error!(path = %self.cache.certificate_path().display(), %error, "cannot keep the new certificate in tls.acme.cache_dir; it is served, but a restart orders another");
        }
        let info = certificate.info.clone();
        self.certificates.install(certificate);
        Ok(info)
    }

    /// Whether `info` names every domain and is valid now.
    fn usable(&self, info: &CertificateInfo) -> bool {
        info.valid_at(jiff::Timestamp::now().as_second())
            && self.domains.iter().all(|domain| info.covers(domain))
    }
}

/// When a certificate is renewed: a third of its lifetime before it expires.
fn renewal_time(info: &CertificateInfo) -> i64 {
    info.not_after - (info.not_after - info.not_before) / 3
}

/// The time from now until `at` (seconds since the Unix epoch); zero when it has passed.
fn until(at: i64) -> Duration {
    let now = jiff::Timestamp::now().as_second();
    Duration::from_secs(u64::try_from(at - now).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_certificate_is_renewed_with_a_third_of_its_lifetime_left() {
        let info = CertificateInfo {
            serial: "01".into(),
            not_before: 0,
            not_after: 90 * 86_400,
            names: vec!["www.custody.example".into()],
        };
        assert_eq!(renewal_time(&info), 60 * 86_400);
        assert!(info.covers("WWW.custody.example"));
        assert!(!info.covers("custody.example"));
        assert_eq!(until(0), Duration::ZERO);
    }
}
