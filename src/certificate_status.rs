//! The readiness check's view of the certificate the edge serves: the site asks a
//! [`CertificateStatus`], and this answers it from the edge's TLS state, so the site's library
//! needs no TLS library of its own.

use std::sync::Arc;

use custody_edge::tls::Tls;
use custody_site::http::certificate_status::{CertificateStatus, ServedCertificate};

/// The certificate of the edge's `Tls`, as readiness reports it.
#[derive(Debug)]
pub struct EdgeCertificate(pub Arc<Tls>);

impl CertificateStatus for EdgeCertificate {
    fn served(&self) -> ServedCertificate {
        let info = self.0.certificates.info();
        ServedCertificate {
            valid: self.0.serves_valid_certificate(),
            serial: info.as_ref().map(|info| info.serial.clone()),
            not_after: info.as_ref().map(|info| info.not_after),
        }
    }
}
