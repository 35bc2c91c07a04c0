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
    /// Per page id: the page chunk and what it imports beyond the entry.
    pub pages: BTreeMap<String, ChunkFiles>,
    /// Per language code: the catalog chunk.
    pub catalogs: BTreeMap<String, Vec<String>>,
}

/// The modules and stylesheets of one lazily loaded chunk.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ChunkFiles {
    /// Module URLs to `modulepreload`.
    pub modules: Vec<String>,
    /// Stylesheet URLs.
    pub styles: Vec<String>,
}
