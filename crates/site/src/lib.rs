//! custody-site's library: the site itself, the bilingual public website of an institutional
//! digital-asset custody provider. It renders the pages, answers over HTTP (one service), and
//! makes the SEO files, the search answers and the share cards; it serves the files of previous
//! builds and makes the live preview for content editors (`dev`), which the binary serves.
//!
//! Content (`content/`, read and checked by the `custody-content` crate of `crates/content/`) and
//! the prerendered UI (`ui/`) are embedded at build time; each document is rendered and
//! compressed the first time it is asked for; a request is a lookup. The site is built from its
//! own settings ([`SiteSettings`], `settings.rs`; `[previous_builds]` in `previous/settings.rs`)
//! and knows nothing of the configuration file or the command line: the binary (`src/main.rs`,
//! with its `config/`, `cli.rs`, `config_reference.rs`, `edge_config.rs`, `startup.rs`,
//! `certificate_status.rs` and `live_preview.rs`) reads those, assembles the settings of the site,
//! the edge (`custody-edge`, `crates/edge/`: listeners, TLS, HTTP/1 and HTTP/2, drain and upgrade)
//! and the contact store (`custody-applications`, `crates/applications/`, which `http/contact/`
//! hands plain values), and gives the edge the site as one service. The site does not depend on
//! the edge: readiness learns the served certificate through `http/certificate_status.rs`, and
//! the contact deadline is `[contact]`'s (`scripts/check-structure.mjs` keeps it so).
//!
//! The public modules are those the binary, `tests/`, `crates/site/benches/` and `fuzz/` reach, and
//! within them only the submodules they reach are public: everything else is private to the crate,
//! so the compiler reports code nothing uses.

pub mod dev;
pub mod embedded;
pub mod http;
pub mod previous;
pub mod render;
pub mod resolver;
pub mod search;
pub mod security_headers;
pub mod seo;
pub mod settings;
mod share_cards;
mod tables;
#[cfg(feature = "testing")]
pub mod testing;

pub use render::served_site::ServedSite;
pub use settings::SiteSettings;
