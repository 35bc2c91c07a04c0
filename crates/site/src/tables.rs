//! The hash tables requests are looked up in by path: the pages and retired paths of the
//! resolver, the redirect locations, the fixed answers (documents, static files, SEO files) and
//! previous builds' files.
//!
//! Their keys are set when the site is built (or a previous build is read) and never come from a
//! request, so they hash with rustc-hash's Fx function rather than the standard library's keyed
//! SipHash. A keyed hash defends a table whose keys an attacker inserts (collisions chosen to
//! make every insert and lookup slow); a request can only look up a table whose chains are
//! fixed. SipHash cost a redirect three hashes of its path (measured in `scripts/bench/README.md`,
//! "Figures the code's choices rest on"). A table that stores what requests send, such as the answer
//! caches, keeps a randomly seeded hash (`crates/site/src/render/answer_cache.rs`).

/// A table with keys set when the site is built.
pub type FixedMap<K, V> = rustc_hash::FxHashMap<K, V>;

/// A set with members set when the site is built.
pub type FixedSet<K> = rustc_hash::FxHashSet<K>;
