//! The items of the brand kit's sections: logo variants, colours, copy texts and usage rules.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One logo variant of the brand kit.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct LogoItem {
    /// Which variant.
    pub logo: LogoVariant,
    /// Its name.
    pub title: String,
    /// When to use it.
    pub body: String,
}

/// The logo variants, each drawn at build time by `ui/scripts/wordmark.mjs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum LogoVariant {
    /// Gold shards, navy outlines and wordmark, for light backgrounds.
    FullColour,
    /// Black only, for single-colour print.
    Monochrome,
    /// Gold shards, white outlines and wordmark, for dark backgrounds.
    White,
}

/// One palette swatch of the brand kit.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PaletteItem {
    /// A key of the palette in `site.toml`.
    pub colour: String,
    /// The colour's name.
    pub title: String,
    /// What it is used for.
    pub body: String,
}

/// One approved text of the brand kit.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CopyItem {
    /// Which text.
    pub copy: BrandText,
    /// Its name.
    pub title: String,
}

/// The approved brand texts of `{lang}/site.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum BrandText {
    /// The one-line positioning statement (`tagline`).
    Tagline,
    /// The one-sentence description (`brand.short`).
    Short,
    /// The one-paragraph description (`brand.long`).
    Long,
}

/// One list of brand usage rules.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RuleItem {
    /// Whether the list says what to do or what not to do.
    pub tone: RuleTone,
    /// The list's title.
    pub title: String,
    /// The rules.
    pub points: Vec<String>,
}

/// Whether a rule list is advice or a prohibition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum RuleTone {
    /// What to do.
    Do,
    /// What not to do.
    Dont,
}

/// `kind = "brand-mark"`: how the mark is built, the space it keeps and how it must not be
/// changed, each drawn by the page from the device's geometry (ui/scripts/shard-lattice.mjs).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrandMarkSection {
    /// Anchor id.
    pub id: String,
    /// Section heading.
    pub heading: String,
    /// Paragraph under the heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    /// The drawings with their words, in order.
    pub item: Vec<MarkItem>,
}

/// One drawing of the mark section.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct MarkItem {
    /// Which drawing.
    pub figure: MarkFigure,
    /// Its title.
    pub title: String,
    /// What it shows.
    pub body: String,
}

/// The drawings of the mark section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum MarkFigure {
    /// The five shards on the lattice, three filled.
    Construction,
    /// The logo inside the space kept clear around it.
    ClearSpace,
    /// The logo changed in the ways the rules forbid.
    Misuse,
}

/// `kind = "brand-type"`: the type scale of `site.toml`, each step named by its use and set in
/// its own size.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrandTypeSection {
    /// Anchor id.
    pub id: String,
    /// Section heading.
    pub heading: String,
    /// Paragraph under the heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    /// The words each step is set in.
    pub sample: String,
    /// The steps shown, largest first.
    pub item: Vec<TypeItem>,
}

/// One step of the type scale section.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct TypeItem {
    /// A `key` of `site.toml` `[[type_step]]`.
    pub step: String,
    /// What it is used for, with its weight: "Page headings, weight 800".
    pub title: String,
}
