//! The service every request enters, and the one path of every answer made from memory: a fixed
//! answer (documents, static and SEO files, build files) is sent straight from memory, and so are
//! redirects, supported-assets answers and the 404 page; then come the files of previous builds
//! (`src/http/previous.rs`); everything else (the API, page data) goes through the router with
//! panics caught. Every answer gets the security headers and one request-log line.

use std::collections::HashMap;
use std::convert::Infallible;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{BoxError, Router};
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Either, Ready, ready};
use tower::{Service, ServiceExt};

use super::answer_entries::reserve_per_answer_entries;
use super::api_error::ApiError;
use super::errors::{error_page, named_error_page};
use super::fixed::{FixedAnswers, with_security};
use super::pages::missing_page;
use super::previous::{self, Previous};
use super::request_id::{X_REQUEST_ID, request_id};
use super::respond::{DAILY, NO_STORE, RoutePattern, with_headers};
use super::supported_assets;
use super::{HEALTH_PATH, READY_PATH};
use crate::lasting::{lasting, make_lasting};
use crate::previous::PreviousBuilds;
use crate::render::served_site::ServedSite;
use crate::resolver::Resolution;
use custody_content::Lang;
use custody_content::error_kind::ErrorKind;
use custody_metrics::{intern, metrics};

/// The whole site as one cheaply cloned service (one reference count per clone).
#[derive(Debug, Clone)]
pub struct SiteService(Arc<Parts>);

#[derive(Debug)]
struct Parts {
    site: Arc<ServedSite>,
    fixed: FixedAnswers,
    previous: PreviousBuilds,
    router: Router,
    /// The headers of a redirect (security headers, and the entries of the location and the
    /// per-answer headers), cloned for each.
    redirect_headers: HeaderMap,
    /// The `Location` of a redirect to each page, by page path (every redirect leads to a page).
    locations: HashMap<Box<str>, HeaderValue>,
    /// Whether the 404 of a `GET` or `HEAD` of a path without a page is answered from memory:
    /// always, but for the routes tests merge into the router (`src/testing.rs`), which may claim
    /// any path.
    #[cfg(feature = "testing")]
    answers_missing_pages: bool,
}

impl SiteService {
    /// Serves `site`'s fixed answers, the 404 of a path without a page included, then the files
    /// of `previous` builds, and hands every other request to `router` (which routes no path of a
    /// page: only the health checks and the API).
    pub fn new(site: Arc<ServedSite>, previous: PreviousBuilds, router: Router) -> Self {
        let fixed = FixedAnswers::new(&site);
        let mut redirect_headers = HeaderMap::new();
        redirect_headers.insert(header::LOCATION, HeaderValue::from_static("/"));
        redirect_headers.insert(header::CACHE_CONTROL, DAILY);
        with_security(&mut redirect_headers, &site.security_headers);
        reserve_per_answer_entries(&mut redirect_headers);
        make_lasting(&mut redirect_headers);
        let locations = site
            .pages
            .keys()
            .filter_map(|path| {
                Some((
                    path.as_str().into(),
                    lasting(&HeaderValue::from_str(path).ok()?),
                ))
            })
            .collect();
        Self(Arc::new(Parts {
            site,
            fixed,
            previous,
            router,
            redirect_headers,
            locations,
            #[cfg(feature = "testing")]
            answers_missing_pages: true,
        }))
    }

    /// This service, leaving the 404 of a path without a page to the router, where tests merge
    /// routes of their own (`src/testing.rs`).
    #[cfg(feature = "testing")]
    pub(crate) fn leaving_missing_pages_to_the_router(mut self) -> Self {
        Arc::get_mut(&mut self.0)
            .expect("a service not yet cloned")
            .answers_missing_pages = false;
        self
    }
}

