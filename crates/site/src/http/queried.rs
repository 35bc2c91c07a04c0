//! Documents answered for a query string (`crates/site/src/render/queried/`): a `GET` or `HEAD`
//! of the supported-assets page, the FAQ search or the announcements with a query string that
//! asks for more than the page's own document shows. Each document is made when its query is
//! first asked for and kept, with its response headers, in a cache bounded by bytes: the same
//! search asked again is a clone of ready headers, and no run of new queries can grow memory. A
//! request without a query string, or whose query asks for nothing more, is left to the page's
//! own document (`fixed.rs`), which stays what it was.

use std::sync::Arc;

use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, Request};

use super::answered::Answered;
use super::ready::{Description, ReadyResponse, ReadyResponses};
use super::respond::{HTML, NO_CACHE};
use crate::render::answer_cache::{AnswerCache, KeyBytes};
use crate::render::queried::{Asked, QueriedPage, Sources};
use crate::render::served_site::ServedSite;
use crate::tables::FixedMap;
use custody_content::Lang;

/// Bytes of documents kept in memory (every coding, plus keys and headers): about 120 of them.
const CACHE_BYTES: u64 = 8 * 1024 * 1024;
/// Expected number of cached documents, to size the cache's table.
const CACHE_ITEMS: usize = 256;

/// A document's language and what its query string asked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key(Lang, Asked);

impl KeyBytes for Key {
    fn bytes(&self) -> usize {
        self.1.text_bytes()
    }
}

/// The documents answered for a query string so far, ready to send.
#[derive(Debug)]
pub struct QueriedDocuments {
    ready: ReadyResponses,
    /// The pages that answer a query string, by localized path.
    pages: FixedMap<Box<str>, (QueriedPage, Lang)>,
    cache: AnswerCache<Key, Arc<ReadyResponse>>,
}

impl QueriedDocuments {
    /// An empty cache of the documents of `site`'s pages that answer a query string.
    pub fn new(site: &ServedSite) -> Self {
        let pages = QueriedPage::ALL
            .into_iter()
            .flat_map(|(path, page)| {
                Lang::ALL.map(|lang| (lang.localize(path).into(), (page, lang)))
            })
            .filter(|(path, _): &(Box<str>, _)| site.pages().contains(path))
            .collect();
        Self {
            ready: ReadyResponses::new(site.security_headers()),
            pages,
            cache: AnswerCache::new(CACHE_ITEMS, CACHE_BYTES),
        }
    }

    /// The answer to a `GET` or `HEAD` of a page that answers a query string, for a query string
    /// that asks it for more than its own document; `None` for every other request (and when the
    /// document cannot be made: the page's own document answers then).
    pub fn answer<B>(&self, site: &ServedSite, request: &Request<B>) -> Option<Answered> {
        let query = request.uri().query()?;
        let method = request.method();
        if method != Method::GET && method != Method::HEAD {
            return None;
        }
        let path = request.uri().path();
        let &(page, lang) = self.pages.get(path)?;
        let queried = site.queried()?;
        let key = Key(lang, Asked::read(page, query)?);
        let made = self.cache.get_or_make(&key, || {
            let served = site.pages().get(path).ok_or(())?;
            let noindex = served.noindex || key.1.is_search();
            let sources = Sources {
                assets: site.api().supported_assets.index(),
                search: site.api().search.index(),
                content: site.content(),
                settings: site.settings(),
                marks: &site.build().marks,
            };
            let frame = || site.document_frame(path, noindex);
            let document = queried
                .document(sources, frame, (path, lang), &key.1, noindex)
                .ok_or(())?;
            let mut extra = HeaderMap::new();
            if noindex {
                extra.insert(
                    HeaderName::from_static("x-robots-tag"),
                    HeaderValue::from_static("noindex, nofollow"),
                );
            }
            let description = Description {
                content_type: HTML,
                cache_control: NO_CACHE,
                extra,
                route: &served.pattern,
            };
            Ok::<_, ()>(Arc::new(self.ready.make(Arc::new(document), &description)))
        });
        Some(
            self.ready
                .answer(made.ok()?.as_ref(), method, request.headers()),
        )
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Body;

    use super::*;
    use crate::SiteSettings;

    #[test]
    fn the_documents_kept_stay_within_the_bound_whatever_the_queries() {
        let site = ServedSite::from_embedded(SiteSettings::default()).unwrap();
        let answers = QueriedDocuments::new(&site);
        let ask = |uri: &str| {
            let request = Request::get(uri).body(Body::empty()).unwrap();
            answers
                .answer(&site, &request)
                .map(|answered| answered.response.status())
        };
        // A query that asks for nothing more is left to the page's own document.
        assert_eq!(ask("/support-token?utm_source=x"), None);
        assert_eq!(ask("/about?token=x"), None);
        let queries = 400;
        for n in 0..queries {
            let uri = match n % 3 {
                0 => format!("/support-token?token=t{n}"),
                1 => format!("/zh/faq/search?q=q{n}"),
                _ => format!("/announcements?q=a{n}"),
            };
            assert_eq!(ask(&uri), Some(axum::http::StatusCode::OK), "{uri}");
        }
        assert!(
            answers.cache.bytes() <= CACHE_BYTES,
            "{} bytes",
            answers.cache.bytes()
        );
        assert!(
            answers.cache.len() < queries,
            "{} kept",
            answers.cache.len()
        );
    }
}
