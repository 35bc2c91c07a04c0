//! The headers about the connection itself that HTTP/1 answers carry: `Connection: close` once
//! the server drains, and otherwise `Keep-Alive: timeout=N`, the idle time after which the
//! server closes a kept-alive connection. Clients that read the hint (Node's HTTP agent, for one)
//! stop reusing the connection a little before then, instead of sending a request on a connection
//! the server is closing at that moment and getting a reset. HTTP/2 answers carry neither: the
//! protocol forbids connection headers and ends connections with GOAWAY.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::http::{HeaderName, HeaderValue, Request, Version, header};
use axum::response::Response;
use pin_project_lite::pin_project;
use tower::Service;

use super::drain::ClosingFlag;

/// `Keep-Alive`, the HTTP/1 connection's idle hint.
const KEEP_ALIVE: HeaderName = HeaderName::from_static("keep-alive");

/// The `Keep-Alive` value announcing `idle` as the idle timeout; made once per listener.
pub fn keep_alive_hint(idle: Duration) -> HeaderValue {
    HeaderValue::from_str(&format!("timeout={}", idle.as_secs().max(1)))
        .expect("a number is a valid header value")
}

/// `inner`, serving the connection with `peer`: requests carry [`ConnectInfo`], and HTTP/1
/// answers the connection headers, with `keep_alive` (see [`keep_alive_hint`]) as the idle hint.
pub fn with_connection_headers<S>(
    inner: S,
    peer: SocketAddr,
    keep_alive: HeaderValue,
    closing: ClosingFlag,
) -> ConnectionHeaders<S> {
    ConnectionHeaders {
        inner,
        peer,
        keep_alive,
        closing,
    }
}

/// A connection's service (see [`with_connection_headers`]).
#[derive(Debug, Clone)]
pub struct ConnectionHeaders<S> {
    inner: S,
    peer: SocketAddr,
    keep_alive: HeaderValue,
    closing: ClosingFlag,
}

/// What an answer of one request still needs once it is made.
#[derive(Debug)]
struct Finish {
    /// The keep-alive hint, for an HTTP/1 request; `None` for HTTP/2.
    keep_alive: Option<HeaderValue>,
    closing: ClosingFlag,
}

impl Finish {
    fn apply(self, mut response: Response) -> Response {
        let Some(keep_alive) = self.keep_alive else {
            return response;
        };
        let headers = response.headers_mut();
        if self.closing.is_set() {
            headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        } else if !headers.contains_key(header::CONNECTION) {
            headers.insert(KEEP_ALIVE, keep_alive);
        }
        response
    }
}

impl<S, B, E> Service<Request<B>> for ConnectionHeaders<S>
where
    S: Service<Request<B>, Response = Response, Error = E>,
{
    type Response = Response;
    type Error = E;
    type Future = Answering<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), E>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request<B>) -> Self::Future {
        let http1 = request.version() < Version::HTTP_2;
        request.extensions_mut().insert(ConnectInfo(self.peer));
        Answering {
            answer: self.inner.call(request),
            finish: Some(Finish {
                keep_alive: http1.then(|| self.keep_alive.clone()),
                closing: self.closing.clone(),
            }),
        }
    }
}

pin_project! {
    /// The answer to one request, given its connection headers once it is made.
    pub struct Answering<F> {
        #[pin]
        answer: F,
        finish: Option<Finish>,
    }
}

impl<F, E> Future for Answering<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let answer = ready!(this.answer.poll(cx));
        let finish = this
            .finish
            .take()
            .expect("an answer is polled until it is ready, once");
        Poll::Ready(answer.map(|response| finish.apply(response)))
    }
}
