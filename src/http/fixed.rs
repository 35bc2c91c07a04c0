//! Fixed answers: every URL whose answer never changes while the process runs (documents,
//! static files, the SEO files, the build files) with its complete responses made at start-up,
//! one per content coding, security headers included. A request for one is a table lookup, a
//! coding choice and a clone of ready headers: no routing, no middleware, no formatting.

use std::collections::HashMap;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, Request, StatusCode, header};
use axum::response::Response;

use super::negotiate::{choose_coding, not_modified};
use super::respond::{HTML, JSON, NO_CACHE};
use crate::metrics::intern;
use crate::render::encoded::{Coding, Encoded};
use crate::render::site::Site;
use crate::site::feed::FEED_CONTENT_TYPE;
use crate::site::security_txt::SECURITY_TXT_PATH;

/// `Vary` of every negotiated body.
const VARY: HeaderValue = HeaderValue::from_static("accept-encoding");

/// Every fixed answer by request path.
#[derive(Debug, Default)]
pub struct FixedAnswers {
    by_path: HashMap<Box<str>, FixedAnswer>,
}

/// The ready responses of one URL.
#[derive(Debug)]
struct FixedAnswer {
    /// The route the request log names (`/faq/{id}`, `static file`).
    route: &'static str,
    /// The body's strong ETag, for `If-None-Match`.
    etag: HeaderValue,
    /// The headers of a `304 Not Modified`.
    not_modified: HeaderMap,
    /// The body in each coding it exists in, best first, with the headers of a `200`.
    variants: Vec<Variant>,
}

#[derive(Debug)]
struct Variant {
    coding: Coding,
    body: Bytes,
    headers: HeaderMap,
}

impl FixedAnswers {
    /// Collects the fixed answers of `site`: its API routes' fixed files, then static files,
    /// then pages (the precedence the router gives them).
    pub fn new(site: &Site) -> Self {
        let mut answers = Self::default();
        let security = &site.security_headers;
        for (path, page) in &site.pages {
            let mut extra = HeaderMap::new();
            if page.noindex {
                extra.insert(
                    HeaderName::from_static("x-robots-tag"),
                    HeaderValue::from_static("noindex, nofollow"),
                );
            }
            let answer = FixedAnswer::new(
                &page.document,
                HTML,
                NO_CACHE,
                extra,
                security,
                &page.pattern,
            );
            answers.by_path.insert(path.as_str().into(), answer);
        }
        for (path, asset) in &site.assets {
            let mut extra = HeaderMap::new();
            if let Some(disposition) = &asset.disposition {
                extra.insert(header::CONTENT_DISPOSITION, disposition.clone());
            }
            let answer = FixedAnswer::new(
                &asset.body,
                asset.content_type.clone(),
                asset.caching.header(),
                extra,
                security,
                "static file",
            );
            answers.by_path.insert(path.as_str().into(), answer);
        }
        let files = [
            (
                "/sitemap.xml",
                &site.sitemap,
                "application/xml; charset=utf-8",
            ),
            ("/robots.txt", &site.robots, "text/plain; charset=utf-8"),
            (
                "/manifest.webmanifest",
                &site.web_manifest,
                "application/manifest+json",
            ),
            (
                SECURITY_TXT_PATH,
                &site.security_txt,
                "text/plain; charset=utf-8",
            ),
        ];
        let feeds = site
            .feeds
            .iter()
            .map(|(path, body)| (path.as_str(), body, FEED_CONTENT_TYPE));
        for (path, body, content_type) in files.into_iter().chain(feeds) {
            let content_type = HeaderValue::from_static(content_type);
            let answer = FixedAnswer::new(
                body,
                content_type,
                NO_CACHE,
                HeaderMap::new(),
                security,
                path,
            );
            answers.by_path.insert(path.into(), answer);
        }
        let latest = "/_app/builds/latest.json";
        let meta = format!("/_app/builds/meta/{}.json", site.build.build_id);
        for (path, body, route) in [
            (latest, &site.latest_build, latest),
            (meta.as_str(), &site.build_meta, "/_app/builds/meta/{file}"),
        ] {
            let answer = FixedAnswer::new(body, JSON, NO_CACHE, HeaderMap::new(), security, route);
            answers.by_path.insert(path.into(), answer);
        }
        answers
    }

    /// Answers a `GET` or `HEAD` of a fixed URL in a coding the client accepts; `None` leaves the
    /// request to the router (other methods, other paths, no acceptable coding).
    pub fn answer<B>(&self, request: &Request<B>) -> Option<(Response, &'static str)> {
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return None;
        }
        let answer = self.by_path.get(request.uri().path())?;
        let headers = request.headers();
        let coding = choose_coding(headers, answer.variants.iter().map(|v| v.coding))?;
        let response = if not_modified(headers, &answer.etag) {
            ready(
                StatusCode::NOT_MODIFIED,
                &answer.not_modified,
                Body::empty(),
            )
        } else {
            let variant = answer.variants.iter().find(|v| v.coding == coding)?;
            if request.method() == Method::HEAD {
                // The length a GET would get, and no body (HTTP/2 forbids one on HEAD).
                let mut response = ready(StatusCode::OK, &variant.headers, Body::empty());
                response
                    .headers_mut()
                    .insert(header::CONTENT_LENGTH, variant.body.len().into());
                response
            } else {
                ready(
                    StatusCode::OK,
                    &variant.headers,
                    Body::from(variant.body.clone()),
                )
            }
        };
        Some((response, answer.route))
    }
}

impl FixedAnswer {
    fn new(
        body: &Encoded,
        content_type: HeaderValue,
        cache_control: HeaderValue,
        extra: HeaderMap,
        security: &HeaderMap,
        route: &str,
    ) -> Self {
        let mut not_modified = HeaderMap::with_capacity(4 + security.len());
        not_modified.insert(header::CACHE_CONTROL, cache_control);
        not_modified.insert(header::ETAG, body.etag().clone());
        not_modified.insert(header::VARY, VARY);
        let variants = body
            .available()
            .map(|coding| {
                let mut headers = not_modified.clone();
                headers.insert(header::CONTENT_TYPE, content_type.clone());
                if let Some(encoding) = coding.header() {
                    headers.insert(header::CONTENT_ENCODING, encoding);
                }
                headers.extend(extra.clone());
                with_security(&mut headers, security);
                Variant {
                    coding,
                    body: body.body(coding),
                    headers,
                }
            })
            .collect();
        with_security(&mut not_modified, security);
        Self {
            route: intern(route),
            etag: body.etag().clone(),
            not_modified,
            variants,
        }
    }
}

/// Adds each security header the response does not set itself.
pub fn with_security(headers: &mut HeaderMap, security: &HeaderMap) {
    for (name, value) in security {
        if !headers.contains_key(name) {
            headers.insert(name, value.clone());
        }
    }
}

fn ready(status: StatusCode, headers: &HeaderMap, body: Body) -> Response {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    *response.headers_mut() = headers.clone();
    response
}
