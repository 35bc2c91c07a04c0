//! The certificate each TLS handshake gets: one chain and key, replaced in place when its files
//! are reloaded or ACME renews it (handshakes already made keep theirs), and the TLS-ALPN-01
//! challenge certificates an ACME server asks for.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use anyhow::Context;
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;

use custody_metrics::metrics;

/// The ALPN protocol of a TLS-ALPN-01 validation (RFC 8737 §6.2).
pub const ACME_TLS_ALPN: &[u8] = b"acme-tls/1";

/// What the served certificate says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificateInfo {
    /// Serial number, lowercase hexadecimal.
    pub serial: String,
    /// Start of validity, seconds since the Unix epoch.
    pub not_before: i64,
    /// End of validity, seconds since the Unix epoch.
    pub not_after: i64,
    /// The DNS names and IP addresses it is valid for.
    pub names: Vec<String>,
}

impl CertificateInfo {
    /// Reads the end-entity certificate `der`.
    pub fn parse(der: &[u8]) -> anyhow::Result<Self> {
        let (_, certificate) = x509_parser::parse_x509_certificate(der)
            .map_err(|error| anyhow::anyhow!("not an X.509 certificate: {error}"))?;
        let names = certificate
            .subject_alternative_name()
            .ok()
            .flatten()
            .map(|extension| {
                extension
                    .value
                    .general_names
                    .iter()
                    .filter_map(|name| match name {
                        x509_parser::extensions::GeneralName::DNSName(dns) => {
                            Some((*dns).to_owned())
                        }
                        x509_parser::extensions::GeneralName::IPAddress(bytes) => ip_address(bytes),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        let validity = certificate.validity();
        Ok(Self {
            serial: certificate.raw_serial_as_string().replace(':', ""),
            not_before: validity.not_before.timestamp(),
            not_after: validity.not_after.timestamp(),
            names,
        })
    }

    /// Whether the certificate names `domain` (exactly, ignoring case).
    pub fn covers(&self, domain: &str) -> bool {
        self.names
            .iter()
            .any(|name| name.eq_ignore_ascii_case(domain))
    }

    /// Whether it is valid at `now` (seconds since the Unix epoch).
    pub fn valid_at(&self, now: i64) -> bool {
        self.not_before <= now && now < self.not_after
    }
}

fn ip_address(bytes: &[u8]) -> Option<String> {
    match bytes.len() {
        4 => Some(std::net::Ipv4Addr::from(<[u8; 4]>::try_from(bytes).ok()?).to_string()),
        16 => Some(std::net::Ipv6Addr::from(<[u8; 16]>::try_from(bytes).ok()?).to_string()),
        _ => None,
    }
}

/// A chain and its key, checked to belong together, with what the certificate says.
#[derive(Debug, Clone)]
pub struct ServedCertificate {
    /// What rustls presents.
    pub key: Arc<CertifiedKey>,
    /// The end-entity certificate's serial, validity and names.
    pub info: CertificateInfo,
}

impl ServedCertificate {
    /// A certificate from PEM text: the chain (end-entity certificate first) and its private
    /// key. Fails when either cannot be read or the key does not belong to the certificate.
    pub fn from_pem(chain_pem: &[u8], key_pem: &[u8]) -> anyhow::Result<Self> {
        Self::from_parts(read_chain(chain_pem)?, read_key(key_pem)?)
    }

    /// A certificate from its chain (end-entity certificate first) and private key. Fails when
    /// the chain is empty or the key does not belong to the certificate.
    pub fn from_parts(
        chain: Vec<CertificateDer<'static>>,
        key: PrivateKeyDer<'static>,
    ) -> anyhow::Result<Self> {
        let first = chain.first().context("no certificate in the chain")?;
        let info = CertificateInfo::parse(first)?;
        let certified = CertifiedKey::from_der(chain, key, &provider())
            .context("the private key does not belong to the certificate")?;
        Ok(Self {
            key: Arc::new(certified),
            info,
        })
    }
}

/// The certificates of a PEM text; fails when there are none.
pub fn read_chain(pem: &[u8]) -> anyhow::Result<Vec<CertificateDer<'static>>> {
    let chain = CertificateDer::pem_slice_iter(pem)
        .collect::<Result<Vec<_>, _>>()
        .context("not a PEM certificate chain")?;
    anyhow::ensure!(!chain.is_empty(), "holds no PEM certificate");
    Ok(chain)
}

/// The private key of a PEM text (PKCS#8, PKCS#1 or SEC1).
pub fn read_key(pem: &[u8]) -> anyhow::Result<PrivateKeyDer<'static>> {
    PrivateKeyDer::from_pem_slice(pem).context("holds no PEM private key")
}

/// The crypto provider of every TLS configuration of the site.
pub fn provider() -> CryptoProvider {
    rustls::crypto::ring::default_provider()
}

/// The certificates a TLS listener presents.
#[derive(Debug, Default)]
pub struct Certificates {
    current: RwLock<Option<ServedCertificate>>,
    challenges: RwLock<HashMap<String, Arc<CertifiedKey>>>,
}

impl Certificates {
    /// Serves `certificate` to every handshake from now on, and shows its expiry in the metrics.
    pub fn install(&self, certificate: ServedCertificate) {
        metrics().set_certificate_expiry(certificate.info.not_after);
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(certificate);
    }

    /// What the served certificate says, when one is served.
    pub fn info(&self) -> Option<CertificateInfo> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|served| served.info.clone())
    }

    /// Answers TLS-ALPN-01 validations of `domain` with `key` (`None` withdraws it).
    pub fn set_challenge(&self, domain: &str, key: Option<Arc<CertifiedKey>>) {
        let mut challenges = self.challenges.write().unwrap_or_else(|e| e.into_inner());
        match key {
            Some(key) => challenges.insert(domain.to_ascii_lowercase(), key),
            None => challenges.remove(&domain.to_ascii_lowercase()),
        };
    }
}

impl ResolvesServerCert for Certificates {
    fn resolve(&self, hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        let validation = hello
            .alpn()
            .is_some_and(|mut protocols| protocols.any(|p| p == ACME_TLS_ALPN));
        if validation {
            let domain = hello.server_name()?.to_ascii_lowercase();
            return self
                .challenges
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .get(&domain)
                .cloned();
        }
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|served| served.key.clone())
    }
}
