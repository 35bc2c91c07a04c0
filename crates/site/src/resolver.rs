//! Where a request path leads: a page, a permanent redirect to a page, or nowhere.
//!
//! Every redirect target is a page path taken from the page table, never text from the request,
//! so no request can redirect off this site (`//host`, `/%5chost`, `/en//host` all end in 404).

use custody_content::pages::error_kind::ErrorKind;
use custody_content::{Content, Lang};

use crate::tables::{FixedMap, FixedSet};

/// The outcome of resolving a request path (borrowing from the resolver).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution<'a> {
    /// A page of the site, served at exactly this path.
    Page,
    /// A permanent redirect to this page path (without query string), from the resolver's own
    /// tables.
    Redirect(&'a str),
    /// No page: a 404.
    NotFound(Missing),
}

/// A path without a page: the language of its 404, and whether it names an unknown id under a
/// dynamic route (`/faq/unknown`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Missing {
    /// The language of the error page, from the path's first segment.
    pub lang: Lang,
    /// True when a dynamic route's validity check failed.
    pub invalid: bool,
}

impl Missing {
    /// The error page it is answered with.
    pub fn error_kind(self) -> ErrorKind {
        if self.invalid {
            ErrorKind::Invalid
        } else {
            ErrorKind::NotFound
        }
    }
}

/// Resolves request paths against the page table and the retired-path table.
#[derive(Debug, Clone)]
pub struct Resolver {
    pages: FixedSet<String>,
    /// Each retired path (without its language) with the page it leads to in each language, made
    /// once so that a redirect borrows its target instead of making it.
    legacy: FixedMap<String, Localized>,
    dynamic_prefixes: Vec<String>,
}

/// A page path in each language (`/about`, `/zh/about`).
#[derive(Debug, Clone)]
struct Localized([String; Lang::ALL.len()]);

impl Localized {
    fn new(path: &str) -> Self {
        Self(Lang::ALL.map(|lang| lang.localize(path)))
    }

    fn get(&self, lang: Lang) -> &str {
        let index = Lang::ALL
            .iter()
            .position(|known| *known == lang)
            .expect("every language is in Lang::ALL");
        &self.0[index]
    }
}

impl Resolver {
    /// Builds the resolver for `content`; `pages` are all localized page paths.
    pub fn new(content: &Content, pages: impl IntoIterator<Item = String>) -> Self {
        Self {
            pages: pages.into_iter().collect(),
            legacy: content
                .redirects
                .iter()
                .map(|r| (r.from.clone(), Localized::new(&r.to)))
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
    pub fn resolve(&self, path: &str) -> Resolution<'_> {
        if self.pages.contains(path) {
            return Resolution::Page;
        }
        let normalized = normalized(path);
        if normalized != path
            && let Some(page) = self.pages.get(normalized)
        {
            return Resolution::Redirect(page);
        }
        let (lang, unprefixed) = Lang::split(normalized);
        if let Some(target) = unprefixed
            .strip_prefix('/')
            .and_then(|old| self.legacy.get(old))
        {
            return Resolution::Redirect(target.get(lang));
        }
        Resolution::NotFound(self.missing(path))
    }

    /// The 404 of a path that is neither a page nor redirected.
    pub fn missing(&self, path: &str) -> Missing {
        let unprefixed = Lang::split(normalized(path)).1;
        let invalid = self.dynamic_prefixes.iter().any(|prefix| {
            unprefixed
                .strip_prefix(prefix.as_str())
                .is_some_and(|id| !id.is_empty() && !id.contains('/'))
        });
        Missing {
            lang: Lang::split(path).0,
            invalid,
        }
    }
}

/// The path a page would have: without trailing slashes (`/` stays) and without an `/en` prefix.
fn normalized(path: &str) -> &str {
    let trimmed = match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    match trimmed.strip_prefix("/en") {
        Some("") => "/",
        Some(rest) if rest.starts_with('/') => rest,
        _ => trimmed,
    }
}
