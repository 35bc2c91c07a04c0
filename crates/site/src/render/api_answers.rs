//! The API's answers made from memory: FAQ and announcement search (a cache of encoded answers)
//! and the supported-asset lists (whose answers the HTTP layer keeps), made from the content. They change only with the
//! content, and only the API's handlers read them (`crates/site/src/http/search.rs`,
//! `crates/site/src/http/supported_assets.rs`).

use super::search_answers::SearchAnswers;
use super::supported_asset_answers::SupportedAssetAnswers;
use custody_content::Content;

/// The answers of the search and supported-assets endpoints.
#[derive(Debug)]
pub struct ApiAnswers {
    /// FAQ and announcement search.
    pub search: SearchAnswers,
    /// Supported-assets answers.
    pub supported_assets: SupportedAssetAnswers,
}

impl ApiAnswers {
    /// The answers of `content`, each made when first asked for.
    pub fn new(content: &Content) -> Self {
        Self {
            search: SearchAnswers::new(content),
            supported_assets: SupportedAssetAnswers::new(content),
        }
    }
}
