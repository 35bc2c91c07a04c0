//! The content model: typed, validated site content shared by `crates/site/build.rs` and the
//! server.
//!
//! The modules, by what they are: [`source`] (the files as text and errors placed in them),
//! [`text`] (how each language writes numbers, dates and words), [`schema`] (the serde types of
//! every content file), [`tokens`] (the values copy cites instead of typing them), [`validate`]
//! (the rules across files and over copy), [`load`] (parsing and checking `content/`),
//! [`view`] (the shapes of the page data), [`pages`] (every page and its data, built from the
//! content), [`supported_asset_query`] (the supported-asset lists a page at a time) and
//! [`register`] (the claims register).
//!
//! `crates/site/build.rs` depends on this crate, so its own dependencies stay few: `serde`,
//! `serde_json`, `toml`, `bs58`, `sha2`, `sha3` and `ts-rs`.

pub mod lang;
pub mod load;
pub mod pages;
pub mod register;
pub mod schema;
pub mod source;
pub mod supported_asset_query;
pub mod text;
pub mod tokens;
pub mod validate;
pub mod view;

pub use lang::Lang;
pub use pages::page_kind::PageKind;
pub use pages::{PageInstance, page_instances};
pub use schema::model::Content;
pub use source::error::ContentError;
