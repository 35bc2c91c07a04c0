//! The featured link of each header menu as the page data carries it, made from what
//! `{lang}/site.toml` says of it (`schema/menu_features.rs`).

use std::collections::BTreeMap;

use crate::Lang;
use crate::schema::menu_features::MenuFeature;
use crate::schema::model::Content;
use crate::text::markup::localize_link;
use crate::text::prose::long_date;
use crate::view::page::MenuFeatureLink;

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
                        href: newest.path(lang),
                    }
                }
            };
            Some((menu.clone(), link))
        })
        .collect()
}
