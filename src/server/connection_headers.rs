//! The headers about the connection itself that HTTP/1 answers carry: `Connection: close` once
//! the server drains, and otherwise `Keep-Alive: timeout=N`, the idle time after which the
//! server closes a kept-alive connection. Clients that read the hint (Node's HTTP agent, for one)
//! stop reusing the connection a little before then, instead of sending a request on a connection
//! the server is closing at that moment and getting a reset. HTTP/2 answers carry neither: the
//! protocol forbids connection headers and ends connections with GOAWAY.

use std::cell::RefCell;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, Waker, ready};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Method, Request, Version, header};
use axum::response::Response;
use futures_util::future::Either;
use pin_project_lite::pin_project;
use tower::Service;
use tower::util::Oneshot;

use super::drain::ClosingFlag;
use crate::http::answer_entries::KEEP_ALIVE;
use crate::http::lasting::lasting;

/// The `Keep-Alive` value announcing `idle` as the idle timeout; made once per listener, with
/// bytes that last (each HTTP/1 answer clones it).
pub fn keep_alive_hint(idle: Duration) -> HeaderValue {
    lasting(
        &HeaderValue::from_str(&format!("timeout={}", idle.as_secs().max(1)))
            .expect("a number is a valid header value"),
    )
}

/// `inner`, serving the connection with `peer`: requests that may change state carry
/// [`ConnectInfo`] (see [`carries_peer`]), and HTTP/1 answers the connection headers, with
/// `keep_alive` (see [`keep_alive_hint`]) as the idle hint.
pub fn with_connection_headers<S>(
    inner: S,
    peer: SocketAddr,
    keep_alive: HeaderValue,
    closing: ClosingFlag,
) -> ConnectionHeaders<S> {
    ConnectionHeaders {
        inner: RefCell::new(inner),
        peer,
        keep_alive,
        closing,
    }
}

/// A connection's service (see [`with_connection_headers`]), for hyper: it calls `inner`, a
/// tower service, from `&self` (hyper's calls on one connection come one at a time).
#[derive(Debug)]
pub struct ConnectionHeaders<S> {
    inner: RefCell<S>,
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
    /// Sets the connection headers of `response`. An answer cloned from a map made once holds a
    /// `Keep-Alive` entry already (`src/http/answer_entries.rs`): it is given the hint, or removed
    /// where none belongs.
    fn apply(self, mut response: Response) -> Response {
        let headers = response.headers_mut();
        match self.keep_alive {
            None => {
                headers.remove(KEEP_ALIVE);
            }
            Some(_) if self.closing.is_set() => {
                headers.remove(KEEP_ALIVE);
                headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            Some(_) if headers.contains_key(header::CONNECTION) => {
                headers.remove(KEEP_ALIVE);
            }
            Some(keep_alive) => {
                headers.insert(KEEP_ALIVE, keep_alive);
            }
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
                keep_alive: http1.then(|| self.keep_alive.clone()),
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
