//! The runtime the server starts on: tokio's multi-threaded scheduler, one worker per core. It
//! runs the accept loops, signals, timers and background work; the connections themselves are
//! served on the connection threads of `connection_threads.rs`.

use tokio::runtime::{Builder, Runtime};

/// The server's runtime: timers and I/O on, one worker thread per core.
pub fn runtime() -> std::io::Result<Runtime> {
    Builder::new_multi_thread().enable_all().build()
}
