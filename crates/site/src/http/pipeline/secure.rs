//! The headers rule, applied in this one layer, the outermost of the pipeline, to every response
//! that leaves it (a page, a file, a redirect, an API answer, an error, a `404` or `405`, a caught
//! panic): the site's security headers (`crates/site/src/security_headers.rs`, the data the
//! served site carries: the dev preview's differ only there), set over whatever the answer held
//! in their place, and `Cache-Control: no-store` when the answer says nothing of how long it may
//! be kept. No answer sets a security header itself, so none can skip or weaken one; the header
//! maps made once and cloned for every request hold entries for them only as room
//! (`crates/site/src/http/answer_entries.rs`), which this layer fills in place.
//!
//! tower-http's `SetResponseHeader` sets one header, fixed when the layer is built; the rule is a
//! set of headers read from the site's data plus a default for another, one layer here where it
//! would be nine nested ones.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use axum::http::{HeaderMap, Request, header};
use axum::response::Response;
use pin_project_lite::pin_project;
use tower::{Layer, Service};

use crate::http::respond::NO_STORE;

/// The layer of [`Secure`], with the security headers of the site.
#[derive(Debug, Clone)]
pub struct SecureLayer {
    security: Arc<HeaderMap>,
}

impl SecureLayer {
    /// The layer that gives every response `security`.
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

/// Applies the headers rule to every response of `inner`.
#[derive(Debug, Clone)]
pub struct Secure<S> {
    inner: S,
    security: Arc<HeaderMap>,
}

impl<S, B> Service<Request<B>> for Secure<S>
where
    S: Service<Request<B>, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Securing<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        Securing {
            answering: self.inner.call(request),
            security: self.security.clone(),
        }
    }
}

pin_project! {
    /// A response on its way out, given the headers rule once it is made.
    pub struct Securing<F> {
        #[pin]
        answering: F,
        security: Arc<HeaderMap>,
    }
}

impl<F> Future for Securing<F>
where
    F: Future<Output = Result<Response, Infallible>>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let Ok(mut response) = ready!(this.answering.poll(cx));
        follow_headers_rule(response.headers_mut(), this.security);
        Poll::Ready(Ok(response))
    }
}

/// The headers rule, written once: every one of the `security` headers, and `Cache-Control:
/// no-store` when `headers` say nothing of how long the answer may be kept (an extractor's
/// rejection, a previous build's file from its index), so every answer says it.
pub fn follow_headers_rule(headers: &mut HeaderMap, security: &HeaderMap) {
    for (name, value) in security {
        headers.insert(name, value.clone());
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, NO_STORE);
    }
}
