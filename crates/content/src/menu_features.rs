//! The featured link of each header menu (`[menu_feature.*]` of `{lang}/site.toml`): what an
//! editor writes, and the link the page data carries.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Lang;
use super::facts::long_date;
use super::markup::localize_link;
use super::model::Content;
use super::view::page::MenuFeatureLink;

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

/// Every menu's featured link in `lang`, by menu id, its path localized; a newest-announcement
/// feature takes the announcement's title and long date.
pub fn menu_feature_links(content: &Content, lang: Lang) -> BTreeMap<String, MenuFeatureLink> {
    let locale = content.locale(lang);
    locale
        .site
        .menu_feature
        .iter()
        .filter_map(|(menu, feature)| {
            let link = match feature {
                MenuFeature::Page {
                    label,
                    title,
                    text,
                    path,
                } => MenuFeatureLink {
                    label: label.clone(),
                    title: title.clone(),
                    text: text.clone(),
                    href: localize_link(path, lang),
                },
                MenuFeature::LatestAnnouncement { label } => {
                    let newest = locale.announcements.announcement.first()?;
                    MenuFeatureLink {
                        label: label.clone(),
                        title: newest.title.clone(),
                        text: long_date(newest.date, lang),
                        href: lang.localize(&format!("/announcements/{}", newest.id)),
                    }
                }
            };
            Some((menu.clone(), link))
        })
        .collect()
}
