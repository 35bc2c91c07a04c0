//! Redirects from memory: the `301` of a path that leads to a page at another path (a retired
//! path, `/en/…`, a trailing slash), made from headers made once and cloned for each, keeping the
//! query string.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;

use super::answer_entries::reserve_per_answer_entries;
use super::answered::Answered;
use super::respond::{DAILY, with_headers};
use crate::render::served_site::ServedSite;
use crate::tables::FixedMap;

/// The headers of a redirect and its locations.
#[derive(Debug)]
pub struct Redirects {
    /// The headers of a redirect (its own, and the entries of the location, the security headers
    /// and the per-answer headers), cloned for each.
    redirect_headers: HeaderMap,
    /// The `Location` of a redirect to each page, by page path (every redirect leads to a page).
    locations: FixedMap<Box<str>, HeaderValue>,
}

impl Redirects {
    /// The redirects' headers and locations of `site`.
    pub fn new(site: &ServedSite) -> Self {
        let mut redirect_headers = HeaderMap::new();
        redirect_headers.insert(header::LOCATION, HeaderValue::from_static("/"));
        redirect_headers.insert(header::CACHE_CONTROL, DAILY);
        reserve_per_answer_entries(&mut redirect_headers, site.security_headers());
        let locations = site
            .pages()
            .paths()
            .filter_map(|path| Some((path.as_str().into(), HeaderValue::from_str(path).ok()?)))
            .collect();
        Self {
            redirect_headers,
            locations,
        }
    }

    /// The `301` to `target` of a `GET` or `HEAD` with the query string `query`, named for the log.
    pub fn answer(&self, target: &str, query: Option<&str>) -> Answered {
        Answered::new(self.permanent_redirect(target, query), REDIRECT)
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
