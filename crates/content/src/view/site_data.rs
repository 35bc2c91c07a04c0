//! The data the interface is built from (`pages.json`): every page with its share card's text,
//! the error pages, the page ids, the design tokens, the palette and the content icons.

use std::collections::BTreeMap;

use serde::Serialize;

use super::page::PageData;

/// The whole of `pages.json`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UiSiteData {
    /// Every page × language, then the error pages.
    pub pages: Vec<UiPage>,
    /// The route ids, in route-table order.
    pub page_ids: Vec<String>,
    /// The design tokens as CSS custom properties.
    pub design_tokens: String,
    /// Palette key → `#rrggbb`.
    pub palette: BTreeMap<String, String>,
    /// The icon names content may use.
    pub icons: &'static [&'static str],
}

/// One page of `pages.json`.
#[derive(Debug, Clone, Serialize)]
pub struct UiPage {
    /// The localized path, or `error:{lang}:{page}` for an error page.
    pub key: String,
    /// What the page renders from.
    pub data: PageData,
    /// The text of its share card (none for error pages).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardData>,
}

/// The share card's text as the card script reads it.
#[derive(Debug, Clone, Serialize)]
pub struct CardData {
    /// The page's title without the brand.
    pub title: String,
    /// The section above the title, if any.
    pub eyebrow: Option<String>,
    /// The publication date of a dated page.
    pub date: Option<String>,
    /// The brand's tagline, at the card's foot.
    pub footer: String,
}
