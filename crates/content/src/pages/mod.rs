//! Concrete pages: every route expanded to the paths it serves (a dynamic route once per id its
//! validity check admits), and the data each page is rendered from, built from the content into
//! the shapes of `view/` by the modules below (each named for the part of the page it fills).

pub mod design_tokens;
pub mod entities;
pub mod error_kind;
pub mod evidence;
pub mod fees;
pub mod lists;
pub mod marketing;
pub mod menu_features;
pub mod page_kind;
pub mod share_card;

use crate::Lang;
use crate::pages::error_kind::ErrorKind;
use crate::pages::menu_features::menu_feature_links;
use crate::pages::page_kind::PageKind;
use crate::schema::contact::{BUSINESS_TYPES, MAX_CHARS};
use crate::schema::countries::COUNTRIES;
use crate::schema::documents::LongDocument;
use crate::schema::model::{Content, LocaleContent, PageMeta, Route};
use crate::schema::section_items::EntityId;
use crate::supported_asset_query::{
    DEFAULT_PAGE_SIZE, MAX_FILTER_CHARS, PAGE_SIZES, SupportedAssetIndex, SupportedAssetQuery,
};
use crate::text::markup;
use crate::view::intro::Intro;
use crate::view::page::{
    AnnouncementSummary, AnnouncementsData, BusinessTypeOption, Chrome, ContactData,
    DocumentAmendment, DocumentData, DocumentSection, ErrorData, FaqCategorySummary, FaqData,
    FooterEntity, PageBody, PageData, Suggestion, SupportedAssetsData,
};
use crate::view::site_data::{UiPage, UiSiteData};

/// Stands for the request path in prerendered error pages; the server replaces it per request.
pub const REQUEST_PATH_MARKER: &str = "__CUSTODY_REQUEST_PATH__";

/// Validity checks a dynamic route may name, and the ids each admits.
pub const CHECKS: [&str; 2] = ["faq-id", "announcement-id"];

/// One servable page: a route with its dynamic segment filled in.
#[derive(Debug, Clone)]
pub struct PageInstance {
    /// The route's page id.
    pub page: String,
    /// What kind of page it is, found once from the route.
    pub kind: PageKind,
    /// Unprefixed path, e.g. `/faq/about`.
    pub path: String,
    /// The dynamic segment's value, for dynamic routes.
    pub param: Option<String>,
    /// Kept out of search engines and the sitemap.
    pub noindex: bool,
}

/// The ids a validity check admits (identical in every language, enforced by parity).
pub fn check_ids(content: &Content, check: &str) -> Option<Vec<String>> {
    let english = content.locale(Lang::En);
    match check {
        "faq-id" => Some(
            english
                .faq
                .category
                .iter()
                .map(|c| c.id.clone())
                .chain(english.faq.article.iter().map(|a| a.id.clone()))
                .collect(),
        ),
        "announcement-id" => Some(
            english
                .announcements
                .announcement
                .iter()
                .map(|a| a.id.clone())
                .collect(),
        ),
        _ => None,
    }
}

/// Every page of the site, in route-table order.
pub fn page_instances(content: &Content) -> Vec<PageInstance> {
    content
        .routes
        .iter()
        .flat_map(|route| expand(content, route))
        .collect()
}

fn expand(content: &Content, route: &Route) -> Vec<PageInstance> {
    let kind = PageKind::of(content, route);
    let instance = |path: String, param: Option<String>| PageInstance {
        page: route.id.clone(),
        kind,
        path,
        param,
        noindex: route.noindex,
    };
    match (route.dynamic_prefix(), route.check.as_deref()) {
        (Some(prefix), Some(check)) => check_ids(content, check)
            .unwrap_or_default()
            .into_iter()
            .map(|id| instance(format!("{prefix}{id}"), Some(id)))
            .collect(),
        _ => vec![instance(route.path.clone(), None)],
    }
}

/// The longest document title (in characters) that search results show in full, about.
pub const TITLE_MAX_CHARS: usize = 70;

/// The full document title of a page: its own title, then the brand; a title that would be
/// longer than `TITLE_MAX_CHARS` with the brand (a long FAQ question, an announcement headline)
/// goes alone, so search results do not cut its words off (the brand is still in `og:site_name`
/// and the JSON-LD).
pub fn document_title(content: &Content, lang: Lang, title: &str) -> String {
    let full = format!("{title} | {}", content.locale(lang).site.name);
    if full.chars().count() > TITLE_MAX_CHARS {
        title.to_owned()
    } else {
        full
    }
}

