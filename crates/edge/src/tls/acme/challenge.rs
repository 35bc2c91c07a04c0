//! Answering an ACME validation: a TLS-ALPN-01 certificate presented to the `acme-tls/1`
//! handshake (RFC 8737), or the key authorization served at
//! `/.well-known/acme-challenge/{token}` on the plain-HTTP listener (RFC 8555 §8.3).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use anyhow::Context;
use instant_acme::KeyAuthorization;
use rcgen::{CertificateParams, CustomExtension, KeyPair};
use rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::sign::CertifiedKey;

use crate::tls::certificates::{Certificates, provider};

/// The path prefix of HTTP-01 validations.
pub const HTTP01_PREFIX: &str = "/.well-known/acme-challenge/";

/// The key authorizations the plain-HTTP listener answers, by token.
#[derive(Debug, Default)]
pub struct Http01Answers {
    by_token: RwLock<HashMap<String, String>>,
}

impl Http01Answers {
    /// The body to answer `path` with, when it is a validation this server is waiting for.
    pub fn answer(&self, path: &str) -> Option<String> {
        let token = path.strip_prefix(HTTP01_PREFIX)?;
        self.by_token
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(token)
            .cloned()
    }

    fn set(&self, token: &str, answer: Option<String>) {
        let mut answers = self.by_token.write().unwrap_or_else(|e| e.into_inner());
        match answer {
            Some(answer) => answers.insert(token.to_owned(), answer),
            None => answers.remove(token),
        };
    }
}

/// Where validations are answered, and what each one published, so it can be withdrawn.
#[derive(Debug)]
pub enum Responder {
    /// TLS-ALPN-01 on the HTTPS listener.
    TlsAlpn(Arc<Certificates>),
    /// HTTP-01 on the plain-HTTP listener.
    Http(Arc<Http01Answers>),
}

/// One published answer; withdrawn when dropped.
#[derive(Debug)]
pub struct Published<'a> {
    responder: &'a Responder,
    key: String,
}

impl Responder {
    /// Answers the validation of `domain` whose challenge has `token` with `authorization`.
    pub fn publish(
        &self,
        domain: &str,
        token: &str,
        authorization: &KeyAuthorization,
    ) -> anyhow::Result<Published<'_>> {
        let key = match self {
            Responder::TlsAlpn(certificates) => {
                let certificate = validation_certificate(domain, authorization)?;
                certificates.set_challenge(domain, Some(Arc::new(certificate)));
                domain.to_owned()
            }
            Responder::Http(answers) => {
                answers.set(token, Some(authorization.as_str().to_owned()));
                token.to_owned()
            }
        };
        Ok(Published {
            responder: self,
            key,
        })
    }
}

impl Drop for Published<'_> {
    fn drop(&mut self) {
        match self.responder {
            Responder::TlsAlpn(certificates) => certificates.set_challenge(&self.key, None),
            Responder::Http(answers) => answers.set(&self.key, None),
        }
    }
}

/// The self-signed certificate of a TLS-ALPN-01 validation: `domain` as its only name and the
/// SHA-256 of the key authorization in the critical `acmeIdentifier` extension.
fn validation_certificate(
    domain: &str,
    authorization: &KeyAuthorization,
) -> anyhow::Result<CertifiedKey> {
    let mut params = CertificateParams::new(vec![domain.to_owned()])
        .context("a TLS-ALPN-01 certificate for the domain")?;
    params.custom_extensions = vec![CustomExtension::new_acme_identifier(
        authorization.digest().as_ref(),
    )];
    let key = KeyPair::generate().context("a key for the TLS-ALPN-01 certificate")?;
    let certificate = params
        .self_signed(&key)
        .context("signing the TLS-ALPN-01 certificate")?;
    let private_key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    // Not `CertifiedKey::from_der`: its consistency check parses the certificate as a web PKI
    // certificate, which refuses the critical `acmeIdentifier` extension this one must carry.
    let signing_key = provider()
        .key_provider
        .load_private_key(private_key)
        .context("the TLS-ALPN-01 certificate's key")?;
    Ok(CertifiedKey::new(
        vec![certificate.der().clone()],
        signing_key,
    ))
}
