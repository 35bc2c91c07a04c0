//! The one route table of the site: every path it answers, each with its methods and its kind
//! (a page, a file, an endpoint, previous builds' files), from which the router's paths are made
//! (`crates/site/src/http/endpoints.rs`) and by which a request is resolved once
//! ([`RouteTable::resolve`]) into the [`Route`] the pipeline's dispatch
//! (`crates/site/src/http/pipeline/dispatch.rs`) answers.
//!
//! A request is resolved by one lookup of its path among the exact paths, then a match of the few
//! patterns segment by segment, then the two mounts (the API's and the interface's, whose
//! addresses without a route are answered in JSON), then the resolver's redirects and pages not
//! found: no allocation, no regular expression.

use axum::http::Method;

use super::fixed::FixedResponses;
use super::supported_assets;
use super::{HEALTH_PATH, READY_PATH};
use crate::render::served_site::ServedSite;
use crate::resolver::{Missing, Resolution};
use crate::tables::FixedMap;
use custody_content::Lang;

/// What answers a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A page's document (made in memory for `GET` and `HEAD`; the router takes other methods).
    Page,
    /// A file whose answer never changes while the process runs (static and SEO files, share
    /// cards, the running build's files).
    File,
    /// The supported-assets query, answered from memory for every method.
    AssetQuery,
    /// An endpoint of the router.
    Endpoint,
    /// Previous builds' files: the interface's mount, and the manifest of a build other than the
    /// running one (the router's handler answers one no previous build holds).
    PreviousBuild,
    /// The API's mount: an API address without an endpoint.
    ApiMount,
}

/// The router's handler of an endpoint (`crates/site/src/http/endpoints.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handler {
    /// The liveness check.
    Health,
    /// The readiness check.
    Ready,
    /// The manifest of a build other than the running one.
    UnknownBuild,
    /// The page data of client-side navigation.
    PageData,
    /// The search of a scope.
    Search,
    /// The contact form posted by the interface (JSON).
    ContactApi,
    /// The contact form posted without scripts, at the contact page.
    ContactForm,
    /// The confirmation of an application sent with the form.
    Confirmation,
}

/// A route of the table as declared.
#[derive(Debug, Clone)]
pub struct Declared {
    /// The path, or the router's pattern (`{name}` stands for one segment).
    pub pattern: Box<str>,
    /// The methods it answers.
    pub methods: &'static [Method],
    /// What answers it.
    pub kind: Kind,
    /// Whether its errors are JSON (the API's and the interface's addresses) rather than pages.
    pub json_errors: bool,
    /// The router's handler, for a route the router answers (other methods than `GET` and `HEAD`
    /// of a page, the router's fallback, take the router's fallback).
    pub handler: Option<Handler>,
    /// Whether it is a mount (every path under it that no other route declares).
    pub mount: bool,
}

/// What a request's path resolves to.
#[derive(Debug, Clone, Copy)]
pub enum Route<'t> {
    /// A declared route.
    Declared(&'t Declared),
    /// A path that leads to the page at another path (a retired path, `/en/…`, a trailing slash).
    Redirect(&'t str),
    /// A path without a page.
    Missing(Missing),
}

impl Route<'_> {
    /// The kind of a declared route.
    pub fn kind(self) -> Option<Kind> {
        match self {
            Route::Declared(declared) => Some(declared.kind),
            Route::Redirect(_) | Route::Missing(_) => None,
        }
    }

    /// Whether the route is one of the mounts: a path under it that no other route declares.
    pub fn is_mount(self) -> bool {
        matches!(self, Route::Declared(declared) if declared.mount)
    }

    /// Whether the route's errors are JSON rather than pages.
    pub fn json_errors(self) -> bool {
        matches!(self, Route::Declared(declared) if declared.json_errors)
    }
}

const READ: &[Method] = &[Method::GET, Method::HEAD];
const POSTED: &[Method] = &[Method::POST];
const READ_OR_POSTED: &[Method] = &[Method::GET, Method::HEAD, Method::POST];
const ANY: &[Method] = &[];

/// What follows the contact page's path in the address of a confirmation, before the id.
pub const RECEIVED: &str = "/received/";

/// The mounts whose addresses answer errors in JSON, and what takes their paths without a route.
const MOUNTS: [(&str, Kind); 2] = [
    ("/api/", Kind::ApiMount),
    (crate::previous::PREFIX, Kind::PreviousBuild),
];

