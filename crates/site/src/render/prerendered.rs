//! The prerendered page bodies built into the binary, each held in brotli until its document is
//! first rendered.

use crate::embedded;
use crate::embedded::pack::{Pack, unpacked_text};

/// The prerendered bodies by key: a localized path, or `error:{lang}:{page}`.
#[derive(Debug)]
pub struct Prerendered(Pack);

impl Prerendered {
    /// The bodies built into the binary (`crates/site/build.rs` packs them).
    pub fn embedded() -> anyhow::Result<Self> {
        let pack = Pack::new(
            "prerendered bodies",
            embedded::PRERENDER_INDEX,
            embedded::PRERENDER_PACK,
        )?;
        Ok(Self(pack))
    }

    /// Whether there is a body for `key`.
    pub fn contains(&self, key: &str) -> bool {
        self.0.get(key).is_some()
    }

    /// The body of `key`, decompressed now.
    pub fn body(&self, key: &str) -> Option<String> {
        self.0.get(key).map(unpacked_text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_body_unpacks_to_html() {
        let bodies = Prerendered::embedded().unwrap();
        assert!(bodies.0.entries().count() > 100);
        for key in ["/", "/zh/faq", "error:en:not-found"] {
            let body = bodies.body(key).unwrap_or_else(|| panic!("{key}"));
            assert!(body.starts_with('<'), "{key}: {body:.40}");
        }
        assert_eq!(bodies.body("/no-such-page"), None);
        assert!(!bodies.contains("/no-such-page"));
    }
}
