//! custody-site: the bilingual public website of an institutional digital-asset custody
//! provider, served from one self-contained binary.
//!
//! Content (`content/`, read and checked by the `custody-content` crate of `crates/content/`) and
//! the prerendered UI (`ui/`) are embedded at build time; each document is rendered and
//! compressed the first time it is asked for; a request is a lookup. The site is served by the
//! edge (`custody-edge`, `crates/edge/`: listeners, TLS, HTTP/1 and HTTP/2, drain and upgrade),
//! which is given it as one service (`startup.rs`); contact applications are stored and
//! delivered by `custody-applications` (`crates/applications/`), which `http/contact.rs` hands
//! plain values.
//!
//! The public modules are those `src/main.rs`, `tests/`, `benches/` and `fuzz/` reach, and within
//! them only the submodules they reach are public: everything else is private to the crate, so
//! the compiler reports code nothing uses.

pub mod config;
pub mod config_reference;
pub mod dev;
mod edge_config;
pub mod embedded;
pub mod http;
mod lasting;
mod previous;
pub mod render;
pub mod resolver;
pub mod search;
mod security_headers;
pub mod seo;
mod share_cards;
pub mod startup;
#[cfg(feature = "testing")]
pub mod testing;

pub use config::Config;
pub use render::served_site::ServedSite;
pub use startup::run;
