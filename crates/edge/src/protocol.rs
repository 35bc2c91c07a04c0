//! The two protocols a connection may speak, HTTP/1.1 and HTTP/2, each with its settings, and
//! which one a connection speaks: by ALPN over TLS, by its first bytes in plain text.
//!
//! Each connection is served by the HTTP library's connection of its own protocol, not by the
//! one that serves both (hyper-util's `auto`). That one reads a connection's first bytes to
//! tell the protocols apart and hands them back from a buffer of its own, so HTTP/1.1's read
//! buffer, 8 KiB when it is first filled, grew to 16 KiB when the rest of the first request was
//! read after them; and every connection's task was sized for the state of both protocols.
//! Here a plain-text connection's first bytes are peeked at, not taken, and an HTTP/1.1
//! connection's task holds HTTP/1.1's state alone (`scripts/bench/README.md` has the figures).

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::time::Duration;

use futures_util::future::Either;
use hyper::body::Incoming;
use hyper::server::conn::{http1, http2};
use hyper::service::HttpService;
use hyper_util::rt::{TokioIo, TokioTimer};
use rustix::net::RecvFlags;
use tokio::io::{AsyncRead, AsyncWrite, Interest};
use tokio::net::TcpStream;

use super::drain::Watcher;
use super::guarded::guarded;
use super::h2_guard::{RESETS, STREAM_ERRORS};
use super::self_wake::polled_again_when_self_woken;
use super::stream_exec::FirstPollInline;
use crate::config::EdgeConfig;

/// Streams a client may have open at once on one HTTP/2 connection (the SETTINGS it is sent);
/// one more is refused. Browsers open fewer than 100 at a time and wait for a free stream.
const MAX_CONCURRENT_STREAMS: u32 = 128;

/// Streams the client resets before the server has taken them up, on one HTTP/2 connection at
/// once; one more and the HTTP/2 library closes the connection (GOAWAY `ENHANCE_YOUR_CALM`). It is
/// the library's own bound against rapid reset (CVE-2023-44487), written here so that it stays
/// whatever the library's default becomes: a browser cancels requests the server already
/// answers, not ones it has not yet taken up. The abuse guard (`h2_guard.rs`) budgets the resets
/// the library accepts beyond that.
const MAX_PENDING_ACCEPT_RESET_STREAMS: usize = 20;

/// Streams the HTTP/2 library itself resets for the client's errors (refused beyond the
/// concurrency limit, malformed) over the life of one connection; one more and it closes the
/// connection (GOAWAY `ENHANCE_YOUR_CALM`). A browser causes none. It stays above the abuse
/// guard's budget for the same errors (`STREAM_ERRORS` in `h2_guard.rs`: 100 at once), so that
/// the guard, which counts the reason in the metrics, closes such a connection first; this bound
/// is the library's backstop.
const MAX_LOCAL_ERROR_RESET_STREAMS: usize = 1024;

// The abuse guard's budgets beside the library's limits above, checked as the crate compiles. A
// burst of resets of streams not yet taken up meets the library's limit before the guard's
// budget, so the library ends rapid reset whatever the guard allows...
const _: () = assert!(RESETS.burst > MAX_PENDING_ACCEPT_RESET_STREAMS as f64);
// ...and the guard's budget for the client's errors is met well before the library's count of
// the same resets, so the guard closes such a connection and names the reason; the library's
// bound stays the backstop.
const _: () = assert!(2.0 * STREAM_ERRORS.burst <= MAX_LOCAL_ERROR_RESET_STREAMS as f64);

/// The largest HTTP/1.1 request head (request line and header fields) answered; a larger one is
/// answered `431`. The limit is checked on the head as parsed: the read buffer's own bound
/// (`max_buf_size`, the same) is reached or not depending on how the bytes arrive.
const MAX_HEAD_SIZE: usize = 64 * 1024;

/// The HTTP/2 connection preface (RFC 9113 §3.4): what a client speaking HTTP/2 over plain TCP
/// sends first. No HTTP/1.1 request starts with it.
const PREFACE: &[u8; 24] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// The protocol a connection speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// HTTP/1.1 (or 1.0).
    Http1,
    /// HTTP/2.
    Http2,
}

/// What serves a connection in either protocol, with the limits of the configuration.
#[derive(Debug, Clone)]
pub struct Protocols {
    http1: http1::Builder,
    http2: http2::Builder<FirstPollInline>,
    /// How long an HTTP/2 answer may wait for the client's flow-control window.
    stall_limit: Duration,
}

impl Protocols {
    /// Both protocols' settings, from `config`.
    pub fn new(config: &EdgeConfig) -> Self {
        let mut http1 = http1::Builder::new();
        http1
            .timer(TokioTimer::new())
            .header_read_timeout(config.header_read_timeout())
            .max_header_size(MAX_HEAD_SIZE)
            .max_buf_size(MAX_HEAD_SIZE);
        let mut http2 = http2::Builder::new(FirstPollInline);
        http2
            .timer(TokioTimer::new())
            .max_concurrent_streams(MAX_CONCURRENT_STREAMS)
            .max_pending_accept_reset_streams(MAX_PENDING_ACCEPT_RESET_STREAMS)
            .max_local_error_reset_streams(MAX_LOCAL_ERROR_RESET_STREAMS);
        Self {
            http1,
            http2,
            stall_limit: config.header_read_timeout(),
        }
    }

