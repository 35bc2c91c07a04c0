//! The heading and introduction every page carries.

use serde::Serialize;
use ts_rs::TS;

use crate::schema::model::PageMeta;

/// The heading and introduction every page carries.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Intro {
    /// The page's `h1`.
    pub heading: String,
    /// The paragraph under it.
    pub lead: String,
}

impl Intro {
    /// The heading and lead of a page as `{lang}/pages.toml` gives them.
    pub fn of(meta: &PageMeta) -> Self {
        Self {
            heading: meta.heading.clone(),
            lead: meta.lead.clone(),
        }
    }
}
