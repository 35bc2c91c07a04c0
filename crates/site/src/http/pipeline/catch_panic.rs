//! A panic anywhere below this layer, in the service's `call` (where fixed answers and answers
//! from memory are made) or in the future of an answer still to come (a file read from disk, the
//! router's handlers), is answered `500` and logged once ("handler panicked; answered 500"),
//! without its detail: JSON for a route whose errors are JSON (the route table's mounts,
//! `crates/site/src/http/routes.rs`), else the error page in the path's language. The layers
//! outside it then give that answer its headers, id and log line.
//!
//! tower-http's `CatchPanic` is not used: its handler is given the panic's payload alone, not the
//! request, so it could not choose the language, nor JSON for an API address; and it needs the
//! response type of the layers outside the log and the metrics, so its `500` would be neither
//! logged nor counted.

use std::convert::Infallible;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use axum::http::{HeaderMap, HeaderValue, Request, Uri, header};
use axum::response::IntoResponse;
use futures_util::FutureExt;
use futures_util::future::{self, CatchUnwind, Either};
use pin_project_lite::pin_project;
use tower::{Layer, Service};

use super::Answering;
use crate::http::answered::Answered;
use crate::http::api_error::ApiError;
use crate::http::errors::error_page;
use crate::http::routes::RouteTable;
use custody_content::Lang;
use custody_content::pages::error_kind::ErrorKind;

/// The layer of [`CatchPanic`], with the routes of the site whose error pages answer a panic.
#[derive(Debug, Clone)]
pub struct CatchPanicLayer {
    routes: Arc<RouteTable>,
}

impl CatchPanicLayer {
    /// The layer answering a panic with the error pages of the site of `routes`, in JSON for a
    /// route whose errors are JSON.
    pub fn new(routes: Arc<RouteTable>) -> Self {
        Self { routes }
    }
}

impl<S> Layer<S> for CatchPanicLayer {
    type Service = CatchPanic<S>;

    fn layer(&self, inner: S) -> CatchPanic<S> {
        CatchPanic {
            inner,
            routes: self.routes.clone(),
        }
    }
}

/// Answers a panic of `inner` with `500`.
#[derive(Debug, Clone)]
pub struct CatchPanic<S> {
    inner: S,
    routes: Arc<RouteTable>,
}

impl<S, B, F> Service<Request<B>> for CatchPanic<S>
where
    S: Service<Request<B>, Response = Answered, Error = Infallible, Future = Answering<F>>,
    F: Future<Output = Result<Answered, Infallible>>,
{
    type Response = Answered;
    type Error = Infallible;
    type Future = Answering<CatchingPanic<F>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let asked = Asked::of(&request);
        let inner = &mut self.inner;
        match catch_unwind(AssertUnwindSafe(|| inner.call(request))) {
            Ok(Either::Left(answered)) => Either::Left(answered),
            // Only an answer still to come takes a reference to the routes (a count every core
            // writes); it has a future and a box of its own anyway.
            Ok(Either::Right(answering)) => Either::Right(CatchingPanic {
                answering: AssertUnwindSafe(answering).catch_unwind(),
                on_panic: Some((asked, self.routes.clone())),
            }),
            Err(_) => Either::Left(future::ready(Ok(asked.server_error(&self.routes)))),
        }
    }
}

pin_project! {
    /// An answer still to come, `500` if it panics.
    pub struct CatchingPanic<F> {
        #[pin]
        answering: CatchUnwind<AssertUnwindSafe<F>>,
        on_panic: Option<(Asked, Arc<RouteTable>)>,
    }
}

impl<F> Future for CatchingPanic<F>
where
    F: Future<Output = Result<Answered, Infallible>>,
{
    type Output = Result<Answered, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let answered = match ready!(this.answering.poll(cx)) {
            Ok(answered) => answered,
            Err(_) => {
                let (asked, routes) = this
                    .on_panic
                    .take()
                    .expect("an answer is polled until it is ready, once");
                Ok(asked.server_error(&routes))
            }
        };
        Poll::Ready(answered)
    }
}

/// What a `500` is made from: the request's address and the headers that choose its coding and
/// language (clones share the request's bytes: reference counts, no copy).
#[derive(Debug)]
struct Asked {
    uri: Uri,
    accept_encoding: Option<HeaderValue>,
    accept_language: Option<HeaderValue>,
}

impl Asked {
    fn of<B>(request: &Request<B>) -> Self {
        let headers = request.headers();
        Self {
            uri: request.uri().clone(),
            accept_encoding: headers.get(header::ACCEPT_ENCODING).cloned(),
            accept_language: headers.get(header::ACCEPT_LANGUAGE).cloned(),
        }
    }

    /// The `500` of a request whose answer panicked, logged.
    fn server_error(self, routes: &RouteTable) -> Answered {
        let site = routes.site();
        let path = self.uri.path();
        tracing::error!(path, "handler panicked; answered 500");
        let mut negotiation = HeaderMap::new();
        let asked = [
            (header::ACCEPT_ENCODING, self.accept_encoding),
            (header::ACCEPT_LANGUAGE, self.accept_language),
        ];
        for (name, value) in asked {
            if let Some(value) = value {
                negotiation.insert(name, value);
            }
        }
        let kind = ErrorKind::ServerError;
        let response = if routes.resolve(path).json_errors() {
            ApiError::Internal
                .for_request(site.content(), &negotiation)
                .into_response()
        } else {
            let lang = Lang::split(path).0;
            error_page(site.error_pages(), lang, kind, path, &negotiation)
        };
        Answered::new(response, kind.page())
    }
}
