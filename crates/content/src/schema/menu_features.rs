//! The featured link of each header menu (`[menu_feature.*]` of `{lang}/site.toml`), as an
//! editor writes it; `pages/menu_features.rs` makes the link the page data carries.

use serde::{Deserialize, Serialize};

/// One menu's featured link, beside the menu's own entries.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum MenuFeature {
    /// A page of the site, described here.
    Page {
        /// The small label above the title, such as "Guide".
        label: String,
        /// The link's title.
        title: String,
        /// One line under the title.
        text: String,
        /// The unprefixed path of a page, with an optional `#fragment`.
        path: String,
    },
    /// The newest announcement of `{lang}/announcements.toml`: its title, dated.
    LatestAnnouncement {
        /// The small label above the title, such as "Latest notice".
        label: String,
    },
}

impl MenuFeature {
    /// The page this feature links to, for the content check (`None` for the newest
    /// announcement, which always exists).
    pub fn path(&self) -> Option<&str> {
        match self {
            Self::Page { path, .. } => Some(path),
            Self::LatestAnnouncement { .. } => None,
        }
    }
}
