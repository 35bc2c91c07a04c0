//! Whom the webhook client trusts: the public web PKI (Mozilla's roots, built in), plus the
//! certificates of `contact.webhook_ca` for a receiver on a private PKI.

use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use rustls::{ClientConfig, RootCertStore};

use super::settings::ContactConfig;

/// The TLS configuration of the webhook client. Fails, naming `contact.webhook_ca`, when that
/// file cannot be read or holds no usable certificate.
pub fn client_config(config: &ContactConfig) -> anyhow::Result<ClientConfig> {
    let mut roots = RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    if let Some(bundle) = &config.webhook_ca {
        for certificate in private_roots(bundle)? {
            roots.add(certificate).with_context(|| {
                format!(
                    "contact.webhook_ca: {} holds a certificate that cannot be a root",
                    bundle.display()
                )
            })?;
        }
    }
    Ok(
        ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .context("TLS protocol versions")?
            .with_root_certificates(roots)
            .with_no_client_auth(),
    )
}

/// The certificates of the PEM bundle at `path`; at least one.
fn private_roots(path: &Path) -> anyhow::Result<Vec<CertificateDer<'static>>> {
    let certificates = CertificateDer::pem_file_iter(path)
        .and_then(Iterator::collect::<Result<Vec<_>, _>>)
        .with_context(|| {
            format!(
                "contact.webhook_ca: cannot read PEM certificates from {}",
                path.display()
            )
        })?;
    if certificates.is_empty() {
        bail!(
            "contact.webhook_ca: {} holds no PEM certificate",
            path.display()
        );
    }
    Ok(certificates)
}
