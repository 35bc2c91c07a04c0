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
