//! The content model: typed, validated site content shared by `crates/site/build.rs` and the
//! server.
//!
//! `crates/site/build.rs` depends on this crate, so its own dependencies stay few: `serde`,
//! `serde_json`, `toml`, `bs58`, `sha2`, `sha3` and `ts-rs`.

pub mod addresses;
pub mod api_copy;
pub mod api_reference;
pub mod brand_items;
pub mod channels;
pub mod client_evidence;
pub mod commitments;
pub mod contact;
pub mod copy_tokens;
pub mod countries;
pub mod data_locations;
pub mod developers;
pub mod documents;
pub mod durations;
pub mod entities;
pub mod entity_view;
pub mod error_kind;
pub mod facts;
pub mod fee_tokens;
pub mod fee_view;
pub mod fees;
pub mod glossary;
pub mod holdings;
pub mod hours;
pub mod icons;
pub mod illustration;
pub mod insurance;
pub mod jurisdictions;
pub mod lang;
pub mod list_pages;
pub mod load;
pub mod marketing;
pub mod menu_feature_links;
pub mod menu_features;
pub mod model;
pub mod offerings;
pub mod operations;
pub mod page_kind;
pub mod pages;
pub mod parity;
pub mod register;
pub mod section_items;
pub mod section_layouts;
pub mod sections;
pub mod security;
pub mod service_facts;
pub mod share_card;
pub mod signing;
pub mod source;
pub mod staking;
pub mod supported_asset_query;
pub mod supported_assets;
pub mod text;
pub mod tokens;
pub mod typed_durations;
pub mod typed_figures;
pub mod typed_frequencies;
pub mod typed_money;
pub mod validate;
pub mod view;
pub mod zh_dates;

pub use lang::Lang;
pub use model::Content;
pub use page_kind::PageKind;
pub use pages::{PageInstance, page_instances};
pub use source::error::ContentError;