impl<B> Service<Request<B>> for SiteService
where
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<
        Ready<Result<Response, Infallible>>,
        BoxFuture<'static, Result<Response, Infallible>>,
    >;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let started = Instant::now();
        let id = request_id(request.headers());
        let mut reading = None;
        let immediate = self
            .0
            .fixed
            .answer(&self.0.site, &request)
            .or_else(|| self.0.answer_from_memory(&request))
            .or_else(|| match self.0.previous_build_file(&request)? {
                Previous::Ready(response) => Some((response, previous::ROUTE)),
                Previous::Read(read) => {
                    reading = Some(read);
                    None
                }
            });
        if let Some((mut response, route)) = immediate {
            let done = Done {
                method: request.method(),
                path: request.uri().path(),
                route,
                id,
            };
            done.finish(&mut response, started);
            return Either::Left(ready(Ok(response)));
        }
        let parts = self.0.clone();
        Either::Right(Box::pin(async move {
            let method = request.method().clone();
            let uri = request.uri().clone();
            let from_disk = match reading {
                Some(read) => read.answer().await,
                None => None,
            };
            let mut response = match from_disk {
                Some(response) => response,
                None => parts.route(request).await,
            };
            let headers = response.headers_mut();
            with_security(headers, &parts.site.security_headers);
            // What the router answers without a freshness of its own (an extractor's rejection)
            // is not stored: every answer says how long it may be kept.
            if !headers.contains_key(header::CACHE_CONTROL) {
                headers.insert(header::CACHE_CONTROL, NO_STORE);
            }
            let extensions = response.extensions();
            let route = intern(
                match (
                    extensions.get::<RoutePattern>(),
                    extensions.get::<MatchedPath>(),
                ) {
                    (Some(pattern), _) => pattern.0,
                    (None, Some(matched)) => matched.as_str(),
                    (None, None) => UNROUTED,
                },
            );
            let done = Done {
                method: &method,
                path: uri.path(),
                route,
                id,
            };
            done.finish(&mut response, started);
            Ok(response)
        }))
    }
}

impl Parts {
    /// The router's answer, a panic in a handler answered `500` (JSON under the API, else the
    /// error page in the path's language).
    async fn route<B>(&self, request: Request<B>) -> Response
    where
        B: HttpBody<Data = Bytes> + Send + 'static,
        B::Error: Into<BoxError>,
    {
        let uri = request.uri().clone();
        let negotiation: HeaderMap = [header::ACCEPT_ENCODING, header::ACCEPT_LANGUAGE]
            .into_iter()
            .filter_map(|name| Some((name.clone(), request.headers().get(&name)?.clone())))
            .collect();
        let routed = AssertUnwindSafe(self.router.clone().oneshot(request))
            .catch_unwind()
            .await;
        match routed {
            Ok(Ok(response)) => response,
            Ok(Err(infallible)) => match infallible {},
            Err(_) => {
                tracing::error!(path = %uri.path(), "handler panicked; answered 500");
                if is_api(uri.path()) {
                    ApiError::Internal
                        .for_request(&self.site.content, &negotiation)
                        .into_response()
                } else {
                    let lang = Lang::split(uri.path()).0;
                    let kind = ErrorKind::ServerError;
                    let page = error_page(&self.site, lang, kind, uri.path(), &negotiation);
                    named_error_page(page, kind)
                }
            }
        }
    }

    /// The answer from a previous build's file, for a request no fixed answer took.
    fn previous_build_file<B>(&self, request: &Request<B>) -> Option<Previous> {
        previous::lookup(&self.previous, request, &self.site.security_headers)
    }

