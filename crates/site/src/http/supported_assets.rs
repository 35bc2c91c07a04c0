//! `GET /api/supported-assets?entity=&network=&token=&contract=&warm=&cold=&defi=&oasis=&page=&size=&lang=`:
//! one page of an entity's supported-asset list, filtered. Every method is answered from memory
//! (`crates/site/src/http/pipeline/dispatch.rs` calls
//! [`SupportedAssetResponses::answer_method`]), without the router.

use std::sync::Arc;

use axum::http::{HeaderMap, HeaderValue, Method, Uri, header};
use axum::response::{IntoResponse, Response};

use super::answered::Answered;
use super::api_error::ApiError;
use super::negotiate::accepted_lang;
use super::ready::{Description, ReadyResponse, ReadyResponses};
use super::respond::{JSON, head_without_body};
use super::supported_asset_params::{self, ParamErrors};
use crate::render::answer_cache::{AnswerCache, KeyBytes};
use crate::render::served_site::ServedSite;
use custody_content::supported_asset_query::{PageOutOfRange, SupportedAssetQuery};

/// `Cache-Control` of answers: they change only with a new build, so browsers and proxies may
/// keep them for five minutes and then revalidate with the ETag.
const CACHE_FOR_A_WHILE: HeaderValue = HeaderValue::from_static("public, max-age=300");

/// The address of the endpoint.
pub const PATH: &str = "/api/supported-assets";

/// Bytes of answers kept in memory (bodies in every coding, plus keys and headers).
const CACHE_BYTES: u64 = 8 * 1024 * 1024;
/// Expected number of cached answers, to size the cache's table.
const CACHE_ITEMS: usize = 2_048;

/// The endpoint's answers ready to send, by query: each made from the site's asset lists
/// (`crates/site/src/render/supported_asset_answers.rs`) and compressed when first asked for,
/// then kept with its response headers in a cache bounded by bytes, so that a repeated query is
/// answered with a clone of ready headers, as a fixed URL is.
#[derive(Debug)]
pub struct SupportedAssetResponses {
    ready: ReadyResponses,
    cache: AnswerCache<SupportedAssetQuery, Arc<ReadyResponse>>,
}

impl SupportedAssetResponses {
    /// An empty cache of answers with room for the `security` headers of the site.
    pub fn new(security: &HeaderMap) -> Self {
        Self {
            ready: ReadyResponses::new(security),
            cache: AnswerCache::new(CACHE_ITEMS, CACHE_BYTES),
        }
    }

    /// The answer to a request for supported assets with `method`: for a `GET`, its query's;
    /// for a `HEAD`, its headers without the body; for any other method, `405`.
    pub fn answer_method(
        &self,
        site: &ServedSite,
        method: &Method,
        uri: &Uri,
        headers: &HeaderMap,
    ) -> Answered {
        if method != Method::GET && method != Method::HEAD {
            let mut refused = ApiError::MethodNotAllowed
                .for_request(site.content(), headers)
                .into_response();
            refused.headers_mut().insert(header::ALLOW, ALLOWED);
            return Answered::new(refused, PATH);
        }
        self.answer(site, method, uri.query(), headers)
    }

    /// The answer to the query string `raw` (still percent-encoded) from a client sending
    /// `headers`, from the cache when it was made before; a `400` naming what is wrong with the
    /// query.
    fn answer(
        &self,
        site: &ServedSite,
        method: &Method,
        raw: Option<&str>,
        headers: &HeaderMap,
    ) -> Answered {
        let refused =
            |errors| Answered::new(head_without_body(method, invalid(site, errors)), PATH);
        let (query, lang) =
            match supported_asset_params::parse(raw.unwrap_or_default(), accepted_lang(headers)) {
                Ok(parsed) => parsed,
                Err(errors) => return refused(errors),
            };
        let made = self.cache.get_or_make(&query, || {
            let body = site.api().supported_assets.make(&query)?;
            let description = Description {
                content_type: JSON,
                cache_control: CACHE_FOR_A_WHILE,
                extra: HeaderMap::new(),
                route: PATH,
            };
            Ok(Arc::new(self.ready.make(Arc::new(body), &description)))
        });
        match made {
            Ok(ready) => self.ready.answer(&ready, method, headers),
            Err(PageOutOfRange { last_page }) => refused(
                supported_asset_params::page_out_of_range(lang, query.page, last_page),
            ),
        }
    }
}

/// `400` naming the problem of each parameter.
fn invalid(site: &ServedSite, errors: ParamErrors) -> Response {
    let lang = errors.lang;
    ApiError::InvalidParameters(errors)
        .in_lang(site.content(), lang)
        .into_response()
}

/// `Allow` of the endpoint.
const ALLOWED: HeaderValue = HeaderValue::from_static("GET,HEAD");

/// A query's text filters, the bytes it holds beyond its own size.
impl KeyBytes for SupportedAssetQuery {
    fn bytes(&self) -> usize {
        self.network.len() + self.token.len() + self.contract.len()
    }
}