    /// Serves `stream`, the connection with `peer` speaking `protocol`, with `service` to its
    /// end, following the drain through `watcher`. An HTTP/2 connection passes the abuse guard
    /// (`guarded.rs`), which HTTP/1.1 has no use for, and its state lives in an allocation of
    /// its own, so that an HTTP/1.1 connection's task is not sized for it.
    pub fn serve<T, S>(
        &self,
        protocol: Protocol,
        stream: T,
        peer: SocketAddr,
        service: S,
        watcher: Watcher,
    ) -> impl Future<Output = Result<(), hyper::Error>> + use<T, S>
    where
        T: AsyncRead + AsyncWrite + Unpin + Send + 'static,
        S: HttpService<Incoming> + Send + 'static,
        S::Future: Send + 'static,
        S::ResBody: Send + 'static,
        <S::ResBody as hyper::body::Body>::Data: Send,
        <S::ResBody as hyper::body::Body>::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        match protocol {
            Protocol::Http1 => Either::Left(watcher.serve(
                self.http1.serve_connection(TokioIo::new(stream), service),
                false,
            )),
            Protocol::Http2 => {
                let io = TokioIo::new(guarded(stream, peer, self.stall_limit));
                Either::Right(Box::pin(polled_again_when_self_woken(
                    watcher.serve(self.http2.serve_connection(io, service), true),
                )))
            }
        }
    }
}

/// The protocol a TLS connection negotiated (ALPN): HTTP/2 only when it chose `h2`, as RFC 9113
/// §3.2 requires of HTTP/2 over TLS.
pub fn negotiated<T>(stream: &tokio_rustls::server::TlsStream<T>) -> Protocol {
    if stream.get_ref().1.alpn_protocol() == Some(b"h2") {
        Protocol::Http2
    } else {
        Protocol::Http1
    }
}

/// The protocol a plain-text connection speaks: HTTP/2 when its first bytes are the connection
/// preface (prior knowledge, RFC 9113 §3.3), HTTP/1.1 as soon as they differ from it or the
/// client closes. The bytes are peeked at (`MSG_PEEK`), not taken, so the protocol's library
/// reads them from the socket itself. Waits for the client's first bytes.
pub async fn plain_text(stream: &TcpStream) -> io::Result<Protocol> {
    let mut first = [0u8; PREFACE.len()];
    loop {
        stream.readable().await?;
        // A peek that sees only the start of the preface counts as "would block": the readiness
        // is cleared, so the next round waits for more bytes rather than peeking at once again.
        let peeked = stream.try_io(Interest::READABLE, || {
            let (seen, _) = rustix::net::recv(stream, &mut first[..], RecvFlags::PEEK)?;
            match protocol_of(&first[..seen]) {
                Some(protocol) => Ok(protocol),
                None => Err(io::ErrorKind::WouldBlock.into()),
            }
        });
        match peeked {
            Ok(protocol) => return Ok(protocol),
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => continue,
            Err(error) => return Err(error),
        }
    }
}

/// The protocol of a connection whose first bytes are `seen` (none when the client closed),
/// `None` while they are the start of the preface and could still be either.
fn protocol_of(seen: &[u8]) -> Option<Protocol> {
    if !PREFACE.starts_with(seen) || seen.is_empty() {
        Some(Protocol::Http1)
    } else if seen.len() == PREFACE.len() {
        Some(Protocol::Http2)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preface_means_http2_and_anything_else_http1() {
        assert_eq!(protocol_of(PREFACE), Some(Protocol::Http2));
        assert_eq!(protocol_of(b"GET / HTTP/1.1\r\n"), Some(Protocol::Http1));
        assert_eq!(protocol_of(b"PRI * HTTP/1.1\r\n"), Some(Protocol::Http1));
        assert_eq!(protocol_of(b""), Some(Protocol::Http1), "closed at once");
        assert_eq!(protocol_of(b"P"), None);
        assert_eq!(protocol_of(b"PRI * HTTP/2.0\r\n"), None);
    }

    /// The protocol `plain_text` finds for a client that sends `parts`, one write each, then
    /// closes.
    async fn found(parts: &[&[u8]]) -> Protocol {
        use tokio::io::AsyncWriteExt;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let mut client = TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        let (server, _) = listener.accept().await.unwrap();
        let finding = tokio::spawn(async move { plain_text(&server).await.unwrap() });
        for part in parts {
            client.write_all(part).await.unwrap();
            tokio::task::yield_now().await;
        }
        client.shutdown().await.unwrap();
        finding.await.unwrap()
    }

    #[tokio::test]
    async fn a_plain_text_client_is_told_by_its_first_bytes() {
        assert_eq!(found(&[b"GET / HTTP/1.1\r\n"]).await, Protocol::Http1);
        assert_eq!(found(&[PREFACE]).await, Protocol::Http2);
        assert_eq!(
            found(&[&PREFACE[..3], &PREFACE[3..10], &PREFACE[10..]]).await,
            Protocol::Http2,
            "a preface sent in parts is waited for"
        );
        assert_eq!(found(&[&PREFACE[..5], b"x"]).await, Protocol::Http1);
        assert_eq!(found(&[]).await, Protocol::Http1, "a client that closes");
    }
}