    /// The answers made from memory in a few lookups, which skip the router as fixed answers
    /// do: a `GET` of a supported-assets page (parsed and taken from its cache of encoded
    /// answers), the `301` of a `GET` or `HEAD` whose path leads to a page at another path (a
    /// retired path, `/en/…`, a trailing slash), and the error page of a `GET` or `HEAD` of a
    /// path without a page (from the cache of 404 answers), security headers included (a
    /// redirect's are in `redirect_headers`). `None` for every other request.
    fn answer_from_memory<B>(&self, request: &Request<B>) -> Option<(Response, &'static str)> {
        let method = request.method();
        let path = request.uri().path();
        if method == Method::GET && path == supported_assets::PATH {
            let answered = std::panic::catch_unwind(AssertUnwindSafe(|| {
                supported_assets::answer(&self.site, request.uri().query(), request.headers())
            }));
            let response = answered.unwrap_or_else(|_| {
                tracing::error!(path, "handler panicked; answered 500");
                ApiError::Internal
                    .for_request(&self.site.content, request.headers())
                    .into_response()
            });
            return Some((self.secured(response), supported_assets::PATH));
        }
        if (method != Method::GET && method != Method::HEAD) || is_routed(path) {
            return None;
        }
        match self.site.resolver.resolve(path) {
            Resolution::Redirect(target) => {
                let query = request.uri().query();
                let response = self.permanent_redirect(&target, query);
                Some((response, REDIRECT))
            }
            #[cfg(feature = "testing")]
            Resolution::NotFound(_) if !self.answers_missing_pages => None,
            Resolution::NotFound(missing) => {
                let answered = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    missing_page(&self.site, missing, request.uri(), request.headers())
                }));
                let (response, route) = match answered {
                    Ok(response) => (response, missing.error_kind().page()),
                    Err(_) => {
                        tracing::error!(path, "handler panicked; answered 500");
                        let kind = ErrorKind::ServerError;
                        let headers = request.headers();
                        let page = error_page(&self.site, missing.lang, kind, path, headers);
                        (page, kind.page())
                    }
                };
                Some((self.secured(head_without_body(method, response)), route))
            }
            Resolution::Page => None,
        }
    }

    /// A 301 to `target`, a page path of this site, keeping the query string, kept by caches for
    /// a day (`DAILY`).
    fn permanent_redirect(&self, target: &str, query: Option<&str>) -> Response {
        let location = match (query, self.locations.get(target)) {
            (None, Some(location)) => Ok(location.clone()),
            (None, None) => HeaderValue::from_str(target),
            (Some(query), _) => HeaderValue::from_str(&format!("{target}?{query}")),
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

    /// `response` with the security headers it does not set itself.
    fn secured(&self, mut response: Response) -> Response {
        with_security(response.headers_mut(), &self.site.security_headers);
        response
    }
}

/// `response` as the answer to `method`: for `HEAD`, no body (HTTP/2 forbids one) and the
/// `Content-Length` a `GET` would get.
fn head_without_body(method: &Method, response: Response) -> Response {
    if method != Method::HEAD {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    if let Some(length) = body.size_hint().exact() {
        parts.headers.insert(header::CONTENT_LENGTH, length.into());
    }
    Response::from_parts(parts, Body::empty())
}

/// The route the log and the metrics name for a redirect.
const REDIRECT: &str = "redirect";

/// Whether the router has a route for `path` (the health checks and the API), so no answer
/// from memory may take it.
fn is_routed(path: &str) -> bool {
    is_api(path) || path == HEALTH_PATH || path == READY_PATH
}

/// Whether `path` belongs to the JSON API (its errors are JSON, never pages).
fn is_api(path: &str) -> bool {
    path.starts_with("/api/") || path.starts_with("/_app/")
}

/// The route the log and the metrics name for an answer no route claimed (a method a page
/// does not allow).
const UNROUTED: &str = "other";

/// What is known of a request once it is answered.
struct Done<'a> {
    method: &'a Method,
    path: &'a str,
    /// The route pattern that answered, never text from the request.
    route: &'static str,
    id: HeaderValue,
}

impl Done<'_> {
    /// Counts the request in the metrics, logs one line (method, path, route, status, latency
    /// and request id) and puts the request id on `response`.
    fn finish(self, response: &mut Response, started: Instant) {
        let elapsed = started.elapsed();
        let status = response.status().as_u16();
        metrics().record_request(self.route, status, elapsed);
        tracing::info!(
            target: "custody_site::request",
            method = %self.method, path = %self.path, route = %self.route, status,
            latency_us = elapsed.as_micros() as u64,
            request_id = self.id.to_str().unwrap_or_default(),
        );
        response.headers_mut().insert(X_REQUEST_ID, self.id);
    }
}
