//! One text in each language of the site, as the facts files write it: `{ en = "…", zh = "…" }`.

use serde::{Deserialize, Serialize};

use crate::Lang;

/// A text in English and in Chinese. What it is (a name, a noun phrase without a final full stop,
/// or full sentences) is said by the field that holds it: a region's name, an automatic transfer's
/// rule, an approval rule in full sentences.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bilingual {
    /// The English text.
    pub en: String,
    /// The Chinese text.
    pub zh: String,
}

impl Bilingual {
    /// The text of one language.
    pub fn of(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }
}
