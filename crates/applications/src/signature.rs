//! Standard Webhooks signatures: `v1,` + base64 of HMAC-SHA256 over `{id}.{timestamp}.{body}`.

use anyhow::{Context, bail};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::secret::Secret;

/// Prefix of a Standard Webhooks secret.
const SECRET_PREFIX: &str = "whsec_";

/// The decoded webhook signing key.
#[derive(Clone)]
pub struct SigningKey(Vec<u8>);

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SigningKey([redacted])")
    }
}

impl SigningKey {
    /// Decodes `whsec_<base64>`; the key must be 24 to 64 bytes, as Standard Webhooks asks.
    pub fn from_secret(secret: &Secret) -> anyhow::Result<Self> {
        let Some(encoded) = secret.expose().strip_prefix(SECRET_PREFIX) else {
            bail!("the secret must start with `{SECRET_PREFIX}` followed by base64");
        };
        let key = STANDARD
            .decode(encoded.trim())
            .context("the part after `whsec_` is not valid base64")?;
        if !(24..=64).contains(&key.len()) {
            bail!(
                "the secret must decode to 24 to 64 bytes, not {}",
                key.len()
            );
        }
        Ok(Self(key))
    }

    /// The `webhook-signature` header value for one delivery.
    pub fn sign(&self, id: &str, timestamp: i64, body: &[u8]) -> String {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC accepts keys of any length");
        mac.update(id.as_bytes());
        mac.update(b".");
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_like_the_standard_webhooks_reference() {
        // The example of the Standard Webhooks specification's reference libraries.
        let key = SigningKey::from_secret(&Secret::new("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
            .unwrap();
        let body = br#"{"test": 2432232314}"#;
        assert_eq!(
            key.sign("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }

    #[test]
    fn rejects_malformed_secrets() {
        for secret in [
            "",
            "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "whsec_!!!",
            "whsec_c2hvcnQ=",
        ] {
            assert!(
                SigningKey::from_secret(&Secret::new(secret)).is_err(),
                "{secret}"
            );
        }
    }
}
