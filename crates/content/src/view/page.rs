//! The page data: the document head, the chrome and one body per kind of page.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use super::intro::Intro;
use super::marketing::MarketingData;
use crate::Lang;
use crate::schema::contact::{ContactCopy, FieldLimits};
use crate::supported_asset_query::SupportedAssetAnswer;
use crate::text::markup::Block;

/// Everything a page renders from, in one language.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageData {
    /// The page id of the route (`error` for the error pages).
    pub page: String,
    /// The page's language.
    pub lang: Lang,
    /// The localized path, e.g. `/zh/faq/about`.
    pub path: String,
    /// The full document title.
    pub title: String,
    /// The meta description.
    pub description: String,
    /// The body of the page, by kind of page.
    pub data: PageBody,
    /// The header and footer copy.
    pub chrome: Chrome,
    /// The page's share card; set by the server, which knows the build's card files.
    pub share_image: Option<ShareImageLink>,
    /// The Atom feed the page links to; set by the server.
    pub feed: Option<FeedLink>,
    /// Where the page's Chinese headings may break: for each heading text, the offsets (UTF-16
    /// code units) of its word boundaries, found by the UI build's prerender
    /// (`ui/scripts/word-breaks.mjs`); set by the server, which knows the build's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub word_breaks: Option<WordBreaks>,
}

/// For each heading text of a page, the offsets of its word boundaries.
pub type WordBreaks = BTreeMap<String, Vec<u16>>;

/// The body of a page: one shape per kind of page, named by its `kind` (the discriminant the
/// UI narrows on).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PageBody {
    /// A page with only a heading and a lead.
    Intro(Intro),
    /// The FAQ index.
    Faq(FaqData),
    /// A FAQ category with its articles.
    FaqCategory(FaqCategoryData),
    /// One FAQ article.
    FaqArticle(FaqArticleData),
    /// One announcement.
    Announcement(AnnouncementData),
    /// The list of announcements.
    Announcements(AnnouncementsData),
    /// The application form.
    Contact(Box<ContactData>),
    /// The supported-assets table.
    SupportedAssets(SupportedAssetsData),
    /// A marketing page.
    Marketing(MarketingData),
    /// A long document (legal pages, security guides).
    Document(DocumentData),
    /// An error page.
    Error(ErrorData),
}

/// A link to another page of the same list, by id.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ItemLink {
    /// The linked item's id.
    pub id: String,
    /// Its title.
    pub title: String,
}

/// Brand copy the header and footer need, in the page's language.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Chrome {
    /// The brand's name.
    pub name: String,
    /// The line under the footer's entities.
    pub legal_line: String,
    /// The skip link's text.
    pub skip_link: String,
    /// The entities clients contract with.
    pub entities: Vec<FooterEntity>,
    /// One line under each link of the header's menus, by unprefixed page path.
    pub menu_summaries: BTreeMap<String, String>,
    /// The featured link of each header menu, by menu id.
    pub menu_features: BTreeMap<String, MenuFeatureLink>,
}

/// A header menu's featured link, beside its entries.
#[derive(Debug, Clone, Serialize, TS)]
pub struct MenuFeatureLink {
    /// The small label above the title.
    pub label: String,
    /// The link's title.
    pub title: String,
    /// One line under the title (a date, for an announcement).
    pub text: String,
    /// The localized address.
    pub href: String,
}

/// A legal entity clients contract with, as the footer names it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FooterEntity {
    /// The entity's id (`sg`, `hk`).
    pub id: String,
    /// The registered name.
    pub legal_name: String,
    /// The registration number.
    pub registration: String,
    /// The registered address on one line.
    pub address: String,
    /// The regulatory status.
    pub status: String,
}

/// The page's share card as the head names it.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ShareImageLink {
    /// Absolute URL of the image.
    pub url: String,
    /// Its alternative text.
    pub alt: String,
}

/// The Atom feed a page links to.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FeedLink {
    /// Absolute URL of the feed.
    pub href: String,
    /// The feed's title.
    pub title: String,
}

/// The FAQ index: its categories with their article counts.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FaqData {
    /// Heading and lead.
    #[serde(flatten)]
    pub intro: Intro,
    /// The categories in display order.
    pub categories: Vec<FaqCategorySummary>,
}

/// A FAQ category on the index.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FaqCategorySummary {
    /// The category's id, its path segment.
    pub id: String,
    /// Its title.
    pub title: String,
    /// One line on what it covers.
    pub description: String,
    /// How many articles it holds.
    pub count: usize,
}

/// A FAQ category page.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FaqCategoryData {
    /// The category's title.
    pub heading: String,
    /// Its description.
    pub lead: String,
    /// The heading of the FAQ, for the breadcrumb.
    pub section: String,
    /// Its articles in order.
    pub articles: Vec<FaqArticleSummary>,
}

/// An article in a category's list.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FaqArticleSummary {
    /// The article's id, its path segment.
    pub id: String,
    /// Its question.
    pub title: String,
    /// Its one-line answer.
    pub summary: String,
}

