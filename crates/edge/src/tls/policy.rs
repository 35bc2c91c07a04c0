//! The TLS policy of the HTTPS listener: which cipher suites, in the server's order of
//! preference, and session resumption with ticket keys that rotate.

use std::sync::Arc;

use anyhow::Context;
use rustls::SupportedCipherSuite;
use rustls::crypto::CryptoProvider;
use rustls::crypto::ring::cipher_suite::{
    TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
    TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
    TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
    TLS13_AES_128_GCM_SHA256, TLS13_AES_256_GCM_SHA384, TLS13_CHACHA20_POLY1305_SHA256,
};

/// The cipher suites offered, best first; the server's order wins over the client's. TLS 1.3
/// first; TLS 1.2 only with an ephemeral elliptic-curve key exchange (ECDHE, forward secrecy)
/// and an AEAD cipher, never RSA key exchange, finite-field DHE or CBC. AES-128-GCM leads:
/// as strong as this site needs, and the cheapest per byte on processors with AES
/// instructions; ChaCha20-Poly1305 serves clients without AES-GCM.
const CIPHER_SUITES: [SupportedCipherSuite; 9] = [
    TLS13_AES_128_GCM_SHA256,
    TLS13_AES_256_GCM_SHA384,
    TLS13_CHACHA20_POLY1305_SHA256,
    TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
    TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
    TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
    TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
    TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
    TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
];

/// The *ring* crypto provider restricted to [`CIPHER_SUITES`], in that order.
pub fn provider() -> Arc<CryptoProvider> {
    Arc::new(CryptoProvider {
        cipher_suites: CIPHER_SUITES.to_vec(),
        ..rustls::crypto::ring::default_provider()
    })
}

/// Applies the policy to a built server configuration: the server's cipher-suite order is
/// enforced, and clients resume sessions with tickets (TLS 1.2 and 1.3) encrypted under keys
/// that rustls replaces every 6 hours (a ticket is accepted for at most 12 hours).
pub fn apply(config: &mut rustls::ServerConfig) -> anyhow::Result<()> {
    config.ignore_client_order = true;
    config.ticketer =
        rustls::crypto::ring::Ticketer::new().context("TLS session tickets: no random keys")?;
    Ok(())
}
