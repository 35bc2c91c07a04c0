//! Where a request path leads: a page, a permanent redirect to a page, or nowhere.
//!
//! Every redirect target is a page path taken from the page table, never text from the request,
//! so no request can redirect off this site (`//host`, `/%5chost`, `/en//host` all end in 404).

use std::collections::HashMap;

use custody_content::{Content, Lang};

/// The outcome of resolving a request path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// A page of the site, served at exactly this path.
    Page,
    /// A permanent redirect to this page path (without query string).
    Redirect(String),
    /// No page: a 404 in this language; `invalid` when a dynamic route's validity check failed.
    NotFound {
        /// The language of the error page, from the path's first segment.
        lang: Lang,
        /// True when the path names an unknown id under a dynamic route (`/faq/unknown`).
        invalid: bool,
    },
}

/// Resolves request paths against the page table and the retired-path table.
#[derive(Debug, Clone)]
pub struct Resolver {
    pages: std::collections::HashSet<String>,
    legacy: HashMap<String, String>,
    dynamic_prefixes: Vec<String>,
}

impl Resolver {
    /// Builds the resolver for `content`; `pages` are all localized page paths.
    pub fn new(content: &Content, pages: impl IntoIterator<Item = String>) -> Self {
        Self {
            pages: pages.into_iter().collect(),
            legacy: content
                .redirects
                .iter()
                .map(|r| (r.from.clone(), r.to.clone()))
                .collect(),
            dynamic_prefixes: content
                .routes
                .iter()
                .filter_map(|r| r.dynamic_prefix())
                .map(str::to_owned)
                .collect(),
        }
    }

    /// Resolves a request path (percent-encoded, as received).
    pub fn resolve(&self, path: &str) -> Resolution {
        if self.pages.contains(path) {
            return Resolution::Page;
        }
        let trimmed = match path.trim_end_matches('/') {
            "" => "/",
            trimmed => trimmed,
        };
        let normalized = match trimmed.strip_prefix("/en") {
            Some("") => "/",
            Some(rest) if rest.starts_with('/') => rest,
            _ => trimmed,
        };
        if normalized != path && self.pages.contains(normalized) {
            return Resolution::Redirect(normalized.to_owned());
        }
        let (lang, unprefixed) = Lang::split(normalized);
        if let Some(target) = unprefixed
            .strip_prefix('/')
            .and_then(|old| self.legacy.get(old))
        {
            return Resolution::Redirect(lang.localize(target));
        }
        let invalid = self.dynamic_prefixes.iter().any(|prefix| {
            unprefixed
                .strip_prefix(prefix.as_str())
                .is_some_and(|id| !id.is_empty() && !id.contains('/'))
        });
        Resolution::NotFound {
            lang: Lang::split(path).0,
            invalid,
        }
    }
}