/// A FAQ article page.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FaqArticleData {
    /// The question.
    pub heading: String,
    /// The one-line answer.
    pub lead: String,
    /// The heading of the FAQ, for the breadcrumb.
    pub section: String,
    /// The article's category.
    pub category: ItemLink,
    /// The answer.
    pub blocks: Vec<Block>,
    /// Up to three other articles of the category.
    pub related: Vec<ItemLink>,
    /// The article before it in its category.
    pub previous: Option<ItemLink>,
    /// The article after it in its category.
    pub next: Option<ItemLink>,
}

/// An announcement page.
#[derive(Debug, Clone, Serialize, TS)]
pub struct AnnouncementData {
    /// The headline.
    pub heading: String,
    /// The summary.
    pub lead: String,
    /// The heading of the announcements list, for the breadcrumb.
    pub section: String,
    /// The publication date (ISO 8601).
    pub date: String,
    /// The text.
    pub blocks: Vec<Block>,
    /// The next newer announcement.
    pub newer: Option<ItemLink>,
    /// The next older announcement.
    pub older: Option<ItemLink>,
    /// For an announcement kept as published whose facts have changed: the notice, and the newer
    /// announcement that states them.
    pub superseded: Option<Superseded>,
}

/// The notice on an announcement a newer one superseded.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Superseded {
    /// The notice's words, before the link.
    pub notice: String,
    /// The newer announcement.
    pub successor: ItemLink,
}

/// The list of announcements, newest first.
#[derive(Debug, Clone, Serialize, TS)]
pub struct AnnouncementsData {
    /// Heading and lead.
    #[serde(flatten)]
    pub intro: Intro,
    /// Every announcement.
    pub items: Vec<AnnouncementSummary>,
}

/// An announcement in the list.
#[derive(Debug, Clone, Serialize, TS)]
pub struct AnnouncementSummary {
    /// Its id, the path segment.
    pub id: String,
    /// The publication date (ISO 8601).
    pub date: String,
    /// The headline.
    pub title: String,
    /// The summary.
    pub summary: String,
}

/// The application form: its copy, choices and limits.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ContactData {
    /// Heading and lead.
    #[serde(flatten)]
    pub intro: Intro,
    /// The form's copy.
    pub form: ContactCopy,
    /// The business types in display order.
    pub business_types: Vec<BusinessTypeOption>,
    /// Every ISO 3166-1 alpha-2 code; the names come from the browser.
    pub countries: Vec<&'static str>,
    /// `[region, calling code]` for every region with a numbering plan.
    pub calling_codes: Vec<(String, u16)>,
    /// The most characters each free-text answer may have.
    pub limits: FieldLimits,
}

/// One choice of the business-type list.
#[derive(Debug, Clone, Serialize, TS)]
pub struct BusinessTypeOption {
    /// The value the form sends.
    pub value: String,
    /// The text shown.
    pub label: String,
}

/// The supported-assets page: the first page of rows and the limits of its filters.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SupportedAssetsData {
    /// Heading and lead.
    #[serde(flatten)]
    pub intro: Intro,
    /// The first page of the Singapore list, unfiltered: what the prerendered document shows.
    pub initial: SupportedAssetAnswer<'static>,
    /// The page sizes offered.
    pub page_sizes: Vec<usize>,
    /// The page size without a choice.
    pub default_page_size: usize,
    /// The most characters a text filter keeps.
    pub max_filter_length: usize,
}

/// A long document: its sections and review dates.
#[derive(Debug, Clone, Serialize, TS)]
pub struct DocumentData {
    /// Heading and lead.
    #[serde(flatten)]
    pub intro: Intro,
    /// The day of the last change (ISO 8601).
    pub updated: String,
    /// The day of the last review, when the document records one.
    pub reviewed: Option<String>,
    /// The day of the latest recorded amendment, when the document records any.
    pub amended: Option<String>,
    /// The sections in order.
    pub sections: Vec<DocumentSection>,
}

/// One section of a long document.
#[derive(Debug, Clone, Serialize, TS)]
pub struct DocumentSection {
    /// Its anchor id.
    pub id: String,
    /// Its heading.
    pub heading: String,
    /// Its text.
    pub blocks: Vec<Block>,
    /// The document's amendments recorded in this section, oldest first.
    pub amendments: Vec<DocumentAmendment>,
}

/// One recorded amendment of a long document.
#[derive(Debug, Clone, Serialize, TS)]
pub struct DocumentAmendment {
    /// The day it took effect (ISO 8601).
    pub date: String,
    /// What changed.
    pub summary: String,
}

/// An error page: the status, the path asked for and pages worth trying.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ErrorData {
    /// The HTTP status.
    pub status: u16,
    /// Heading.
    pub heading: String,
    /// The paragraph under it.
    pub lead: String,
    /// The path that was asked for.
    pub request_path: String,
    /// Pages worth trying instead.
    pub suggestions: Vec<Suggestion>,
}

/// A page an error page suggests.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Suggestion {
    /// The localized path.
    pub href: String,
    /// The page's heading.
    pub title: String,
    /// One line on what it offers.
    pub summary: String,
}
