//! Answers of the supported-assets API, made and compressed on first request and kept in a
//! cache bounded by bytes: they depend only on the query and the build.

use super::answer_cache::{AnswerCache, KeyBytes};
use super::encoded::Encoded;
use custody_content::Content;
use custody_content::supported_asset_query::{
    PageOutOfRange, SupportedAssetIndex, SupportedAssetQuery,
};

/// Bytes of answers kept in memory (bodies in every coding, plus keys).
const CACHE_BYTES: u64 = 8 * 1024 * 1024;
/// Expected number of cached answers, to size the cache's table.
const CACHE_ITEMS: usize = 2_048;

/// The asset lists ready to filter, and the answers already made.
#[derive(Debug)]
pub struct SupportedAssetAnswers {
    index: SupportedAssetIndex,
    cache: AnswerCache<SupportedAssetQuery>,
}

impl SupportedAssetAnswers {
    /// Indexes the asset lists of `content`, with an empty cache.
    pub fn new(content: &Content) -> Self {
        Self {
            index: SupportedAssetIndex::new(content),
            cache: AnswerCache::new(CACHE_ITEMS, CACHE_BYTES),
        }
    }

    /// The JSON answer to `query`, from the cache when it was made before.
    pub fn answer(&self, query: &SupportedAssetQuery) -> Result<Encoded, PageOutOfRange> {
        self.cache.get_or_make(query, || {
            let answer = self.index.answer(query)?;
            let body = serde_json::to_vec(&answer).expect("answers serialize");
            Ok(Encoded::compress_for_cache(body))
        })
    }
}

/// A query's text filters, the bytes it holds beyond its own size.
impl KeyBytes for SupportedAssetQuery {
    fn bytes(&self) -> usize {
        self.network.len() + self.token.len() + self.contract.len()
    }
}
