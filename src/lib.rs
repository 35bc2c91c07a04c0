//! custody-site: the bilingual public website of an institutional digital-asset custody
//! provider, served from one self-contained binary.
//!
//! Content (`content/`, read and checked by the `custody-content` crate of `crates/content/`) and
//! the prerendered UI (`ui/`) are embedded at build time; each document is rendered and
//! compressed the first time it is asked for; a request is a lookup.
//!
//! The public modules are those `src/main.rs`, `tests/`, `benches/` and `fuzz/` reach, and within
//! them only the submodules they reach are public: everything else is private to the crate, so
//! the compiler reports code nothing uses.

pub mod config;
pub mod config_reference;
mod config_values;
mod connections;
pub mod contact;
pub mod dev;
pub mod embedded;
pub mod http;
mod lasting;
mod metrics;
mod previous;
mod private_files;
pub mod render;
pub mod resolver;
pub mod search;
pub mod secret;
mod security_headers;
pub mod seo;
pub mod server;
mod share_cards;
pub mod startup;
#[cfg(feature = "testing")]
pub mod testing;
pub mod tls;

pub use config::Config;
pub use render::served_site::ServedSite;
pub use server::serve_app;
pub use startup::run;
