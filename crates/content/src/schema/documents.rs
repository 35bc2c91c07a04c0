//! The FAQ, announcements and long documents (legal pages, guides) of each language
//! (`{lang}/faq.toml`, `{lang}/announcements.toml`, `{lang}/documents.toml`).

use serde::{Deserialize, Serialize};

use crate::Lang;

/// `{lang}/faq.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faq {
    /// The FAQ categories in display order.
    pub category: Vec<FaqCategory>,
    /// The articles, grouped by category in category order.
    #[serde(default)]
    pub article: Vec<FaqArticle>,
}

impl Faq {
    /// The articles of one category, in order.
    pub fn articles_of<'a>(
        &'a self,
        category: &'a str,
    ) -> impl Iterator<Item = &'a FaqArticle> + 'a {
        self.article.iter().filter(move |a| a.category == category)
    }
}

/// One FAQ article (a question and its answer), served at `/faq/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaqArticle {
    /// URL segment, identical in every language; shares `/faq/{id}` with the category ids.
    pub id: String,
    /// The id of the category it belongs to.
    pub category: String,
    /// The question.
    pub title: String,
    /// A one-sentence answer, used in lists and as the meta description.
    pub summary: String,
    /// The answer in the content markup (paragraphs, `- ` lists, `[text](/path)` links).
    pub body: String,
}

/// One FAQ category, served at `/faq/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaqCategory {
    /// URL segment, identical in every language.
    pub id: String,
    /// Category name.
    pub title: String,
    /// What the category answers.
    pub description: String,
}

/// `{lang}/announcements.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Announcements {
    /// The notice that opens an announcement a newer one superseded, before the link to it.
    pub superseded_notice: String,
    /// Announcements, newest first.
    pub announcement: Vec<Announcement>,
}

/// One dated announcement, served at `/announcements/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Announcement {
    /// URL segment, identical in every language.
    pub id: String,
    /// Publication date.
    #[serde(serialize_with = "date_as_iso")]
    pub date: toml::value::Date,
    /// When it was last changed after publication, if it was: the feed's and the structured data's
    /// modification date. Default: its date.
    #[serde(
        default,
        serialize_with = "optional_date_as_iso",
        skip_serializing_if = "Option::is_none"
    )]
    pub updated: Option<toml::value::Date>,
    /// Kept word for word as it was published, figures included: the checks of typed figures,
    /// amounts, durations, frequencies and dates skip it (`lines::current_copy_lines`). A later
    /// announcement states what has changed since. Default: false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub as_published: bool,
    /// The id of the newer announcement that states what has changed since, for one kept
    /// `as_published`: its page opens with a notice linking to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<String>,
    /// Headline.
    pub title: String,
    /// One-sentence summary for lists and the meta description.
    pub summary: String,
    /// Body in the content markup (paragraphs, `- ` lists, `[text](/path)` links).
    pub body: String,
}

/// A long-form page (a legal page or a security guide) of `{lang}/documents.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LongDocument {
    /// When the document was last updated; with `reviewed`, the date it took effect.
    #[serde(serialize_with = "date_as_iso")]
    pub updated: toml::value::Date,
    /// When the document was last reviewed and confirmed current without a change of its
    /// effective date (the privacy policy).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_date_as_iso"
    )]
    pub reviewed: Option<toml::value::Date>,
    /// The sections in order.
    pub section: Vec<DocumentSection>,
}

/// One titled section of a long-form page.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocumentSection {
    /// Anchor id, identical in every language.
    pub id: String,
    /// Section heading.
    pub heading: String,
    /// Body in the content markup.
    pub body: String,
    /// The document's recorded amendments, oldest first, listed under the body.
    #[serde(default)]
    pub amendment: Vec<Amendment>,
}

/// One recorded amendment of a long document: when it took effect and what it changed.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Amendment {
    /// The day the amended text took effect.
    #[serde(serialize_with = "date_as_iso")]
    pub date: toml::value::Date,
    /// What changed, in one sentence of plain text.
    pub summary: String,
}

impl LongDocument {
    /// The day of its latest recorded amendment, if it records any.
    pub fn amended(&self) -> Option<toml::value::Date> {
        self.section
            .iter()
            .flat_map(|section| &section.amendment)
            .map(|amendment| amendment.date)
            .max()
    }
}

impl Announcement {
    /// When it last changed: `updated`, or its publication date.
    pub fn modified(&self) -> toml::value::Date {
        self.updated.unwrap_or(self.date)
    }

    /// The path of its page in `lang` (`/announcements/{id}`, prefixed for Chinese).
    pub fn path(&self, lang: Lang) -> String {
        lang.localize(&format!("/announcements/{}", self.id))
    }
}

/// Serializes an optional TOML date as `YYYY-MM-DD`.
fn optional_date_as_iso<S: serde::Serializer>(
    date: &Option<toml::value::Date>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match date {
        Some(date) => serializer.collect_str(date),
        None => serializer.serialize_none(),
    }
}

/// Serializes a TOML date as `YYYY-MM-DD` (JSON has no date type).
fn date_as_iso<S: serde::Serializer>(
    date: &toml::value::Date,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(date)
}

/// What is wrong with the announcements' `superseded_by`, each with the id of the announcement it
/// is on: a successor that is not an announcement, or not newer, or one named by an announcement
/// not kept `as_published` (a current one is corrected, not superseded).
pub fn superseded_problems(items: &[Announcement]) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for item in items {
        let Some(successor) = &item.superseded_by else {
            continue;
        };
        let newer = items
            .iter()
            .find(|a| &a.id == successor)
            .map(|a| a.date > item.date);
        let problem = match newer {
            None => format!("`superseded_by = \"{successor}\"` is not an announcement"),
            Some(false) => format!(
                "`superseded_by = \"{successor}\"` is not newer than `{}`: name the announcement \
                 that states what has changed since",
                item.id
            ),
            Some(true) if !item.as_published => format!(
                "`{}` names a successor but is not `as_published = true`: a notice is superseded \
                 only when it is kept word for word",
                item.id
            ),
            Some(true) => continue,
        };
        problems.push((item.id.clone(), problem));
    }
    problems
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn items(successor: &str, as_published: bool) -> Vec<Announcement> {
        let text = format!(
            "[[a]]\nid = \"new\"\ndate = 2026-12-05\ntitle = \"t\"\nsummary = \"s\"\nbody = \"b\"\n\
             [[a]]\nid = \"old\"\ndate = 2025-01-13\nas_published = {as_published}\n\
             superseded_by = \"{successor}\"\ntitle = \"t\"\nsummary = \"s\"\nbody = \"b\"\n"
        );
        let table: BTreeMap<String, Vec<Announcement>> = toml::from_str(&text).unwrap();
        table["a"].clone()
    }

    #[test]
    fn a_successor_exists_is_newer_and_supersedes_a_notice_kept_as_published() {
        assert!(superseded_problems(&items("new", true)).is_empty());
        let unknown = superseded_problems(&items("gone", true));
        assert!(
            unknown[0].1.contains("is not an announcement"),
            "{unknown:?}"
        );
        let older = superseded_problems(&items("old", true));
        assert!(older[0].1.contains("is not newer"), "{older:?}");
        let current = superseded_problems(&items("new", false));
        assert!(current[0].1.contains("as_published"), "{current:?}");
    }
}
