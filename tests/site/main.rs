//! Integration tests: the real router in-process and the real server over a socket.

mod announcements;
mod assets;
mod builds;
mod cli;
mod common;
mod contact;
mod contact_store;
mod content;
mod errors;
mod faq;
mod faults;
mod headers;
mod hostile;
mod load;
mod marketing;
mod negotiation;
mod operations;
mod redirects;
mod routes;
mod scale_out;
mod search;
mod seo;
mod server;
mod supported_assets;
mod tls;
mod webhook;
