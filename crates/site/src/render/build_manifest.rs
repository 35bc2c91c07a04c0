//! The UI build manifest written by `ui/scripts/build.mjs`.

use std::collections::BTreeMap;

use super::line_breaks::Marks;
use custody_content::view::page::WordBreaks;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which files the browser needs for the entry, for each page and for each language.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BuildManifest {
    /// Content hash of the client build.
    pub build_id: String,
    /// When the build was made (milliseconds since the Unix epoch).
    pub timestamp: u64,
    /// SHA-256 (hex) of the page data the build prerendered (`pages.json`); empty in a build
    /// made before the hash was recorded.
    #[serde(default)]
    pub content_hash: String,
    /// URL of the entry module.
    pub entry: String,
    /// Modules the entry imports statically.
    pub entry_modules: Vec<String>,
    /// Stylesheets of the entry.
    pub styles: Vec<String>,
    /// Font files every page uses, preloaded by each document.
    #[serde(default)]
    pub fonts: Vec<String>,
    /// Per page id: the page chunk and what it imports beyond the entry.
    pub pages: BTreeMap<String, ChunkFiles>,
    /// Per language code: the catalog chunk.
    pub catalogs: BTreeMap<String, Vec<String>>,
    /// Per localized page path: the URL of its share card (`ui/scripts/share-cards.mjs`). Empty
    /// in the live preview.
    #[serde(default)]
    pub share_cards: BTreeMap<String, String>,
    /// Per prerendered page (localized path, or the error page's prerender key): where its
    /// Chinese headings break (`ui/scripts/word-breaks.mjs`). Empty in the live preview.
    #[serde(default)]
    pub word_breaks: BTreeMap<String, WordBreaks>,
    /// The strings of the page data the build marked where they may not break
    /// (`ui/scripts/line-breaks.mjs`), which the server marks the same way. Empty in the live
    /// preview.
    #[serde(default)]
    pub marks: Marks,
}

impl BuildManifest {
    /// The manifest of the UI build embedded in this binary; an error when that build was
    /// prerendered from other content than the binary's (a stale `CUSTODY_SITE_UI_DIST`).
    pub fn embedded() -> anyhow::Result<Self> {
        let manifest: Self = serde_json::from_str(crate::embedded::UI_MANIFEST)
            .map_err(|error| anyhow::anyhow!("the embedded UI build manifest: {error}"))?;
        manifest.check_content(crate::embedded::CONTENT_HASH)?;
        Ok(manifest)
    }

    /// Whether the build was prerendered from the page data whose hash is `expected`.
    pub fn check_content(&self, expected: &str) -> anyhow::Result<()> {
        if self.content_hash == expected {
            return Ok(());
        }
        let found = match self.content_hash.as_str() {
            "" => "no content hash".to_owned(),
            hash => format!("content hash {hash}"),
        };
        anyhow::bail!(
            "the embedded UI build {} was prerendered from other content ({found}; this \
             binary's content has {expected}): its pages would not match. Rebuild without \
             CUSTODY_SITE_UI_DIST, or point CUSTODY_SITE_UI_DIST at a UI build made from this \
             content/",
            self.build_id
        )
    }
}

impl BuildManifest {
    /// The manifest of the live preview: one entry module (which loads the interface from the
    /// Vite dev server) and nothing to preload.
    pub fn preview(entry: &str) -> Self {
        let timestamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_millis() as u64);
        Self {
            build_id: "preview".to_owned(),
            timestamp,
            content_hash: String::new(),
            entry: entry.to_owned(),
            entry_modules: Vec::new(),
            styles: Vec::new(),
            fonts: Vec::new(),
            pages: BTreeMap::new(),
            catalogs: BTreeMap::new(),
            share_cards: BTreeMap::new(),
            word_breaks: BTreeMap::new(),
            marks: Marks::default(),
        }
    }
}

/// `custody-site --version`: the package version and the embedded UI build.
pub fn version() -> String {
    let build = BuildManifest::embedded().map_or_else(|_| "unknown".to_owned(), |m| m.build_id);
    format!("{} (build {build})", env!("CARGO_PKG_VERSION"))
}

/// The modules and stylesheets of one lazily loaded chunk.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
pub struct ChunkFiles {
    /// Module URLs to `modulepreload`.
    pub modules: Vec<String>,
    /// Stylesheet URLs.
    pub styles: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::BuildManifest;

    #[test]
    fn the_embedded_prerender_was_made_from_the_embedded_content() {
        let manifest = BuildManifest::embedded().expect("the build's own UI build");
        assert_eq!(manifest.content_hash, crate::embedded::CONTENT_HASH);
    }

    #[test]
    fn a_prerender_of_other_content_is_refused_with_the_way_out() {
        let mut manifest = BuildManifest::embedded().expect("the build's own UI build");
        manifest.content_hash = "0".repeat(64);
        let error = manifest
            .check_content(crate::embedded::CONTENT_HASH)
            .expect_err("another hash is refused")
            .to_string();
        assert!(error.contains("prerendered from other content"), "{error}");
        assert!(error.contains("CUSTODY_SITE_UI_DIST"), "{error}");
        manifest.content_hash.clear();
        let error = manifest
            .check_content(crate::embedded::CONTENT_HASH)
            .expect_err("a build without a hash is refused")
            .to_string();
        assert!(error.contains("no content hash"), "{error}");
    }
}
