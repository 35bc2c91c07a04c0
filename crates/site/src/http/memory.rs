//! Answers from memory, which skip the router as fixed answers (`crates/site/src/http/fixed.rs`)
//! do: a supported-assets page (parsed and taken from its cache of encoded answers), the `301` of a
//! path that leads to a page at another path (a retired path, `/en/…`, a trailing slash), and the
//! error page of a path without a page (from the cache of 404 answers). Each answers `GET` and
//! `HEAD` alike, a `HEAD` with the headers of the `GET` and no body (`head_without_body` of
//! `crates/site/src/http/respond.rs`). Made in the service's `call`, without a future of their own.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Method, Request, StatusCode, header};
use axum::response::Response;

use super::answer_entries::reserve_per_answer_entries;
use super::answered::{Answered, follow_headers_rule};
use super::api_error::is_api;
use super::contact;
use super::pages::missing_page;
use super::respond::{DAILY, head_without_body, with_headers};
use super::supported_assets::{self, SupportedAssetResponses};
use super::{HEALTH_PATH, READY_PATH};
use crate::lasting::{lasting, make_lasting};
use crate::render::served_site::ServedSite;
use crate::resolver::Resolution;
use crate::tables::FixedMap;

/// What answers from memory keep ready: the headers of a redirect and its locations, and the
/// supported-assets answers made so far.
#[derive(Debug)]
pub struct MemoryAnswers {
    /// The headers of a redirect (made with the headers rule, and the entries of the location
    /// and the per-answer headers), cloned for each.
    redirect_headers: HeaderMap,
    /// The `Location` of a redirect to each page, by page path (every redirect leads to a page).
    locations: FixedMap<Box<str>, HeaderValue>,
    /// The supported-assets answers made so far, ready to send.
    supported_assets: SupportedAssetResponses,
}

impl MemoryAnswers {
    /// The redirects' headers and locations of `site`.
    pub fn new(site: &ServedSite) -> Self {
        let mut redirect_headers = HeaderMap::new();
        redirect_headers.insert(header::LOCATION, HeaderValue::from_static("/"));
        redirect_headers.insert(header::CACHE_CONTROL, DAILY);
        follow_headers_rule(&mut redirect_headers, &site.security_headers);
        reserve_per_answer_entries(&mut redirect_headers);
        make_lasting(&mut redirect_headers);
        let locations = site
            .pages
            .paths()
            .filter_map(|path| {
                Some((
                    path.as_str().into(),
                    lasting(&HeaderValue::from_str(path).ok()?),
                ))
            })
            .collect();
        Self {
            redirect_headers,
            locations,
            supported_assets: SupportedAssetResponses::new(&site.security_headers),
        }
    }

    /// The answer from memory to a request of `site`: any method of supported assets, a `GET` or
    /// `HEAD` of a redirected path or a path without a page; `None` for every other request (a
    /// page's path, the router's own paths, among them the contact form's confirmations, other
    /// methods).
    pub fn answer<B>(&self, site: &ServedSite, request: &Request<B>) -> Option<Answered> {
        let method = request.method();
        let uri = request.uri();
        let path = uri.path();
        if path == supported_assets::PATH {
            let answered =
                self.supported_assets
                    .answer_method(site, method, uri, request.headers());
            return Some(answered);
        }
        if (method != Method::GET && method != Method::HEAD)
            || is_routed(path)
            || contact::is_confirmation(site, path)
        {
            return None;
        }
        match site.pages.resolver.resolve(path) {
            Resolution::Redirect(target) => {
                let response = self.permanent_redirect(target, uri.query());
                Some(Answered::following_headers_rule(response, REDIRECT))
            }
            Resolution::NotFound(missing) => {
                let response = missing_page(site, missing, uri, request.headers());
                let response = head_without_body(method, response);
                Some(Answered::new(response, missing.error_kind().page()))
            }
            Resolution::Page => None,
        }
    }

    /// A 301 to `target`, a page path of this site (with the anchor of one of its sections, for
    /// some redirects), keeping the query string, kept by caches for a day (`DAILY`).
    fn permanent_redirect(&self, target: &str, query: Option<&str>) -> Response {
        let location = match (query, self.locations.get(target)) {
            (None, Some(location)) => Ok(location.clone()),
            (None, None) => HeaderValue::from_str(target),
            (Some(query), _) => {
                let (path, anchor) = target.split_at(target.find('#').unwrap_or(target.len()));
                HeaderValue::from_str(&format!("{path}?{query}{anchor}"))
            }
        };
        let mut response = with_headers(
            StatusCode::MOVED_PERMANENTLY,
            self.redirect_headers.clone(),
            Body::empty(),
        );
        response.headers_mut().insert(
            header::LOCATION,
            location.unwrap_or_else(|_| HeaderValue::from_static("/")),
        );
        response
    }
}

/// The route the log and the metrics name for a redirect.
const REDIRECT: &str = "redirect";

/// Whether the router has a route for `path` (the health checks and the API), so no answer
/// from memory may take it.
fn is_routed(path: &str) -> bool {
    is_api(path) || path == HEALTH_PATH || path == READY_PATH
}
