//! Answers of the supported-assets API: one page of an entity's list, filtered, as JSON in every
//! coding. They depend only on the query and the build; the HTTP layer keeps those it was asked
//! for, with their response headers (`crates/site/src/http/supported_assets.rs`).

use super::encoded::Encoded;
use custody_content::Content;
use custody_content::supported_asset_query::{
    PageOutOfRange, SupportedAssetIndex, SupportedAssetQuery,
};

/// The asset lists ready to filter.
#[derive(Debug)]
pub struct SupportedAssetAnswers {
    index: SupportedAssetIndex,
}

impl SupportedAssetAnswers {
    /// Indexes the asset lists of `content`.
    pub fn new(content: &Content) -> Self {
        Self {
            index: SupportedAssetIndex::new(content),
        }
    }

    /// The asset lists, for the documents answered for a query string
    /// (`crates/site/src/render/queried/`).
    pub fn index(&self) -> &SupportedAssetIndex {
        &self.index
    }

    /// The JSON answer to `query`, made and compressed now.
    pub fn make(&self, query: &SupportedAssetQuery) -> Result<Encoded, PageOutOfRange> {
        let answer = self.index.answer(query)?;
        let body = serde_json::to_vec(&answer).expect("answers serialize");
        Ok(Encoded::compress_for_cache(body))
    }
}
