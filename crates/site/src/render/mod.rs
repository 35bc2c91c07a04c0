//! Rendering: documents around prerendered bodies, compressed and cached.

pub(crate) mod answer_cache;
pub mod answer_documents;
pub(crate) mod api_answers;
pub mod build_manifest;
pub mod client_contract;
pub(crate) mod document;
pub(crate) mod encoded;
pub(crate) mod error_pages;
pub(crate) mod error_template;
pub mod form_template;
pub mod line_breaks;
pub(crate) mod pages;
pub(crate) mod prerendered;
pub mod queried;
mod renderer;
pub(crate) mod search_answers;
pub(crate) mod served_links;
pub(crate) mod served_site;
pub(crate) mod site_files;
pub(crate) mod static_files;
pub mod supported_asset_answers;
