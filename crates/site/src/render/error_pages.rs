//! Error pages by request path, made from their templates and compressed per request, with the
//! answers for the 404s kept in a small cache: the same missing paths are asked for again and
//! again (old links, crawlers, scanners).

use std::collections::HashMap;
use std::convert::Infallible;

use super::answer_cache::AnswerCache;
use super::encoded::Encoded;
use super::error_template::ErrorTemplate;
use custody_content::Lang;
use custody_content::pages::error_kind::ErrorKind;

/// Bytes of 404 answers kept in memory (bodies in every coding, plus the paths).
const CACHE_BYTES: u64 = 4 * 1024 * 1024;
/// Expected number of cached answers, to size the cache's table.
const CACHE_ITEMS: usize = 256;

/// A 404 answer's language, kind and path.
type Key = (Lang, ErrorKind, Box<str>);

/// The error-page templates of both languages and the cache of 404 answers.
#[derive(Debug)]
pub struct ErrorPages {
    templates: HashMap<(Lang, ErrorKind), ErrorTemplate>,
    cache: AnswerCache<Key>,
}

impl ErrorPages {
    /// Error pages made from `templates` (one per language and kind).
    pub fn new(templates: HashMap<(Lang, ErrorKind), ErrorTemplate>) -> Self {
        Self {
            templates,
            cache: AnswerCache::new(CACHE_ITEMS, CACHE_BYTES),
        }
    }

    /// The error page of `kind` for `path` (decoded for display), compressed; 404s come from
    /// the cache when the same path was answered before.
    pub fn page(&self, lang: Lang, kind: ErrorKind, path: &str) -> Encoded {
        let make = || Encoded::compress_fast(self.document(lang, kind, path));
        if kind == ErrorKind::ServerError {
            return make();
        }
        let key: Key = (lang, kind, path.into());
        match self.cache.get_or_make(&key, || Ok::<_, Infallible>(make())) {
            Ok(page) => page,
            Err(infallible) => match infallible {},
        }
    }

    /// The error document of `kind` for `path`, uncompressed.
    pub fn document(&self, lang: Lang, kind: ErrorKind, path: &str) -> String {
        self.templates[&(lang, kind)].render(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::encoded::Coding;

    fn pages() -> ErrorPages {
        let document = format!("<main>{}</main>", "filler ".repeat(2_000));
        let templates = Lang::ALL
            .into_iter()
            .flat_map(|lang| ErrorKind::ALL.map(|kind| (lang, kind)))
            .map(|key| {
                let template = ErrorTemplate::new(
                    &document.replace("<main>", "<main>__PATH__ "),
                    "__PATH__",
                    "<script",
                );
                (key, template)
            })
            .collect();
        ErrorPages::new(templates)
    }

    #[test]
    fn a_repeated_path_gets_the_same_answer_and_memory_stays_bounded() {
        let pages = pages();
        let first = pages.page(Lang::En, ErrorKind::NotFound, "/old-link");
        let again = pages.page(Lang::En, ErrorKind::NotFound, "/old-link");
        assert_eq!(first.etag(Coding::Brotli), again.etag(Coding::Brotli));
        assert!(first.identity().starts_with(b"<main>/old-link filler"));
        for n in 0..5_000 {
            let path = format!("/scan/{n}/{}", "x".repeat(1_000));
            let page = pages.page(Lang::Zh, ErrorKind::Invalid, &path);
            assert!(
                page.identity()
                    .starts_with(format!("<main>{path}").as_bytes())
            );
        }
        assert!(
            pages.cache.bytes() <= CACHE_BYTES,
            "{}",
            pages.cache.bytes()
        );
        assert!(pages.cache.len() < 5_000);
    }
}
