//! A certificate from the files `tls.cert` and `tls.key`, read at start-up and again on SIGHUP.

use std::path::Path;

use anyhow::Context;

use super::certificates::{ServedCertificate, read_chain, read_key};

/// Reads the chain in `cert` and the key in `key`; every error names the key of the file at
/// fault.
pub fn read_pair(cert: &Path, key: &Path) -> anyhow::Result<ServedCertificate> {
    let chain_pem =
        std::fs::read(cert).with_context(|| format!("tls.cert: cannot read {}", cert.display()))?;
    let chain = read_chain(&chain_pem).with_context(|| format!("tls.cert: {}", cert.display()))?;
    let key_pem =
        std::fs::read(key).with_context(|| format!("tls.key: cannot read {}", key.display()))?;
    let private_key = read_key(&key_pem).with_context(|| format!("tls.key: {}", key.display()))?;
    ServedCertificate::from_parts(chain, private_key).with_context(|| {
        format!(
            "tls.cert {} and tls.key {} do not make a usable pair",
            cert.display(),
            key.display()
        )
    })
}
