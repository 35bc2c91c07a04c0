//! The HTTP/1.1 and HTTP/2 settings every connection is served with.

use hyper_util::rt::TokioTimer;
use hyper_util::server::conn::auto;

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

/// A connection builder speaking HTTP/1.1 and HTTP/2 (by ALPN over TLS, by the connection
/// preface in plain text) with the limits of `config`.
pub fn connection_builder(config: &EdgeConfig) -> auto::Builder<FirstPollInline> {
    let mut builder = auto::Builder::new(FirstPollInline);
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout())
        .max_buf_size(64 * 1024);
    builder
        .http2()
        .timer(TokioTimer::new())
        .max_concurrent_streams(MAX_CONCURRENT_STREAMS)
        .max_pending_accept_reset_streams(MAX_PENDING_ACCEPT_RESET_STREAMS)
        .max_local_error_reset_streams(MAX_LOCAL_ERROR_RESET_STREAMS);
    builder
}
