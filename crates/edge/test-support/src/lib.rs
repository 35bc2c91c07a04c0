//! Test fixtures shared by the edge's tests (`crates/edge/tests/`), the site's (`tests/site/`)
//! and the applications crate's (`crates/applications/tests/`): listening sockets bound by the test (`sockets.rs`), a test CA and HTTPS
//! clients that trust it (`test_ca.rs`), child processes stopped with the test and their output
//! read as it comes (`process.rs`), Debian's pebble as an ACME server (`pebble.rs`), tallies of
//! visitors (`tally.rs`), requests written by hand over HTTP/1.1 and HTTP/2 (`http1.rs`,
//! `http2.rs`), the metrics listener's exposition (`metrics.rs`), and the edge run in the test process (`edge.rs`) on a service of the test's own
//! (`service.rs`), its log captured (`log.rs`); a fake webhook receiver (`webhook_receiver.rs`).

pub mod edge;
pub mod http1;
pub mod http2;
pub mod log;
pub mod metrics;
pub mod pebble;
pub mod process;
pub mod service;
pub mod sockets;
pub mod tally;
pub mod test_ca;
pub mod webhook_receiver;

pub use sockets::bound;
