//! The UI build manifest written by `ui/scripts/build.mjs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Which files the browser needs for the entry, for each page and for each language.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BuildManifest {
    /// Content hash of the client build.
    pub build_id: String,
    /// When the build was made (milliseconds since the Unix epoch).
    pub timestamp: u64,
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
}

impl BuildManifest {
    /// The manifest of the UI build embedded in this binary.
    pub fn embedded() -> anyhow::Result<Self> {
        serde_json::from_str(crate::embedded::UI_MANIFEST)
            .map_err(|error| anyhow::anyhow!("the embedded UI build manifest: {error}"))
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
            entry: entry.to_owned(),
            entry_modules: Vec::new(),
            styles: Vec::new(),
            fonts: Vec::new(),
            pages: BTreeMap::new(),
            catalogs: BTreeMap::new(),
            share_cards: BTreeMap::new(),
        }
    }
}

/// `custody-site --version`: the package version and the embedded UI build.
pub fn version() -> String {
    let build = BuildManifest::embedded().map_or_else(|_| "unknown".to_owned(), |m| m.build_id);
    format!("{} (build {build})", env!("CARGO_PKG_VERSION"))
}

/// The modules and stylesheets of one lazily loaded chunk.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ChunkFiles {
    /// Module URLs to `modulepreload`.
    pub modules: Vec<String>,
    /// Stylesheet URLs.
    pub styles: Vec<String>,
}
