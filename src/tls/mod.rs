//! Native HTTPS: the certificate chain and private key from PEM files, as a rustls server
//! configuration offering HTTP/2 and HTTP/1.1 by ALPN, and the plain-HTTP listener that sends
//! every request to the same path on the HTTPS site.

mod policy;
mod redirect;

pub use redirect::redirect_router;

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::TlsAcceptor;

use crate::config::Config;

/// The TLS acceptor of the configured certificate, or `None` when HTTPS is not configured.
pub fn acceptor(config: &Config) -> anyhow::Result<Option<TlsAcceptor>> {
    let Some((cert, key)) = config.tls_files() else {
        return Ok(None);
    };
    Ok(Some(TlsAcceptor::from(Arc::new(server_config(cert, key)?))))
}

/// A rustls server configuration for the chain in `cert` and the key in `key`.
fn server_config(cert: &Path, key: &Path) -> anyhow::Result<rustls::ServerConfig> {
    let chain = CertificateDer::pem_file_iter(cert)
        .and_then(Iterator::collect::<Result<Vec<_>, _>>)
        .with_context(|| {
            format!(
                "tls.cert: cannot read a PEM certificate chain from {}",
                cert.display()
            )
        })?;
    if chain.is_empty() {
        anyhow::bail!("tls.cert: {} holds no certificate", cert.display());
    }
    let private_key = PrivateKeyDer::from_pem_file(key).with_context(|| {
        format!(
            "tls.key: cannot read a PEM private key from {}",
            key.display()
        )
    })?;
    let mut tls = rustls::ServerConfig::builder_with_provider(policy::provider())
        .with_safe_default_protocol_versions()
        .context("TLS protocol versions")?
        .with_no_client_auth()
        .with_single_cert(chain, private_key)
        .context("tls.cert and tls.key do not make a usable pair")?;
    policy::apply(&mut tls)?;
    tls.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(tls)
}
