//! Fixed answers: every URL whose answer never changes while the process runs (documents,
//! static files, share cards, the SEO files, the build files) with its complete response
//! headers, one set per content coding, made with the headers rule of every answer
//! ([`follow_headers_rule`]) when the answer is made. Files get theirs at start-up, a document or
//! a share card the first time it is asked for (when the site renders or draws it). A request for
//! one is a table lookup, a coding choice and a clone of ready headers: no routing, no
//! formatting, and nothing for the secure layer to add.

use std::sync::{Arc, OnceLock};

use std::collections::HashMap;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, Request, StatusCode, header};

use super::answer_entries::reserve_per_answer_entries;
use super::answered::{Answered, follow_headers_rule};
use super::negotiate::{choose_coding, not_modified};
use super::respond::{
    DAILY, HOURLY, HTML, JSON, NO_CACHE, NO_STORE, PLAIN_TEXT, VARY, WEB_MANIFEST, XML,
    with_headers,
};
use crate::lasting::{lasting, make_lasting};
use crate::render::encoded::{Coding, Encoded, etag_of};
use crate::render::served_site::ServedSite;
use crate::render::static_files::Caching;
use crate::seo::feed::FEED_CONTENT_TYPE;
use crate::seo::security_txt::SECURITY_TXT_PATH;
use custody_metrics::intern;

/// Every fixed answer by request path.
#[derive(Debug)]
pub struct FixedAnswers {
    by_path: HashMap<Box<str>, Fixed>,
    /// The headers of a `406 Not Acceptable` (no coding the client accepts), the same for every
    /// URL.
    not_acceptable: HeaderMap,
}

/// A URL's answer: ready, or a document's or share card's, made when first asked for.
#[derive(Debug)]
enum Fixed {
    Ready(FixedAnswer),
    Document(OnceLock<FixedAnswer>),
    /// `None` when the card could not be drawn (logged): the URL is then not found.
    ShareCard(OnceLock<Option<FixedAnswer>>),
}

/// The ready responses of one URL.
#[derive(Debug)]
struct FixedAnswer {
    /// The route the request log names (`/faq/{id}`, `static file`).
    route: &'static str,
    /// The body in every coding it is offered in.
    body: Arc<Encoded>,
    /// Each coding the body is offered in, best first, with its ETag and headers.
    variants: Vec<Variant>,
}

/// One representation of a URL: the body in one coding.
#[derive(Debug)]
struct Variant {
    coding: Coding,
    /// The representation's strong ETag, for `If-None-Match`.
    etag: HeaderValue,
    /// The headers of a `200`.
    headers: HeaderMap,
    /// The headers of a `304 Not Modified`.
    not_modified: HeaderMap,
}

impl FixedAnswers {
    /// Collects the fixed answers of `site`: its API routes' fixed files, then static files,
    /// then pages (the precedence the router gives them).
    pub fn new(site: &ServedSite) -> Self {
        let security = &site.security_headers;
        let mut not_acceptable = HeaderMap::with_capacity(2 + security.len());
        not_acceptable.insert(header::VARY, VARY);
        not_acceptable.insert(header::CACHE_CONTROL, NO_STORE);
        follow_headers_rule(&mut not_acceptable, security);
        let mut answers = Self {
            by_path: HashMap::new(),
            not_acceptable,
        };
        for path in site.pages.paths() {
            let lazy = Fixed::Document(OnceLock::new());
            answers.by_path.insert(path.as_str().into(), lazy);
        }
        for (path, file) in &site.files.static_files {
            let mut extra = HeaderMap::new();
            if let Some(disposition) = &file.disposition {
                extra.insert(header::CONTENT_DISPOSITION, disposition.clone());
            }
            let answer = FixedAnswer::new(
                Arc::new(file.body.clone()),
                file.content_type.clone(),
                file.caching.header(),
                extra,
                security,
                "static file",
            );
            answers
                .by_path
                .insert(path.as_str().into(), Fixed::Ready(answer));
        }
        for url in site.build.share_cards.values() {
            let lazy = Fixed::ShareCard(OnceLock::new());
            answers.by_path.insert(url.as_str().into(), lazy);
        }
        let files = [
            ("/sitemap.xml", &site.files.sitemap, XML, HOURLY),
            ("/robots.txt", &site.files.robots, PLAIN_TEXT, DAILY),
            (
                "/manifest.webmanifest",
                &site.files.web_manifest,
                WEB_MANIFEST,
                NO_CACHE,
            ),
            (
                SECURITY_TXT_PATH,
                &site.files.security_txt,
                PLAIN_TEXT,
                DAILY,
            ),
        ];
        let feeds = site
            .files
            .feeds
            .iter()
            .map(|(path, body)| (path.as_str(), body, FEED_CONTENT_TYPE, HOURLY));
        for (path, body, content_type, cache_control) in files.into_iter().chain(feeds) {
            let content_type = HeaderValue::from_static(content_type);
            let answer = FixedAnswer::new(
                Arc::new(body.clone()),
                content_type,
                cache_control,
                HeaderMap::new(),
                security,
                path,
            );
            answers.by_path.insert(path.into(), Fixed::Ready(answer));
        }
        let latest = "/_app/builds/latest.json";
        let meta = format!("/_app/builds/meta/{}.json", site.build.build_id);
        for (path, body, route) in [
            (latest, &site.files.latest_build, latest),
            (
                meta.as_str(),
                &site.files.build_meta,
                "/_app/builds/meta/{file}",
            ),
        ] {
            let body = Arc::new(body.clone());
            let answer = FixedAnswer::new(body, JSON, NO_CACHE, HeaderMap::new(), security, route);
            answers.by_path.insert(path.into(), Fixed::Ready(answer));
        }
        answers
    }

