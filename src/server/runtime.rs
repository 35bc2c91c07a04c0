//! The runtime the server runs on: tokio's multi-threaded scheduler, one worker per core, tuned
//! for many connections that each wait a little.

use tokio::runtime::{Builder, Runtime};

/// How many tasks a worker runs from its own queue before it takes one from the shared queue.
///
/// A worker's own queue holds 256 tasks; when more connections than that become ready at once,
/// the rest wait in the shared queue, which tokio by default visits about once per 31 tasks.
/// Those connections were the slowest answers: with 1,000 keep-alive connections on the home
/// page, the 99th percentile fell from 57 ms to 26 ms (nginx: 19 ms) and with 10,000 from 545 ms
/// to 324 ms, at the same requests/s (`scripts/bench/scaling.sh`, figures in
/// `scripts/bench/README.md`). Visiting it before every task (1) starves the worker's own queue
/// instead: p99 over a second.
const GLOBAL_QUEUE_INTERVAL: u32 = 2;

/// The server's runtime: timers and I/O on, one worker thread per core.
pub fn runtime() -> std::io::Result<Runtime> {
    Builder::new_multi_thread()
        .enable_all()
        .global_queue_interval(GLOBAL_QUEUE_INTERVAL)
        .build()
}
