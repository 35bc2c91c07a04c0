//! The HTTP/1.1 and HTTP/2 settings every connection is served with.

use hyper_util::rt::TokioTimer;
use hyper_util::server::conn::auto;

use super::stream_exec::FirstPollInline;
use crate::config::Config;

/// Streams a client may have open at once on one HTTP/2 connection (the SETTINGS it is sent);
/// one more is refused. Browsers open fewer than 100 at a time and wait for a free stream.
const MAX_CONCURRENT_STREAMS: u32 = 128;

/// A connection builder speaking HTTP/1.1 and HTTP/2 (by ALPN over TLS, by the connection
/// preface in plain text) with the limits of `config`.
pub fn connection_builder(config: &Config) -> auto::Builder<FirstPollInline> {
    let mut builder = auto::Builder::new(FirstPollInline);
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout())
        .max_buf_size(64 * 1024);
    builder
        .http2()
        .timer(TokioTimer::new())
        .max_concurrent_streams(MAX_CONCURRENT_STREAMS);
    builder
}
