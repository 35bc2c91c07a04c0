//! What kind of page a route shows: found once from the route's id and the content it names,
//! so that the page's data is chosen by kind, not by string id.

use crate::Lang;
use crate::schema::model::{Content, Route};

/// The kind of a route's pages: which body their data has (`view::page::PageBody`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    /// A page with only a heading and a lead (the FAQ search).
    Intro,
    /// The FAQ index.
    Faq,
    /// A FAQ category or article, by the id in its path (check `faq-id`).
    FaqEntry,
    /// The list of announcements.
    Announcements,
    /// One announcement, by the id in its path (check `announcement-id`).
    Announcement,
    /// The application form.
    Contact,
    /// The supported-assets table.
    SupportedAssets,
    /// A marketing page: a `{lang}/marketing/{id}.toml` of its own.
    Marketing,
    /// A long document of `{lang}/documents.toml` (a route marked `document = true`).
    Document,
}

impl PageKind {
    /// The kind of `route`'s pages: the pages with code of their own by id, then the marketing
    /// pages and the long documents by what content holds for them, and a heading with its lead
    /// for any other.
    pub fn of(content: &Content, route: &Route) -> Self {
        match route.id.as_str() {
            "faq" => Self::Faq,
            "faq-entry" => Self::FaqEntry,
            "announcements" => Self::Announcements,
            "announcement" => Self::Announcement,
            "contact-us" => Self::Contact,
            "support-token" => Self::SupportedAssets,
            id if content.locale(Lang::En).marketing.contains_key(id) => Self::Marketing,
            _ if route.document => Self::Document,
            _ => Self::Intro,
        }
    }

    /// The validity check naming the ids of this kind's pages, for the kinds shown once per id.
    pub fn check(self) -> Option<&'static str> {
        match self {
            Self::FaqEntry => Some("faq-id"),
            Self::Announcement => Some("announcement-id"),
            Self::Intro
            | Self::Faq
            | Self::Announcements
            | Self::Contact
            | Self::SupportedAssets
            | Self::Marketing
            | Self::Document => None,
        }
    }
}
