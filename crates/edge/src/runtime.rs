//! The runtime the server starts on: tokio's multi-threaded scheduler, one worker per core the
//! process may use. It runs the accept loops, every connection as a task of its own, signals,
//! timers and background work.

use tokio::runtime::{Builder, Runtime};

/// The server's runtime: timers and I/O on, one worker thread per core.
pub fn runtime() -> std::io::Result<Runtime> {
    Builder::new_multi_thread().enable_all().build()
}
