//! The innermost service: a request resolved once into its route by the route table
//! (`crates/site/src/http/routes.rs`) and answered by what answers that route. A `GET` or `HEAD` of
//! a page (its document answered for its query string, `crates/site/src/http/queried.rs`, else its
//! own), of a file (`crates/site/src/http/fixed.rs`), of a redirect
//! (`crates/site/src/http/redirects.rs`) or of a path without a page, and any method of the
//! supported-assets query, is made in `call`; a previous build's file
//! (`crates/site/src/http/previous.rs`) is ready from its index or read from disk; every other
//! request goes to the router the table made. The layers around it
//! (`crates/site/src/http/pipeline/mod.rs`) do the rest.

use std::convert::Infallible;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Bytes, HttpBody};
use axum::extract::{MatchedPath, Request};
use axum::http::Method;
use axum::{BoxError, Router};
use futures_util::future::{self, BoxFuture, Either};
use tower::{Service, ServiceExt};

use super::Answering;
use crate::http::answered::Answered;
use crate::http::fixed::FixedResponses;
use crate::http::pages::missing_page;
use crate::http::previous::{self, Previous};
use crate::http::queried::QueriedDocuments;
use crate::http::redirects::Redirects;
use crate::http::respond::{RoutePattern, head_without_body};
use crate::http::routes::{Kind, Route, RouteTable};
use crate::http::supported_assets::SupportedAssetResponses;
use crate::previous::PreviousBuilds;
use crate::render::served_site::ServedSite;
use crate::resolver::Missing;
use custody_metrics::intern;

/// Every kind of answer of the site, cheaply cloned (one reference count per clone).
#[derive(Debug, Clone)]
pub struct Dispatch(Arc<Parts>);

#[derive(Debug)]
struct Parts {
    site: Arc<ServedSite>,
    routes: Arc<RouteTable>,
    queried: QueriedDocuments,
    fixed: FixedResponses,
    redirects: Redirects,
    supported_assets: SupportedAssetResponses,
    previous: PreviousBuilds,
    router: Router,
}

impl Dispatch {
    /// The answers of `site` by the routes of `routes`, with its fixed answers `fixed`, the files
    /// of `previous` builds and `router`, the router `routes` made.
    pub fn new(
        site: Arc<ServedSite>,
        routes: Arc<RouteTable>,
        fixed: FixedResponses,
        previous: PreviousBuilds,
        router: Router,
    ) -> Self {
        Self(Arc::new(Parts {
            queried: QueriedDocuments::new(&site),
            redirects: Redirects::new(&site),
            supported_assets: SupportedAssetResponses::new(site.security_headers()),
            fixed,
            routes,
            site,
            previous,
            router,
        }))
    }
}

impl Parts {
    /// The answer to `request` of `route` made now, if it is one made in memory.
    fn immediate<B>(&self, route: Route<'_>, request: &Request<B>) -> Option<Answered> {
        let (site, method, uri) = (&*self.site, request.method(), request.uri());
        let read = method == Method::GET || method == Method::HEAD;
        match route {
            Route::Declared(declared) => match declared.kind {
                Kind::Page if read => self
                    .queried
                    .answer(site, request)
                    .or_else(|| self.fixed.answer(site, request)),
                Kind::File if read => self.fixed.answer(site, request).or_else(|| {
                    Some(self.missing(self.site.pages().resolver.missing(uri.path()), request))
                }),
                Kind::AssetQuery => {
                    Some(
                        self.supported_assets
                            .answer_method(site, method, uri, request.headers()),
                    )
                }
                _ => None,
            },
            Route::Redirect(target) if read => Some(self.redirects.answer(target, uri.query())),
            Route::Missing(missing) if read => Some(self.missing(missing, request)),
            Route::Redirect(_) | Route::Missing(_) => None,
        }
    }

    /// The error page of a `GET` or `HEAD` of a path without a page.
    fn missing<B>(&self, missing: Missing, request: &Request<B>) -> Answered {
        let response = missing_page(&self.site, missing, request.uri(), request.headers());
        let response = head_without_body(request.method(), response);
        Answered::new(response, missing.error_kind().page())
    }
}

impl<B> Service<Request<B>> for Dispatch
where
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    type Response = Answered;
    type Error = Infallible;
    type Future = Answering<BoxFuture<'static, Result<Answered, Infallible>>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let parts = &*self.0;
        let route = parts.routes.resolve(request.uri().path());
        if let Some(answered) = parts.immediate(route, &request) {
            return Either::Left(future::ready(Ok(answered)));
        }
        let read = match route.kind() {
            Some(Kind::PreviousBuild) => previous::lookup(&parts.previous, &request),
            _ => None,
        };
        let read = match read {
            Some(Previous::Ready(response)) => {
                return Either::Left(future::ready(Ok(Answered::new(response, previous::ROUTE))));
            }
            Some(Previous::Read(read)) => Some(read),
            None => None,
        };
        let router = parts.router.clone();
        Either::Right(Box::pin(async move {
            if let Some(read) = read
                && let Some(response) = read.answer().await
            {
                return Ok(Answered::new(response, previous::ROUTE));
            }
            Ok(routed(router, request).await)
        }))
    }
}

/// The router's answer to `request`, named by the route it matched (or the pattern the handler
/// named), else [`UNROUTED`].
pub async fn routed<B>(router: Router, request: Request<B>) -> Answered
where
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    let Ok(response) = router.oneshot(request).await;
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
    Answered::new(response, route)
}

/// The route the log and the metrics name for an answer no route claimed (a method a page
/// does not allow).
const UNROUTED: &str = "other";
