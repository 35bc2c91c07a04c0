//! Every request's id (crates/site/src/http/request_id.rs), counted in the metrics with its route,
//! status and latency, one log line (method, path, route, status, latency and request id), and the
//! id echoed on the response.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Instant;

use axum::http::{HeaderValue, Method, Request, Uri};
use axum::response::Response;
use futures_util::future::{self, Either, Ready};
use pin_project_lite::pin_project;
use tower::{Layer, Service};

use super::Answering;
use crate::http::answered::Answered;
use crate::http::request_id::{X_REQUEST_ID, request_id};
use custody_metrics::metrics;

/// The layer of [`Observe`].
#[derive(Debug, Clone, Copy, Default)]
pub struct ObserveLayer;

impl<S> Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Observe<S> {
        Observe { inner }
    }
}

/// Observes every answer of `inner` and turns it into the response sent.
#[derive(Debug, Clone)]
pub struct Observe<S> {
    inner: S,
}

impl<S, B, F> Service<Request<B>> for Observe<S>
where
    S: Service<Request<B>, Response = Answered, Error = Infallible, Future = Answering<F>>,
    F: Future<Output = Result<Answered, Infallible>>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<Ready<Result<Response, Infallible>>, Observing<F>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let seen = Seen {
            started: Instant::now(),
            id: request_id(request.headers()),
            logged: tracing::enabled!(target: REQUEST_LOG, tracing::Level::INFO)
                .then(|| (request.method().clone(), request.uri().clone())),
        };
        match self.inner.call(request) {
            Either::Left(answered) => {
                let Ok(answered) = answered.into_inner();
                Either::Left(future::ready(Ok(seen.finish(answered))))
            }
            Either::Right(answering) => Either::Right(Observing {
                answering,
                seen: Some(seen),
            }),
        }
    }
}

pin_project! {
    /// An answer still to come, observed once it is made.
    pub struct Observing<F> {
        #[pin]
        answering: F,
        seen: Option<Seen>,
    }
}

impl<F> Future for Observing<F>
where
    F: Future<Output = Result<Answered, Infallible>>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let Ok(answered) = ready!(this.answering.poll(cx));
        let seen = this
            .seen
            .take()
            .expect("an answer is polled until it is ready, once");
        Poll::Ready(Ok(seen.finish(answered)))
    }
}

/// The target of the request log's lines.
const REQUEST_LOG: &str = "custody_site::request";

/// What is known of a request before it is answered.
#[derive(Debug)]
struct Seen {
    started: Instant,
    id: HeaderValue,
    /// The request's method and address, kept only while the request log is on: a clone of the
    /// address shares its bytes, a reference count taken and given back on every request.
    logged: Option<(Method, Uri)>,
}

impl Seen {
    /// Counts the request in the metrics, logs its line and puts its id on the response.
    fn finish(self, answered: Answered) -> Response {
        let Answered {
            mut response,
            route,
            ..
        } = answered;
        let elapsed = self.started.elapsed();
        let status = response.status().as_u16();
        metrics().record_request(route, status, elapsed);
        if let Some((method, uri)) = &self.logged {
            tracing::info!(
                target: REQUEST_LOG,
                method = %method, path = %uri.path(), route = %route, status,
                latency_us = elapsed.as_micros() as u64,
                request_id = self.id.to_str().unwrap_or_default(),
            );
        }
        response.headers_mut().insert(X_REQUEST_ID, self.id);
        response
    }
}
