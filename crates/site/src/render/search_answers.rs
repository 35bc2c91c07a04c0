//! The search API's answers: JSON made and compressed on first request, then kept by scope,
//! language and query in a cache bounded by bytes, so a popular search costs one scan of the
//! articles however large the catalogue grows.

use super::answer_cache::AnswerCache;
use super::encoded::Encoded;
use crate::search::{QueryError, Scope, SearchIndex};
use custody_content::{Content, Lang};

/// Bytes of answers kept in memory (bodies in every coding, plus the queries).
const CACHE_BYTES: u64 = 4 * 1024 * 1024;
/// Expected number of cached answers, to size the cache's table.
const CACHE_ITEMS: usize = 512;

/// A search's scope, language and query (trimmed, as the answer repeats it).
type Key = (Scope, Lang, Box<str>);

/// The search index and the answers already made.
#[derive(Debug)]
pub struct SearchAnswers {
    index: SearchIndex,
    cache: AnswerCache<Key>,
}

impl SearchAnswers {
    /// Indexes the FAQ and announcements of `content`, with an empty cache.
    pub fn new(content: &Content) -> Self {
        Self {
            index: SearchIndex::new(content),
            cache: AnswerCache::new(CACHE_ITEMS, CACHE_BYTES),
        }
    }

    /// The index the answers come from.
    pub fn index(&self) -> &SearchIndex {
        &self.index
    }

    /// The JSON answer to `query` in `scope` and `lang`, from the cache when it was made before.
    pub fn answer(&self, scope: Scope, lang: Lang, query: &str) -> Result<Encoded, QueryError> {
        let query = query.trim();
        self.cache.get_or_make(&(scope, lang, query.into()), || {
            let answer = self.index.search(scope, lang, query)?;
            let body = serde_json::to_vec(&answer).expect("answers serialize");
            Ok(Encoded::compress_for_cache(body))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded;

    fn answers() -> SearchAnswers {
        let content = embedded::load_content(&embedded::content_files()).expect("content loads");
        SearchAnswers::new(&content)
    }

    #[test]
    fn an_answer_is_made_once_per_query_and_matches_the_index() {
        let answers = answers();
        let first = answers.answer(Scope::Faq, Lang::En, "custody").unwrap();
        let again = answers.answer(Scope::Faq, Lang::En, "  custody ").unwrap();
        assert_eq!(answers.cache.len(), 1);
        assert_eq!(first.identity(), again.identity());
        let direct = answers
            .index()
            .search(Scope::Faq, Lang::En, "custody")
            .unwrap();
        assert_eq!(
            first.identity().as_ref(),
            serde_json::to_vec(&direct).unwrap()
        );
        answers.answer(Scope::Faq, Lang::Zh, "custody").unwrap();
        answers
            .answer(Scope::Announcements, Lang::En, "custody")
            .unwrap();
        assert_eq!(answers.cache.len(), 3);
    }

    #[test]
    fn a_refused_query_is_not_kept() {
        let answers = answers();
        let long = "a".repeat(crate::search::text::MAX_QUERY_CHARS + 1);
        assert_eq!(
            answers.answer(Scope::Faq, Lang::En, &long).unwrap_err(),
            QueryError::TooLong
        );
        assert!(answers.cache.is_empty());
    }
}
