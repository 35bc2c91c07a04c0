//! The tag that vouches for a confirmation's address: the form posted without scripts is answered
//! `303` to `{page}/received/{id}.{tag}`, where the tag is HMAC-SHA256 of the application's id,
//! truncated to 12 bytes, in URL-safe base64, under `contact.confirmation_key`. Only an instance
//! that knows the key can make a tag, so the confirmation is shown only for an application an
//! instance sharing the key stored (another instance behind the balancer may be asked for it);
//! a forged id, or one tagged under another key, is not vouched for.

use anyhow::bail;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::secret::Secret;

/// Bytes of the MAC the tag keeps (96 bits).
const TAG_BYTES: usize = 12;
/// The shortest configured key, in bytes.
pub const MIN_KEY_BYTES: usize = 32;
/// Bytes of the key made at start when none is configured.
const GENERATED_KEY_BYTES: usize = 32;

/// The key that tags and checks confirmation addresses.
#[derive(Clone)]
pub struct ConfirmationKey(Vec<u8>);

impl std::fmt::Debug for ConfirmationKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ConfirmationKey([redacted])")
    }
}

impl ConfirmationKey {
    /// The configured key (its bytes as written), or, when none is set, random bytes made now,
    /// which only this instance knows (enough for a single instance).
    pub fn from_setting(setting: &Secret) -> Self {
        if !setting.is_empty() {
            return Self(setting.expose().as_bytes().to_vec());
        }
        let mut key = vec![0; GENERATED_KEY_BYTES];
        getrandom::fill(&mut key).expect("the operating system's random source is readable");
        Self(key)
    }

    /// Whether `setting` is a usable key: empty (one is made at start) or at least
    /// [`MIN_KEY_BYTES`] bytes.
    pub fn check(setting: &Secret) -> anyhow::Result<()> {
        let length = setting.expose().len();
        if length != 0 && length < MIN_KEY_BYTES {
            bail!("the key must be at least {MIN_KEY_BYTES} bytes, not {length}");
        }
        Ok(())
    }

    /// The last segment of the confirmation address of the application `id`: `{id}.{tag}`.
    pub fn tagged(&self, id: &str) -> String {
        let tag = self.mac(id).finalize().into_bytes();
        format!("{id}.{}", URL_SAFE_NO_PAD.encode(&tag[..TAG_BYTES]))
    }

    /// The application id of the address segment `segment` when its tag is this key's for it.
    pub fn vouched_id<'a>(&self, segment: &'a str) -> Option<&'a str> {
        let (id, tag) = segment.split_once('.')?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        if tag.len() != TAG_BYTES {
            return None;
        }
        self.mac(id).verify_truncated_left(&tag).ok()?;
        Some(id)
    }

    fn mac(&self, id: &str) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC accepts keys of any length");
        mac.update(id.as_bytes());
        mac
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "019aef3c-1f2a-7b3c-8d4e-5f6a7b8c9d0e";

    fn key(text: &str) -> ConfirmationKey {
        ConfirmationKey::from_setting(&Secret::new(text))
    }

    #[test]
    fn an_address_tagged_under_the_key_is_vouched_for_under_the_same_key_only() {
        let shared = "k".repeat(MIN_KEY_BYTES);
        let segment = key(&shared).tagged(ID);
        assert!(segment.starts_with(&format!("{ID}.")));
        assert_eq!(segment.len(), ID.len() + 1 + 16);
        assert_eq!(key(&shared).vouched_id(&segment), Some(ID));
        assert_eq!(key(&"j".repeat(MIN_KEY_BYTES)).vouched_id(&segment), None);
        let generated = ConfirmationKey::from_setting(&Secret::default());
        assert_eq!(generated.vouched_id(&generated.tagged(ID)), Some(ID));
        let other_instance = ConfirmationKey::from_setting(&Secret::default());
        assert_eq!(other_instance.vouched_id(&generated.tagged(ID)), None);
    }

    #[test]
    fn a_forged_or_altered_segment_is_not_vouched_for() {
        let key = key(&"k".repeat(MIN_KEY_BYTES));
        let segment = key.tagged(ID);
        let (_, tag) = segment.split_once('.').unwrap();
        let other_id = "019aef3c-1f2a-7b3c-8d4e-5f6a7b8c9d0f";
        for forged in [
            ID.to_owned(),
            format!("{other_id}.{tag}"),
            format!("{ID}.{}", &tag[..8]),
            format!("{ID}.{tag}A"),
            format!("{ID}.{}", "A".repeat(16)),
            format!("{ID}."),
            format!("{ID}.{tag}.{tag}"),
            ".".to_owned(),
            String::new(),
        ] {
            assert_eq!(key.vouched_id(&forged), None, "{forged}");
        }
    }

    #[test]
    fn a_configured_key_is_at_least_32_bytes_or_none() {
        assert!(ConfirmationKey::check(&Secret::default()).is_ok());
        assert!(ConfirmationKey::check(&Secret::new("k".repeat(MIN_KEY_BYTES))).is_ok());
        let short = ConfirmationKey::check(&Secret::new("short")).unwrap_err();
        assert!(short.to_string().contains("at least 32 bytes"), "{short}");
    }
}
