//! What every section of the configuration is written with, wherever the section is defined
//! (`src/config/` for the server's sections, `src/contact/settings.rs` for the contact store's):
//! each key's default written once beside it (`defaults.rs`), and the values written as one
//! string and parsed once (`text_value.rs`).

pub mod defaults;
pub mod text_value;
