//! The header about the connection itself that HTTP/1 answers carry once the server drains:
//! `Connection: close`. HTTP/2 answers never do: the protocol forbids connection headers and ends
//! connections with GOAWAY.
//!
//! No answer carries `Keep-Alive: timeout=N`: RFC 9112 does not define the field, HTTP linters
//! flag it, and no client the site serves needs it. Browsers and curl ignore it and retry an
//! idempotent request on a kept-alive connection the server has just closed. Node's agents
//! (`http.Agent`, undici) read it, but close an idle connection after 4 to 5 s by default, well
//! before the server's idle timeout (`server.header_read_timeout_secs`, 10 s); a proxy in front
//! is given its own upstream idle time (docs/deployment.md).

use std::cell::RefCell;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, Waker, ready};

use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Method, Request, Version, header};
use axum::response::Response;
use futures_util::future::Either;
use pin_project_lite::pin_project;
use tower::Service;
use tower::util::Oneshot;

use super::drain::ClosingFlag;

/// `inner`, serving the connection with `peer`: requests that may change state carry
/// [`ConnectInfo`] (see [`carries_peer`]), and HTTP/1 answers `Connection: close` once the server
/// drains.
pub fn with_connection_headers<S>(
    inner: S,
    peer: SocketAddr,
    closing: ClosingFlag,
) -> ConnectionHeaders<S> {
    ConnectionHeaders {
        inner: RefCell::new(inner),
        peer,
        closing,
    }
}

/// A connection's service (see [`with_connection_headers`]), for hyper: it calls `inner`, a
/// tower service, from `&self` (hyper's calls on one connection come one at a time).
#[derive(Debug)]
pub struct ConnectionHeaders<S> {
    inner: RefCell<S>,
    peer: SocketAddr,
    closing: ClosingFlag,
}

/// What an answer of one request still needs once it is made.
#[derive(Debug)]
struct Finish {
    /// Whether the request came over HTTP/1.
    http1: bool,
    closing: ClosingFlag,
}

impl Finish {
    /// Sets the connection header of `response`: `Connection: close` on an HTTP/1 answer once the
    /// server drains.
    fn apply(self, mut response: Response) -> Response {
        if self.http1 && self.closing.is_set() {
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}

impl<S, B, E> hyper::service::Service<Request<B>> for ConnectionHeaders<S>
where
    S: Service<Request<B>, Response = Response, Error = E> + Clone,
{
    type Response = Response;
    type Error = E;
    type Future = Answering<Either<S::Future, Oneshot<S, Request<B>>>>;

    /// Calls the inner service now, when it is ready (every service the server runs always is):
    /// the request, which shares the connection's read buffer, is then gone before the connection
    /// reads again, so the buffer is reused instead of a new one allocated for every request. The
    /// service is used in place, not cloned (a clone of the site's service writes a reference
    /// count shared by every connection). A service that is not ready is called once it is, as
    /// a clone.
    fn call(&self, mut request: Request<B>) -> Self::Future {
        let http1 = request.version() < Version::HTTP_2;
        if carries_peer(request.method()) {
            request.extensions_mut().insert(ConnectInfo(self.peer));
        }
        let mut inner = self.inner.borrow_mut();
        let ready = inner.poll_ready(&mut Context::from_waker(Waker::noop()));
        let answer = match ready {
            Poll::Ready(Ok(())) => Either::Left(inner.call(request)),
            _ => Either::Right(Oneshot::new(inner.clone(), request)),
        };
        Answering {
            answer,
            finish: Some(Finish {
                http1,
                closing: self.closing.clone(),
            }),
        }
    }
}

/// Whether a request with `method` carries the peer's address ([`ConnectInfo`]): every method
/// but `GET` and `HEAD`. The one handler that reads the address is the contact form's `POST` (its
/// rate limit), and a request's first extension costs three allocations, which `GET` and `HEAD`,
/// nearly every request, are spared.
fn carries_peer(method: &Method) -> bool {
    method != Method::GET && method != Method::HEAD
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
