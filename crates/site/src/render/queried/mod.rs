//! Documents answered for a query string, so that filters and search work without scripts: the
//! supported-assets page with filters, an entity or a page, the FAQ search with keywords, the
//! announcements with keywords or a page. The query string is read as the page reads it in the
//! browser, answered from the indexes the API answers from, and the page's body is filled from
//! templates the UI build cut from the page's own markup (`templates.rs`), so that the served
//! markup is the markup the browser draws, and hydration keeps it: the document carries what it
//! was served with (`served.rs`) for the browser's first render.

pub(crate) mod assets;
#[cfg(test)]
mod cases;
mod pager;
mod reading;
pub(crate) mod search;
pub mod served;
pub(crate) mod templates;

use std::collections::HashMap;
use std::sync::OnceLock;

use super::document::script_safe_json;
use super::encoded::Encoded;
use super::line_breaks::Marks;
use super::served_links::served_links;
use crate::search::{Scope, SearchIndex};
use crate::settings::SiteSettings;
use custody_content::supported_asset_query::SupportedAssetIndex;
use custody_content::{Content, Lang};
use search::{SearchBody, SearchPage};
use served::{AssetView, Served};
use templates::Templates;

/// A page that answers a query string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueriedPage {
    /// `/support-token`.
    SupportedAssets,
    /// `/faq/search` or `/announcements`.
    Search(SearchPage),
}

impl QueriedPage {
    /// The pages that answer a query string, by unprefixed path.
    pub const ALL: [(&'static str, QueriedPage); 3] = [
        (assets::PATH, QueriedPage::SupportedAssets),
        ("/faq/search", QueriedPage::Search(SearchPage::Faq)),
        (
            "/announcements",
            QueriedPage::Search(SearchPage::Announcements),
        ),
    ];
}

/// What a query string asks a page for, read as the page reads it: the key of the document.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Asked {
    /// A view of the supported assets.
    Assets(AssetView),
    /// Keywords (empty for the announcements list) and a page of the list.
    Search {
        /// Which page.
        page: SearchPage,
        /// The keywords.
        query: Box<str>,
        /// The page of the list, from 1.
        list_page: usize,
    },
}

impl Asked {
    /// What `raw` asks of `page`; `None` when it asks for what the page's own document shows
    /// (no query, the first page).
    pub fn read(page: QueriedPage, raw: &str) -> Option<Self> {
        match page {
            QueriedPage::SupportedAssets => {
                let view = assets::read_view(raw);
                (!assets::is_plain(&view)).then_some(Self::Assets(view))
            }
            QueriedPage::Search(page) => {
                let (query, list_page) = search::read(raw);
                let listed = page == SearchPage::Announcements && list_page > 1;
                (!query.is_empty() || listed).then(|| Self::Search {
                    page,
                    query: query.into(),
                    list_page,
                })
            }
        }
    }

    /// Whether the document is kept out of search engines besides the pages that always are:
    /// the results of keywords.
    pub fn is_search(&self) -> bool {
        matches!(self, Self::Search { query, .. } if !query.is_empty())
    }

    /// Bytes the key holds beyond its own size (its text).
    pub fn text_bytes(&self) -> usize {
        match self {
            Self::Assets(view) => {
                let filters = &view.filters;
                filters.network.len() + filters.token.len() + filters.contract.len()
            }
            Self::Search { query, .. } => query.len(),
        }
    }
}

/// A page's document cut around its body and at the end of its configuration: a queried
/// document joins the pieces around its body and what it was served with.
#[derive(Debug)]
pub struct DocumentFrame {
    /// Up to the body.
    pub head: String,
    /// From the body to the configuration's last `}`.
    pub config: String,
    /// From the configuration's last `}`.
    pub tail: String,
}

