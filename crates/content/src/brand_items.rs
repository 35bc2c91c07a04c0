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
    /// Navy mark and wordmark for light backgrounds.
    FullColour,
    /// Black only, for single-colour print.
    Monochrome,
    /// White only, for dark backgrounds.
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
