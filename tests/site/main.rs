//! Integration tests: the real router in-process and the real server over a socket.

mod builds;
mod common;
mod errors;
mod headers;
mod negotiation;
mod redirects;
mod routes;
mod seo;
mod server;
