//! Answers of the supported-assets API, made and compressed on first request and kept in a
//! cache bounded by bytes: they depend only on the query and the build.

use quick_cache::Weighter;
use quick_cache::sync::Cache;

use super::encoded::Encoded;
use crate::content::Content;
use crate::content::asset_query::{AssetIndex, AssetQuery, PageOutOfRange};

/// Bytes of answers kept in memory (bodies in every coding, plus keys).
const CACHE_BYTES: u64 = 8 * 1024 * 1024;
/// Expected number of cached answers, to size the cache's table.
const CACHE_ITEMS: usize = 2_048;

/// The asset lists ready to filter, and the answers already made.
#[derive(Debug)]
pub struct AssetAnswers {
    index: AssetIndex,
    cache: Cache<String, Encoded, AnswerBytes>,
}

impl AssetAnswers {
    /// Indexes the asset lists of `content`, with an empty cache.
    pub fn new(content: &Content) -> Self {
        Self {
            index: AssetIndex::new(content),
            cache: Cache::with_weighter(CACHE_ITEMS, CACHE_BYTES, AnswerBytes),
        }
    }

    /// The JSON answer to `query`, from the cache when it was made before.
    pub fn answer(&self, query: &AssetQuery) -> Result<Encoded, PageOutOfRange> {
        let key = query.cache_key();
        if let Some(answer) = self.cache.get(&key) {
            return Ok(answer);
        }
        let answer = self.index.answer(query)?;
        let body = serde_json::to_vec(&answer).expect("answers serialize");
        let answer = Encoded::compress_for_cache(body);
        self.cache.insert(key, answer.clone());
        Ok(answer)
    }
}

/// Weighs a cached answer by the bytes it holds.
#[derive(Debug, Clone)]
struct AnswerBytes;

impl Weighter<String, Encoded> for AnswerBytes {
    fn weight(&self, key: &String, answer: &Encoded) -> u64 {
        (key.len() + answer.held_bytes()) as u64
    }
}