/// The data a page is rendered from: the same data feeds the prerender, hydration and
/// client-side navigation. `title` and `description` are the document head; the server adds
/// the share card and the feed.
pub fn page_data(content: &Content, lang: Lang, instance: &PageInstance) -> PageData {
    let locale = content.locale(lang);
    let meta = &locale.pages[&instance.page];
    let head = |title: &str, description: &str| (title.to_owned(), description.to_owned());
    let id = || {
        instance
            .param
            .as_deref()
            .expect("a page shown once per id has its id (validate::site)")
    };
    let ((title, description), data) = match instance.kind {
        PageKind::FaqEntry => lists::faq_entry(locale, lang, meta, id()),
        PageKind::Announcement => {
            let item = lists::announcement(locale, lang, meta, id());
            (
                head(&item.heading, &item.lead),
                PageBody::Announcement(item),
            )
        }
        PageKind::Faq => (
            head(&meta.title, &meta.description),
            PageBody::Faq(faq_index_data(locale, meta)),
        ),
        PageKind::Announcements => (
            head(&meta.title, &meta.description),
            PageBody::Announcements(announcements_data(locale, meta)),
        ),
        PageKind::Contact => (
            head(&meta.title, &meta.description),
            PageBody::Contact(Box::new(contact_form_data(content, locale, meta))),
        ),
        PageKind::SupportedAssets => (
            head(&meta.title, &meta.description),
            PageBody::SupportedAssets(supported_assets_data(content, meta)),
        ),
        PageKind::Marketing => (
            head(&meta.title, &meta.description),
            PageBody::Marketing(marketing::page_data(
                content,
                lang,
                meta,
                &locale.marketing[&instance.page],
            )),
        ),
        PageKind::Document => (
            head(&meta.title, &meta.description),
            PageBody::Document(document_data(lang, meta, &locale.documents[&instance.page])),
        ),
        PageKind::Intro => (
            head(&meta.title, &meta.description),
            PageBody::Intro(Intro::of(meta)),
        ),
    };
    PageData {
        page: instance.page.clone(),
        lang,
        path: instance.path.clone(),
        title: document_title(content, lang, &title),
        description,
        data,
        chrome: chrome_data(content, lang),
        share_image: None,
        feed: None,
        word_breaks: None,
    }
}

/// The FAQ index: its categories in display order, each with its number of articles.
fn faq_index_data(locale: &LocaleContent, meta: &PageMeta) -> FaqData {
    let categories = locale
        .faq
        .category
        .iter()
        .map(|c| FaqCategorySummary {
            id: c.id.clone(),
            title: c.title.clone(),
            description: c.description.clone(),
            count: locale.faq.articles_of(&c.id).count(),
        })
        .collect();
    FaqData {
        intro: Intro::of(meta),
        categories,
    }
}

/// The list of announcements, newest first.
fn announcements_data(locale: &LocaleContent, meta: &PageMeta) -> AnnouncementsData {
    let items = locale
        .announcements
        .announcement
        .iter()
        .map(|a| AnnouncementSummary {
            id: a.id.clone(),
            date: a.date.to_string(),
            title: a.title.clone(),
            summary: a.summary.clone(),
        })
        .collect();
    AnnouncementsData {
        intro: Intro::of(meta),
        items,
    }
}

