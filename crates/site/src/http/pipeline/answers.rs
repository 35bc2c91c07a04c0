//! The innermost service: every kind of answer, tried in order. A document answered for its
//! query string (`crates/site/src/http/queried.rs`), a fixed answer
//! (`crates/site/src/http/fixed.rs`), then an answer from memory
//! (`crates/site/src/http/memory.rs`), all made in `call`; then a previous build's file
//! (`crates/site/src/http/previous.rs`), ready from its index or read from disk; then the router
//! (the health checks and the API, `crates/site/src/http/mod.rs`). The layers around it
//! (`crates/site/src/http/pipeline/mod.rs`) do the rest.

use std::convert::Infallible;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Bytes, HttpBody};
use axum::extract::{MatchedPath, Request};
use axum::{BoxError, Router};
use futures_util::future::{self, BoxFuture, Either};
use tower::{Service, ServiceExt};

use super::Answering;
use crate::http::answered::Answered;
use crate::http::fixed::FixedAnswers;
use crate::http::memory::MemoryAnswers;
use crate::http::previous::{self, Previous};
use crate::http::queried::QueriedAnswers;
use crate::http::respond::RoutePattern;
use crate::previous::PreviousBuilds;
use crate::render::served_site::ServedSite;
use custody_metrics::intern;

/// Every kind of answer of the site, cheaply cloned (one reference count per clone).
#[derive(Debug, Clone)]
pub struct Answers(Arc<Parts>);

#[derive(Debug)]
struct Parts {
    site: Arc<ServedSite>,
    queried: QueriedAnswers,
    fixed: FixedAnswers,
    memory: MemoryAnswers,
    previous: PreviousBuilds,
    router: Router,
}

impl Answers {
    /// The answers of `site`, then the files of `previous` builds, then `router` (which routes no
    /// path of a page: only the health checks and the API).
    pub fn new(site: Arc<ServedSite>, previous: PreviousBuilds, router: Router) -> Self {
        Self(Arc::new(Parts {
            queried: QueriedAnswers::new(&site),
            fixed: FixedAnswers::new(&site),
            memory: MemoryAnswers::new(&site),
            site,
            previous,
            router,
        }))
    }
}

impl<B> Service<Request<B>> for Answers
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
        let Parts {
            site,
            queried,
            fixed,
            memory,
            previous,
            router,
        } = &*self.0;
        let immediate = queried
            .answer(site, &request)
            .or_else(|| fixed.answer(site, &request))
            .or_else(|| memory.answer(site, &request));
        if let Some(answered) = immediate {
            return Either::Left(future::ready(Ok(answered)));
        }
        let read = match previous::lookup(previous, &request) {
            Some(Previous::Ready(response)) => {
                return Either::Left(future::ready(Ok(Answered::new(response, previous::ROUTE))));
            }
            Some(Previous::Read(read)) => Some(read),
            None => None,
        };
        let router = router.clone();
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
