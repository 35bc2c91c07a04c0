//! The brand kit's sections as the page shows them: swatches with their values, the approved
//! texts in every language and the steps of the type scale.

use serde::Serialize;
use ts_rs::TS;

use crate::Lang;
use crate::schema::brand_items::BrandText;

/// A colour swatch of the brand kit.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Swatch {
    /// The palette key.
    pub colour: String,
    /// Its name.
    pub title: String,
    /// Where it is used.
    pub body: String,
    /// `#rrggbb`.
    pub hex: String,
    /// `r, g, b`.
    pub rgb: String,
}

/// An approved brand text in every language.
#[derive(Debug, Clone, Serialize, TS)]
pub struct BrandCopyText {
    /// Which text.
    pub copy: BrandText,
    /// Its name.
    pub title: String,
    /// The text in each language.
    pub texts: Vec<TextInLanguage>,
}

/// A text in one language.
#[derive(Debug, Clone, Serialize, TS)]
pub struct TextInLanguage {
    /// The language.
    pub lang: Lang,
    /// The text.
    pub text: String,
}

/// A step of the type scale with its sizes.
#[derive(Debug, Clone, Serialize, TS)]
pub struct TypeStepView {
    /// The step's key (`--text-{key}`).
    pub step: String,
    /// What it is used for.
    pub title: String,
    /// Its size in rem from 80rem (1,280 px) wide.
    pub rem: f64,
    /// Its size in rem on a 20rem (320 px) window, when it is fluid.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub phone_rem: Option<f64>,
}
