//! The headers rule, applied to every answer in this one layer: the security headers
//! (`crates/site/src/security_headers.rs`) each answer does not set itself, and `Cache-Control:
//! no-store` when it says nothing of how long it may be kept ([`follow_headers_rule`]). An answer
//! whose header map was made with that same function (the fixed answers and redirects, made once
//! and cloned for every request) is passed as it is, sparing the hot path a lookup of every header.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use axum::http::{HeaderMap, Request};
use futures_util::future::{self, Either};
use pin_project_lite::pin_project;
use tower::{Layer, Service};

use super::Answering;
use crate::http::answered::{Answered, follow_headers_rule};

/// The layer of [`Secure`], with the security headers of the site.
#[derive(Debug, Clone)]
pub struct SecureLayer {
    security: Arc<HeaderMap>,
}

impl SecureLayer {
    /// The layer that gives every answer `security`.
    pub fn new(security: &HeaderMap) -> Self {
        Self {
            security: Arc::new(security.clone()),
        }
    }
}

impl<S> Layer<S> for SecureLayer {
    type Service = Secure<S>;

    fn layer(&self, inner: S) -> Secure<S> {
        Secure {
            inner,
            security: self.security.clone(),
        }
    }
}

/// Applies the headers rule to every answer of `inner`.
#[derive(Debug, Clone)]
pub struct Secure<S> {
    inner: S,
    security: Arc<HeaderMap>,
}

impl<S, B, F> Service<Request<B>> for Secure<S>
where
    S: Service<Request<B>, Response = Answered, Error = Infallible, Future = Answering<F>>,
    F: Future<Output = Result<Answered, Infallible>>,
{
    type Response = Answered;
    type Error = Infallible;
    type Future = Answering<Securing<F>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        match self.inner.call(request) {
            Either::Left(answered) => {
                let Ok(answered) = answered.into_inner();
                Either::Left(future::ready(Ok(secured(answered, &self.security))))
            }
            // Only an answer still to come takes a reference to the headers (a count every core
            // writes); it has a future and a box of its own anyway.
            Either::Right(answering) => Either::Right(Securing {
                answering,
                security: Some(self.security.clone()),
            }),
        }
    }
}

pin_project! {
    /// An answer still to come, given the headers rule once it is made.
    pub struct Securing<F> {
        #[pin]
        answering: F,
        security: Option<Arc<HeaderMap>>,
    }
}

impl<F> Future for Securing<F>
where
    F: Future<Output = Result<Answered, Infallible>>,
{
    type Output = Result<Answered, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let Ok(answered) = ready!(this.answering.poll(cx));
        let security = this
            .security
            .take()
            .expect("an answer is polled until it is ready, once");
        Poll::Ready(Ok(secured(answered, &security)))
    }
}

/// `answered`, its headers following the rule.
fn secured(mut answered: Answered, security: &HeaderMap) -> Answered {
    if !answered.follows_headers_rule {
        follow_headers_rule(answered.response.headers_mut(), security);
        answered.follows_headers_rule = true;
    }
    answered
}
