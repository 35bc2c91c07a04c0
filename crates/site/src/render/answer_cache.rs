//! Caches of answers made on first request and kept within a bound of bytes: for answers that
//! depend only on their key and the build (supported-assets queries, searches, missing paths).
//! An answer is an encoded body, or anything else that knows the bytes it holds
//! ([`HeldBytes`]; the supported-assets API keeps its answers with their response headers,
//! `crates/site/src/http/supported_assets.rs`).
//!
//! Their keys come from requests, so they hash with quick_cache's own hasher (foldhash's quality
//! hash, seeded at random; its `custom-hasher` feature in Cargo.toml): fast, and not predictable
//! from outside, where the standard library's SipHash cost a supported-assets answer a measured
//! share of its instructions (`scripts/bench/README.md`, "Figures the code's choices rest on").

use std::hash::Hash;
use std::marker::PhantomData;
use std::sync::Arc;

use quick_cache::Weighter;
use quick_cache::sync::Cache;

use super::encoded::Encoded;

/// A cache key that knows the bytes it holds, which count toward the cache's bound.
pub trait KeyBytes {
    /// Bytes the key holds beyond its own size (its text).
    fn bytes(&self) -> usize;
}

impl KeyBytes for String {
    fn bytes(&self) -> usize {
        self.len()
    }
}

/// A key of two small tags (such as a language and a kind) and a text (a query, a path).
impl<A, B> KeyBytes for (A, B, Box<str>) {
    fn bytes(&self) -> usize {
        self.2.len()
    }
}

/// A cached answer that knows the bytes it holds, which count toward the cache's bound.
pub trait HeldBytes {
    /// Bytes the answer holds.
    fn held_bytes(&self) -> usize;
}

impl HeldBytes for Encoded {
    fn held_bytes(&self) -> usize {
        Encoded::held_bytes(self)
    }
}

impl<T: HeldBytes> HeldBytes for Arc<T> {
    fn held_bytes(&self) -> usize {
        T::held_bytes(self)
    }
}

/// Answers by key: each made once, then served from memory while the cache's bytes allow.
#[derive(Debug)]
pub struct AnswerCache<K: KeyBytes + Eq + Hash + Clone, V: HeldBytes + Clone = Encoded> {
    cache: Cache<K, V, AnswerBytes<K>>,
}

impl<K: KeyBytes + Eq + Hash + Clone, V: HeldBytes + Clone> AnswerCache<K, V> {
    /// A cache of about `expected_items` answers (to size its table) holding at most `bytes`.
    pub fn new(expected_items: usize, bytes: u64) -> Self {
        Self {
            cache: Cache::with_weighter(expected_items, bytes, AnswerBytes(PhantomData)),
        }
    }

    /// The answer to `key`: from the cache, or made by `make` and kept. Requests for the same key
    /// at once wait for one `make`; an error is returned and not kept.
    pub fn get_or_make<E>(&self, key: &K, make: impl FnOnce() -> Result<V, E>) -> Result<V, E> {
        self.cache.get_or_insert_with(key, make)
    }

    /// Bytes the cached answers hold, as weighed against the bound (for the tests of the bound).
    #[cfg(test)]
    pub fn bytes(&self) -> u64 {
        self.cache.weight()
    }

    /// How many answers are cached (for the tests of the bound).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.cache.len()
    }

    /// Whether no answer is cached (for the tests of the bound).
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.cache.is_empty()
    }
}

/// Weighs a cached answer by the bytes it holds: its key and every coding of its body.
#[derive(Debug)]
struct AnswerBytes<K>(PhantomData<fn(&K)>);

impl<K> Clone for AnswerBytes<K> {
    fn clone(&self) -> Self {
        Self(PhantomData)
    }
}

impl<K: KeyBytes, V: HeldBytes> Weighter<K, V> for AnswerBytes<K> {
    fn weight(&self, key: &K, answer: &V) -> u64 {
        (key.bytes() + answer.held_bytes()) as u64
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use super::*;

    fn made(bytes: usize) -> Result<Encoded, Infallible> {
        Ok(Encoded::from_parts(vec![b'x'; bytes].into(), None, None))
    }

    #[test]
    fn answers_are_made_once_and_the_bytes_stay_within_the_bound() {
        let cache = AnswerCache::<String>::new(16, 1_000_000);
        let mut makes = 0;
        for _ in 0..3 {
            cache
                .get_or_make(&"popular".to_owned(), || {
                    makes += 1;
                    made(10_000)
                })
                .unwrap();
        }
        assert_eq!(makes, 1);
        for n in 0..100 {
            cache
                .get_or_make(&format!("query {n}"), || made(100_000))
                .unwrap();
        }
        assert!(cache.bytes() <= 1_000_000, "{} bytes", cache.bytes());
        assert!(cache.len() < 100);
    }

    #[test]
    fn an_error_is_returned_and_not_kept() {
        let cache = AnswerCache::<String>::new(16, 1_000_000);
        let refused: Result<Encoded, &str> =
            cache.get_or_make(&"bad".to_owned(), || Err("refused"));
        assert_eq!(refused.unwrap_err(), "refused");
        assert!(cache.is_empty());
    }
}
