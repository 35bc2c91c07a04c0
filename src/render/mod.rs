//! Rendering at start-up: documents around prerendered bodies, compressed and cached.

pub mod answer_cache;
pub mod asset_answers;
pub mod assets;
pub mod build_manifest;
pub mod document;
pub mod encoded;
pub mod error_kind;
pub mod error_pages;
pub mod error_template;
pub mod search_answers;
pub mod site;