/// Every route of the site.
#[derive(Debug)]
pub struct RouteTable {
    exact: FixedMap<Box<str>, Declared>,
    patterns: Vec<Declared>,
    mounts: Vec<(&'static str, Declared)>,
    site: std::sync::Arc<ServedSite>,
}

impl RouteTable {
    /// The routes of `site`, whose fixed answers are `fixed`.
    pub fn new(site: std::sync::Arc<ServedSite>, fixed: &FixedResponses) -> Self {
        let mut table = Self {
            exact: FixedMap::default(),
            patterns: Vec::new(),
            mounts: Vec::new(),
            site: site.clone(),
        };
        for path in site.pages().paths() {
            table.declare(path, READ, Kind::Page, None);
        }
        for path in fixed.file_paths() {
            table.declare(path, READ, Kind::File, None);
        }
        table.declare(supported_assets::PATH, ANY, Kind::AssetQuery, None);
        let endpoints = [
            (HEALTH_PATH, READ, Handler::Health),
            (READY_PATH, READ, Handler::Ready),
            ("/_app/data", READ, Handler::PageData),
            ("/api/{scope}/search", READ, Handler::Search),
            ("/api/contact", POSTED, Handler::ContactApi),
        ];
        for (pattern, methods, handler) in endpoints {
            table.declare(pattern, methods, Kind::Endpoint, Some(handler));
        }
        let other_build = Some(Handler::UnknownBuild);
        table.declare(
            "/_app/builds/meta/{file}",
            READ,
            Kind::PreviousBuild,
            other_build,
        );
        for lang in Lang::ALL {
            let page = site.answer_documents().page_path(lang);
            let confirmation = format!("{page}{RECEIVED}{{id}}");
            table.declare(page, READ_OR_POSTED, Kind::Page, Some(Handler::ContactForm));
            table.declare(
                &confirmation,
                READ,
                Kind::Endpoint,
                Some(Handler::Confirmation),
            );
        }
        for (mount, kind) in MOUNTS {
            let route = Declared {
                mount: true,
                ..declared(mount, ANY, kind, None)
            };
            table.mounts.push((mount, route));
        }
        table
    }

    /// Adds a route. An exact path may be declared again only as the same kind with more methods
    /// (the contact page, which also takes the form): any other path declared twice is a mistake
    /// of this table, which the route table's test (`tests/site/route_table.rs`) shows at once.
    fn declare(
        &mut self,
        pattern: &str,
        methods: &'static [Method],
        kind: Kind,
        handler: Option<Handler>,
    ) {
        let route = declared(pattern, methods, kind, handler);
        if pattern.contains('{') {
            self.patterns.push(route);
            return;
        }
        let before = self.exact.insert(pattern.into(), route);
        assert!(
            before.is_none_or(|before| before.kind == kind && before.handler.is_none()),
            "the route table declares {pattern} twice"
        );
    }

    /// Resolves `path` (percent-encoded, as received) into its route.
    pub fn resolve(&self, path: &str) -> Route<'_> {
        if let Some(route) = self.exact.get(path) {
            return Route::Declared(route);
        }
        if let Some(route) = self
            .patterns
            .iter()
            .find(|route| matches(&route.pattern, path))
        {
            return Route::Declared(route);
        }
        if let Some((_, route)) = self
            .mounts
            .iter()
            .find(|(mount, _)| path.starts_with(mount))
        {
            return Route::Declared(route);
        }
        match self.site.pages().resolver.resolve(path) {
            Resolution::Redirect(target) => Route::Redirect(target),
            Resolution::NotFound(missing) => Route::Missing(missing),
            Resolution::Page => Route::Missing(self.site.pages().resolver.missing(path)),
        }
    }

    /// The site the routes are of.
    pub fn site(&self) -> &std::sync::Arc<ServedSite> {
        &self.site
    }

    /// Every declared route: exact paths, patterns, then mounts.
    pub fn declared(&self) -> impl Iterator<Item = &Declared> {
        let mounts = self.mounts.iter().map(|(_, route)| route);
        self.exact.values().chain(&self.patterns).chain(mounts)
    }
}

/// A declared route.
fn declared(
    pattern: &str,
    methods: &'static [Method],
    kind: Kind,
    handler: Option<Handler>,
) -> Declared {
    Declared {
        pattern: pattern.into(),
        methods,
        kind,
        json_errors: MOUNTS.iter().any(|(mount, _)| pattern.starts_with(mount)),
        handler,
        mount: false,
    }
}

/// Whether `path` matches `pattern`, segment by segment (`{name}` matching any one non-empty
/// segment).
fn matches(pattern: &str, path: &str) -> bool {
    let mut wanted = pattern.split('/');
    let mut given = path.split('/');
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some(want), Some(segment)) if want.starts_with('{') => {
                if segment.is_empty() {
                    return false;
                }
            }
            (Some(want), Some(segment)) if want == segment => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn a_pattern_matches_one_non_empty_segment_per_name() {
        assert!(matches("/api/{scope}/search", "/api/faq/search"));
        assert!(!matches("/api/{scope}/search", "/api//search"));
        assert!(!matches("/api/{scope}/search", "/api/a/b/search"));
        assert!(matches(
            "/contact-us/received/{id}",
            "/contact-us/received/k1"
        ));
        assert!(!matches(
            "/contact-us/received/{id}",
            "/contact-us/received/"
        ));
        assert!(!matches(
            "/contact-us/received/{id}",
            "/contact-us/received/a/b"
        ));
    }
}
