//! The page data of a marketing page: its hero, the trust line under it, and its sections.

use serde::Serialize;
use ts_rs::TS;

use super::drawn_facts::KeysView;
use super::intro::Intro;
use super::section::SectionView;
use crate::schema::illustration::Illustration;
use crate::schema::marketing::{Action, HeroLayout};

/// A marketing page: hero extras and sections.
#[derive(Debug, Clone, Serialize, TS)]
pub struct MarketingData {
    /// Heading and lead.
    #[serde(flatten)]
    pub intro: Intro,
    /// What the intro shows besides them.
    pub hero: HeroView,
    /// The badges under the hero, linking to the Trust center.
    pub trust: TrustLineView,
    /// The body sections, top to bottom.
    pub sections: Vec<SectionView>,
}

/// The badges under a marketing page's hero: what a security team checks first, each linking to
/// its section of the Trust center (an anchor of the page itself on the Trust center).
#[derive(Debug, Clone, Serialize, TS)]
#[ts(rename = "TrustLine")]
pub struct TrustLineView {
    /// The badges in order: certifications, the insurance limit, the entities' status.
    pub badges: Vec<TrustBadge>,
}

/// One badge of the trust line.
#[derive(Debug, Clone, Serialize, TS)]
pub struct TrustBadge {
    /// What it names, such as `SOC 2 Type 2` or `USD 50m`.
    pub title: String,
    /// The line under it.
    pub line: String,
    /// The localized path of the Trust center's section about it.
    pub href: String,
}

/// What the intro of a marketing page shows besides its heading and lead.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(rename = "Hero")]
pub struct HeroView {
    /// A short line above the heading.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub eyebrow: Option<String>,
    /// The illustration beside the heading.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub illustration: Option<Illustration>,
    /// The illustration's words, in the order of its places.
    pub words: Vec<String>,
    /// How the keys are held, for the illustration that draws them (`key-sites`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub keys: Option<KeysView>,
    /// Up to two buttons under the lead, their links localized.
    pub action: Vec<Action>,
    /// How the illustration sits beside the words.
    pub layout: HeroLayout,
}
