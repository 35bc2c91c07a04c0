//! What every section of the configuration is written with, wherever the section is defined (the
//! edge's sections in `crates/edge/src/config/`, the contact store's in
//! `crates/applications/src/settings.rs`, the site's in `crates/site/src/settings.rs` and
//! `crates/site/src/previous/settings.rs`, the binary's `[log]` in `src/config/`): each key's
//! default written once beside it (`defaults.rs`), the values written as one string and parsed once
//! (`text_value.rs`), and the URLs among them (`urls.rs`: `public_url` and other services').

pub mod defaults;
pub mod text_value;
pub mod urls;