/// A long document: its dates and its sections, their text parsed and their amendments.
fn document_data(lang: Lang, meta: &PageMeta, document: &LongDocument) -> DocumentData {
    DocumentData {
        intro: Intro::of(meta),
        updated: document.updated.to_string(),
        reviewed: document.reviewed.map(|date| date.to_string()),
        amended: document.amended().map(|date| date.to_string()),
        sections: document
            .section
            .iter()
            .map(|s| DocumentSection {
                id: s.id.clone(),
                heading: s.heading.clone(),
                blocks: markup::parse(&s.body, lang),
                amendments: s
                    .amendment
                    .iter()
                    .map(|a| DocumentAmendment {
                        date: a.date.to_string(),
                        summary: a.summary.clone(),
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The application form: its copy, the business types in display order, every country code, the
/// area codes and the length limits.
fn contact_form_data(content: &Content, locale: &LocaleContent, meta: &PageMeta) -> ContactData {
    let copy = &locale.contact;
    ContactData {
        intro: Intro::of(meta),
        form: copy.clone(),
        business_types: BUSINESS_TYPES
            .iter()
            .map(|value| BusinessTypeOption {
                value: (*value).to_owned(),
                label: copy.business_type[*value].clone(),
            })
            .collect(),
        countries: COUNTRIES.to_vec(),
        calling_codes: content.calling_codes.clone(),
        limits: MAX_CHARS,
    }
}

/// The supported-assets page: the first page of the default entity's whole list (so it is in
/// the prerendered document) and the limits of its filters.
fn supported_assets_data(content: &Content, meta: &PageMeta) -> SupportedAssetsData {
    let index = SupportedAssetIndex::new(content);
    let first = index
        .answer(&SupportedAssetQuery::first_page(EntityId::Sg))
        .expect("the first page always exists")
        .into_owned();
    SupportedAssetsData {
        intro: Intro::of(meta),
        initial: first,
        page_sizes: PAGE_SIZES.to_vec(),
        default_page_size: DEFAULT_PAGE_SIZE,
        max_filter_length: MAX_FILTER_CHARS,
    }
}

/// The data of an error page for a request path.
pub fn error_page_data(content: &Content, lang: Lang, kind: ErrorKind, path: &str) -> PageData {
    let meta = &content.locale(lang).pages[kind.page()];
    PageData {
        page: "error".to_owned(),
        lang,
        path: path.to_owned(),
        title: document_title(content, lang, &meta.title),
        description: meta.description.clone(),
        data: PageBody::Error(ErrorData {
            status: kind.status(),
            heading: meta.heading.clone(),
            lead: meta.lead.clone(),
            request_path: path.to_owned(),
            suggestions: suggestions(content, lang),
        }),
        chrome: chrome_data(content, lang),
        share_image: None,
        feed: None,
        word_breaks: None,
    }
}

/// The pages an error page suggests: link, heading and one line on what each offers.
fn suggestions(content: &Content, lang: Lang) -> Vec<Suggestion> {
    let locale = content.locale(lang);
    content
        .site
        .suggested_pages
        .iter()
        .filter_map(|path| {
            let route = content.routes.iter().find(|route| &route.path == path)?;
            Some(Suggestion {
                href: lang.localize(path),
                title: locale.pages.get(&route.id)?.heading.clone(),
                summary: locale.site.menu_summary.get(path)?.clone(),
            })
        })
        .collect()
}

/// Brand copy every page's header and footer need, in one language, with the footer's block of
/// the entities clients contract with and the lines under the links of the header's menus.
pub fn chrome_data(content: &Content, lang: Lang) -> Chrome {
    let site = &content.locale(lang).site;
    Chrome {
        name: site.name.clone(),
        legal_line: site.legal_line.clone(),
        skip_link: site.skip_link.clone(),
        entities: entities::all(content, lang, true)
            .into_iter()
            .map(|entity| FooterEntity {
                id: entity.id,
                legal_name: entity.legal_name,
                registration: entity.registration,
                address: entity.address,
                status: entity.status,
            })
            .collect(),
        menu_summaries: site.menu_summary.clone(),
        menu_features: menu_feature_links(content, lang),
    }
}

/// The data the interface is built from (`pages.json`): every page × language with the data it
/// renders from and the text of its share card, the error pages (their request path the marker
/// the server replaces per request), the page ids, the design tokens, the palette and the
/// content icons.
pub fn ui_site_data(content: &Content) -> UiSiteData {
    let mut pages = Vec::new();
    for lang in Lang::ALL {
        for instance in page_instances(content) {
            pages.push(UiPage {
                key: lang.localize(&instance.path),
                data: page_data(content, lang, &instance),
                card: Some(crate::pages::share_card::card_data(
                    content, lang, &instance,
                )),
            });
        }
        for kind in ErrorKind::ALL {
            pages.push(UiPage {
                key: kind.prerender_key(lang),
                data: error_page_data(content, lang, kind, REQUEST_PATH_MARKER),
                card: None,
            });
        }
    }
    UiSiteData {
        pages,
        page_ids: content.routes.iter().map(|r| r.id.clone()).collect(),
        design_tokens: crate::pages::design_tokens::design_tokens_css(&content.site),
        palette: content
            .site
            .palette
            .iter()
            .map(|colour| (colour.key.clone(), colour.hex.clone()))
            .collect(),
        icons: crate::schema::icons::ICONS,
    }
}