    /// Answers a `GET` or `HEAD` of a fixed URL of `site`: in a coding the client accepts, `304`
    /// when `If-None-Match` matches that coding's ETag, `406` when it accepts none. `None` leaves
    /// the request to the next kind of answer (other methods, other paths).
    pub fn answer<B>(&self, site: &ServedSite, request: &Request<B>) -> Option<Answered> {
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return None;
        }
        let path = request.uri().path();
        let answer = match self.by_path.get(path)? {
            Fixed::Ready(answer) => answer,
            Fixed::Document(lazy) => lazy.get_or_init(|| document_answer(site, path)),
            Fixed::ShareCard(lazy) => lazy
                .get_or_init(|| share_card_answer(site, path))
                .as_ref()?,
        };
        let headers = request.headers();
        let Some(coding) = choose_coding(headers, answer.variants.iter().map(|v| v.coding)) else {
            let response = with_headers(
                StatusCode::NOT_ACCEPTABLE,
                self.not_acceptable.clone(),
                Body::from("no acceptable content coding"),
            );
            return Some(Answered::following_headers_rule(response, answer.route));
        };
        let variant = answer.variants.iter().find(|v| v.coding == coding)?;
        let response = if not_modified(headers, &variant.etag) {
            with_headers(
                StatusCode::NOT_MODIFIED,
                variant.not_modified.clone(),
                Body::empty(),
            )
        } else if request.method() == Method::HEAD {
            // The length a GET would get, and no body (HTTP/2 forbids one on HEAD).
            let mut response = with_headers(StatusCode::OK, variant.headers.clone(), Body::empty());
            let length = answer.body.body(coding).len();
            response
                .headers_mut()
                .insert(header::CONTENT_LENGTH, length.into());
            response
        } else {
            with_headers(
                StatusCode::OK,
                variant.headers.clone(),
                Body::from(answer.body.body(coding)),
            )
        };
        Some(Answered::following_headers_rule(response, answer.route))
    }
}

impl FixedAnswer {
    fn new(
        body: Arc<Encoded>,
        content_type: HeaderValue,
        cache_control: HeaderValue,
        extra: HeaderMap,
        security: &HeaderMap,
        route: &str,
    ) -> Self {
        let variants = body
            .available()
            .map(|coding| {
                let etag = lasting(&body.etag(coding));
                let mut not_modified = HeaderMap::with_capacity(4 + security.len());
                not_modified.insert(header::CACHE_CONTROL, cache_control.clone());
                not_modified.insert(header::ETAG, etag.clone());
                not_modified.insert(header::VARY, VARY);
                let mut headers = not_modified.clone();
                headers.insert(header::CONTENT_TYPE, content_type.clone());
                if let Some(encoding) = coding.header() {
                    headers.insert(header::CONTENT_ENCODING, encoding);
                }
                headers.extend(extra.clone());
                for headers in [&mut headers, &mut not_modified] {
                    follow_headers_rule(headers, security);
                    reserve_per_answer_entries(headers);
                    make_lasting(headers);
                }
                Variant {
                    coding,
                    etag,
                    headers,
                    not_modified,
                }
            })
            .collect();
        Self {
            route: intern(route),
            body,
            variants,
        }
    }
}

/// The answer of the document at `path`, one of `site`'s pages: the site renders it now if no
/// one asked for it before.
fn document_answer(site: &ServedSite, path: &str) -> FixedAnswer {
    let page = site.pages.get(path).expect("a page of the site");
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
    FixedAnswer::new(
        document,
        HTML,
        NO_CACHE,
        extra,
        &site.security_headers,
        &page.pattern,
    )
}

/// The answer of the share card at `path`, drawn now; `None` (and an error logged) when it cannot
/// be drawn.
fn share_card_answer(site: &ServedSite, path: &str) -> Option<FixedAnswer> {
    let png = site
        .files
        .share_cards
        .png(path)
        .inspect_err(|error| tracing::error!(error = format!("{error:#}"), "share card"))
        .ok()?;
    // The URL names the picture (its hash covers the layout, the glyphs and the drawing code).
    let body = Encoded::tagged(png.into(), None, None, etag_of(path.as_bytes()));
    Some(FixedAnswer::new(
        Arc::new(body),
        HeaderValue::from_static("image/png"),
        Caching::Immutable.header(),
        HeaderMap::new(),
        &site.security_headers,
        "share card",
    ))
}
