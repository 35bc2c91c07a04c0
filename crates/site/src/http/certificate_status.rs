//! What the readiness check reports of the certificate served, when the site serves HTTPS itself.
//! The server that holds the certificates (the binary, over the edge's TLS state) hands the site
//! a [`CertificateStatus`] to ask, so the site needs none of the TLS libraries.

use std::fmt::Debug;

/// The certificate served now, as the readiness check reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServedCertificate {
    /// Whether a certificate valid now is served (also while a renewal is under way).
    pub valid: bool,
    /// Its serial number, lowercase hexadecimal; `None` while no certificate is served.
    pub serial: Option<String>,
    /// The end of its validity, seconds since the Unix epoch; `None` while no certificate is
    /// served.
    pub not_after: Option<i64>,
}

/// Where the readiness check reads the served certificate from.
pub trait CertificateStatus: Debug + Send + Sync {
    /// The certificate served at this moment.
    fn served(&self) -> ServedCertificate;
}
