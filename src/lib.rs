//! custody-site: the bilingual public website of an institutional digital-asset custody
//! provider, served from one self-contained binary.
//!
//! Content (`content/`, read and checked by the `custody-content` crate of `crates/content/`) and
//! the prerendered UI (`ui/`) are embedded at build time; at start-up every document is rendered
//! and compressed once; a request is a lookup.

pub mod config;
pub mod config_reference;
pub mod connections;
pub mod contact;
pub mod dev;
pub mod embedded;
pub mod http;
pub mod metrics;
pub mod previous;
pub mod private_files;
pub mod render;
pub mod search;
pub mod secret;
pub mod server;
pub mod site;
pub mod tls;

pub use config::Config;
pub use render::site::Site;
pub use server::{run, serve, serve_app};