/// What the documents are answered from: the indexes the API answers from, the content, and the
/// deployment settings.
#[derive(Debug, Clone, Copy)]
pub struct Sources<'a> {
    /// The supported-asset lists.
    pub assets: &'a SupportedAssetIndex,
    /// The FAQ and announcement search.
    pub search: &'a SearchIndex,
    /// The content (the announcements list).
    pub content: &'a Content,
    /// The deployment settings: the addresses of the links to other sites the body shows
    /// (`super::served_links`).
    pub settings: &'a SiteSettings,
    /// Where the text of the page data may not break (the announcements list's).
    pub marks: &'a Marks,
}

/// The templates and the documents' frames of the pages that answer a query string.
#[derive(Debug)]
pub struct QueriedPages {
    /// Read when the first queried document is made; `None` (and an error logged) when the
    /// embedded templates cannot be read, and the pages then answer with their own documents.
    templates: OnceLock<Option<Templates>>,
    /// The frame of each localized path, kept out of search engines or not, made when first
    /// needed.
    frames: HashMap<(String, bool), OnceLock<DocumentFrame>>,
}

impl QueriedPages {
    /// The queried pages of the embedded build, nothing read yet.
    pub fn embedded() -> Self {
        let frames = QueriedPage::ALL
            .iter()
            .flat_map(|(path, _)| Lang::ALL.map(|lang| lang.localize(path)))
            .flat_map(|path| {
                [
                    ((path.clone(), false), OnceLock::new()),
                    ((path, true), OnceLock::new()),
                ]
            })
            .collect();
        Self {
            templates: OnceLock::new(),
            frames,
        }
    }

    fn templates(&self) -> Option<&Templates> {
        self.templates
            .get_or_init(|| {
                Templates::embedded()
                    .inspect_err(|error| {
                        tracing::error!(error = format!("{error:#}"), "query templates")
                    })
                    .ok()
            })
            .as_ref()
    }

    /// The document of the page at `path` (in `lang`) for what its query string `asked`, kept
    /// out of search engines when `noindex`, answered from `sources`; `frame` makes the page's
    /// document frame the first time it is needed. `None` when the templates cannot be read.
    pub fn document(
        &self,
        sources: Sources<'_>,
        frame: impl FnOnce() -> DocumentFrame,
        (path, lang): (&str, Lang),
        asked: &Asked,
        noindex: bool,
    ) -> Option<Encoded> {
        let templates = self.templates()?.of(lang);
        let frame = self
            .frames
            .get(&(path.to_owned(), noindex))?
            .get_or_init(frame);
        let mut body = String::with_capacity(64 * 1024);
        let served = match asked {
            Asked::Assets(view) => {
                let (view, answer) = assets::answer(sources.assets, view.clone());
                assets::write_body(templates, lang, &view, &answer, &mut body);
                Served::SupportedAssets { view, answer }
            }
            Asked::Search {
                page,
                query,
                list_page,
            } => {
                let scope = match page {
                    SearchPage::Faq => Scope::Faq,
                    SearchPage::Announcements => Scope::Announcements,
                };
                let answer = (!query.is_empty())
                    .then(|| sources.search.search(scope, lang, query).ok())
                    .flatten();
                let search = SearchBody {
                    page: *page,
                    lang,
                    query,
                    list_page: *list_page,
                    answer: answer.as_ref(),
                    announcements: &sources.content.locale(lang).announcements.announcement,
                    marks: sources.marks,
                };
                search.write(templates, &mut body);
                Served::Search {
                    query: query.to_string(),
                    page: search.shown_page().0,
                    answer,
                }
            }
        };
        let body = served_links(&body, sources.settings);
        let served = script_safe_json(&served);
        let mut document = String::with_capacity(
            frame.head.len()
                + body.len()
                + frame.config.len()
                + served.len()
                + frame.tail.len()
                + 16,
        );
        for piece in [
            &frame.head,
            &body,
            &frame.config,
            ",\"served\":",
            &served,
            &frame.tail,
        ] {
            document.push_str(piece);
        }
        Some(Encoded::compress_for_cache(document))
    }
}
