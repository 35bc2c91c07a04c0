//! The house terms (`glossary.toml`): for each concept the one Chinese term and the variants it
//! replaces, and the English variants it replaces. `validate/glossary.rs` checks the copy
//! against them.

use serde::{Deserialize, Serialize};

/// The Chinese interface catalog, relative to `content/` as content errors name their files.
pub const CATALOG: &str = "../ui/src/locales/zh/messages.po";

/// `glossary.toml`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Glossary {
    /// The terms, grouped as the file groups them.
    pub term: Vec<Term>,
}

/// One concept and how Chinese copy names it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    /// What the term means, in a few English words.
    pub concept: String,
    /// The English term.
    pub en: String,
    /// The one Chinese term.
    pub zh: String,
    /// Chinese variants that must not be written for this concept. A variant with `…`
    /// (`启用…白名单`) matches its parts in order within one clause: nothing between them
    /// ends or divides a sentence (。；，：！？).
    pub rejected: Vec<String>,
    /// Correct phrases that contain a rejected variant (自主托管 contains 主托管); the Chinese
    /// term itself never counts as a variant.
    #[serde(default)]
    pub except: Vec<String>,
    /// English variants that must not be written for this concept, matched in any case
    /// ("private data" for personal data). Default: none.
    #[serde(default)]
    pub rejected_en: Vec<String>,
}
