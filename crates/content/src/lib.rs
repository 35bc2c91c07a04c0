//! The content model: typed, validated site content shared by `crates/site/build.rs` and the
//! server.
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
