//! Fixed answers: every URL whose answer never changes while the process runs (documents,
//! static files, share cards, the SEO files, the build files) with its complete response
//! headers, one set per content coding (with room for the security headers and the request id the
//! pipeline sets on every answer), made when the answer is made. Files get theirs at start-up, a
//! document or a share card the first time it is asked for (when the site renders or draws it). A
//! request for one is a table lookup, a coding choice and a clone of ready headers: no routing,
//! and no formatting.

use std::sync::{Arc, OnceLock};

use axum::http::header::CONTENT_DISPOSITION;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, Request};

use super::answered::Answered;
use super::ready::{Description, ReadyResponse, ReadyResponses};
use super::respond::{DAILY, HOURLY, HTML, JSON, NO_CACHE, PLAIN_TEXT, WEB_MANIFEST, XML};
use crate::render::encoded::{Encoded, etag_of};
use crate::render::served_site::ServedSite;
use crate::render::static_files::Caching;
use crate::seo::feed::FEED_CONTENT_TYPE;
use crate::seo::security_txt::SECURITY_TXT_PATH;
use crate::tables::FixedMap;

/// Every fixed answer by request path.
#[derive(Debug)]
pub struct FixedResponses {
    by_path: FixedMap<Box<str>, Fixed>,
    /// What the answers are made with: room for the site's security headers.
    ready: ReadyResponses,
}

/// A URL's answer: ready, or a document's or share card's, made when first asked for.
#[derive(Debug)]
enum Fixed {
    Ready(ReadyResponse),
    Document(OnceLock<ReadyResponse>),
    /// `None` when the card could not be drawn (logged): the URL is then not found.
    ShareCard(OnceLock<Option<ReadyResponse>>),
}

impl FixedResponses {
    /// Collects the fixed answers of `site`: its API routes' fixed files, then static files,
    /// then pages (the precedence the router gives them).
    pub fn new(site: &ServedSite) -> Self {
        let mut answers = Self {
            by_path: FixedMap::default(),
            ready: ReadyResponses::new(site.security_headers()),
        };
        for path in site.pages().paths() {
            let lazy = Fixed::Document(OnceLock::new());
            answers.by_path.insert(path.as_str().into(), lazy);
        }
        for (path, file) in &site.files().static_files {
            let mut extra = HeaderMap::new();
            if let Some(disposition) = &file.disposition {
                extra.insert(CONTENT_DISPOSITION, disposition.clone());
            }
            let description = described(
                file.content_type.clone(),
                file.caching.header(),
                extra,
                "static file",
            );
            answers.insert_ready(path, file.body.clone(), &description);
        }
        for url in site.build().share_cards.values() {
            let lazy = Fixed::ShareCard(OnceLock::new());
            answers.by_path.insert(url.as_str().into(), lazy);
        }
        let files = [
            ("/sitemap.xml", &site.files().sitemap, XML, HOURLY),
            ("/robots.txt", &site.files().robots, PLAIN_TEXT, DAILY),
            (
                "/manifest.webmanifest",
                &site.files().web_manifest,
                WEB_MANIFEST,
                NO_CACHE,
            ),
            (
                SECURITY_TXT_PATH,
                &site.files().security_txt,
                PLAIN_TEXT,
                DAILY,
            ),
        ];
        let feeds = site
            .files()
            .feeds
            .iter()
            .map(|(path, body)| (path.as_str(), body, FEED_CONTENT_TYPE, HOURLY));
        for (path, body, content_type, cache_control) in files.into_iter().chain(feeds) {
            let content_type = HeaderValue::from_static(content_type);
            let description = described(content_type, cache_control, HeaderMap::new(), path);
            answers.insert_ready(path, body.clone(), &description);
        }
        let latest = "/_app/builds/latest.json";
        let meta = format!("/_app/builds/meta/{}.json", site.build().build_id);
        for (path, body, route) in [
            (latest, &site.files().latest_build, latest),
            (
                meta.as_str(),
                &site.files().build_meta,
                "/_app/builds/meta/{file}",
            ),
        ] {
            let description = described(JSON, NO_CACHE, HeaderMap::new(), route);
            answers.insert_ready(path, body.clone(), &description);
        }
        answers
    }

    /// The paths of the fixed answers that are files (every one but the pages' documents).
    pub fn file_paths(&self) -> impl Iterator<Item = &str> {
        self.by_path
            .iter()
            .filter(|(_, fixed)| !matches!(fixed, Fixed::Document(_)))
            .map(|(path, _)| &**path)
    }

    /// Makes the answer of `path` now, from `body` as `description` describes it.
    fn insert_ready(&mut self, path: &str, body: Encoded, description: &Description<'_>) {
        let answer = self.ready.make(Arc::new(body), description);
        self.by_path.insert(path.into(), Fixed::Ready(answer));
    }

    /// Answers a `GET` or `HEAD` of a fixed URL of `site`: in a coding the client accepts, `304`
    /// when `If-None-Match` matches that coding's ETag, `406` when it accepts none. `None` leaves
    /// the request to the next kind of answer (other methods, other paths).
    pub fn answer<B>(&self, site: &ServedSite, request: &Request<B>) -> Option<Answered> {
        let method = request.method();
        if method != Method::GET && method != Method::HEAD {
            return None;
        }
        let path = request.uri().path();
        let answer = match self.by_path.get(path)? {
            Fixed::Ready(answer) => answer,
            Fixed::Document(lazy) => lazy.get_or_init(|| self.document_answer(site, path)),
            Fixed::ShareCard(lazy) => lazy
                .get_or_init(|| self.share_card_answer(site, path))
                .as_ref()?,
        };
        Some(self.ready.answer(answer, method, request.headers()))
    }

    /// The answer of the document at `path`, one of `site`'s pages: the site renders it now if
    /// no one asked for it before.
    fn document_answer(&self, site: &ServedSite, path: &str) -> ReadyResponse {
        let page = site.pages().get(path).expect("a page of the site");
        let mut extra = HeaderMap::new();
        if page.noindex {
            extra.insert(
                HeaderName::from_static("x-robots-tag"),
                HeaderValue::from_static("noindex, nofollow"),
            );
        }
        let document = site
            .page(path)
            .expect("a page of the site")
            .document
            .clone();
        let description = described(HTML, NO_CACHE, extra, &page.pattern);
        self.ready.make(document, &description)
    }

    /// The answer of the share card at `path`, drawn now; `None` (and an error logged) when it
    /// cannot be drawn.
    fn share_card_answer(&self, site: &ServedSite, path: &str) -> Option<ReadyResponse> {
        let png = site
            .files()
            .share_cards
            .png(path)
            .inspect_err(|error| tracing::error!(error = format!("{error:#}"), "share card"))
            .ok()?;
        // The URL names the picture (its hash covers the layout, the glyphs and the drawing code).
        let body = Encoded::tagged(png.into(), None, None, etag_of(path.as_bytes()));
        let description = described(
            HeaderValue::from_static("image/png"),
            Caching::Immutable.header(),
            HeaderMap::new(),
            "share card",
        );
        Some(self.ready.make(Arc::new(body), &description))
    }
}

/// The description of a fixed answer.
fn described(
    content_type: HeaderValue,
    cache_control: HeaderValue,
    extra: HeaderMap,
    route: &str,
) -> Description<'_> {
    Description {
        content_type,
        cache_control,
        extra,
        route,
    }
}
