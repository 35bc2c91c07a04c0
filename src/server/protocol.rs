//! The HTTP/1.1 and HTTP/2 settings every connection is served with.

use hyper_util::rt::{TokioExecutor, TokioTimer};
use hyper_util::server::conn::auto;

use crate::config::Config;

/// A connection builder speaking HTTP/1.1 and HTTP/2 (by ALPN over TLS, by the connection
/// preface in plain text) with the limits of `config`.
pub fn connection_builder(config: &Config) -> auto::Builder<TokioExecutor> {
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout())
        .max_buf_size(64 * 1024);
    builder.http2().timer(TokioTimer::new());
    builder
}
