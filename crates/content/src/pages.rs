//! Concrete pages: every route expanded to the paths it serves (a dynamic route once per id its
//! validity check admits), and the data each page is rendered from.

use serde_json::{Value, json};

use super::asset_query::{AssetIndex, AssetQuery, DEFAULT_PAGE_SIZE, MAX_FILTER_CHARS, PAGE_SIZES};
use super::contact::{BUSINESS_TYPES, MAX_CHARS};
use super::countries::COUNTRIES;
use super::documents::{Announcement, FaqArticle};
use super::model::{Content, LocaleContent, PageMeta, Route};
use super::section_items::EntityId;
use super::{Lang, entity_view, markup, sections};

/// Page ids that are not routes: the error pages.
pub const ERROR_PAGES: [&str; 3] = ["not-found", "invalid", "server-error"];

/// Stands for the request path in prerendered error pages; the server replaces it per request.
pub const REQUEST_PATH_MARKER: &str = "__CUSTODY_REQUEST_PATH__";

/// Validity checks a dynamic route may name, and the ids each admits.
pub const CHECKS: [&str; 2] = ["faq-id", "announcement-id"];

/// One servable page: a route with its dynamic segment filled in.
#[derive(Debug, Clone)]
pub struct PageInstance {
    /// The route's page id.
    pub page: String,
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
    let instance = |path: String, param: Option<String>| PageInstance {
        page: route.id.clone(),
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

/// The data a page is rendered from: the same JSON feeds the prerender, hydration and
/// client-side navigation. `title` and `description` are the document head.
pub fn page_data(content: &Content, lang: Lang, instance: &PageInstance) -> Value {
    let locale = content.locale(lang);
    let meta = &locale.pages[&instance.page];
    let intro = || json!({ "heading": meta.heading, "lead": meta.lead });
    let (title, description, data) = match (instance.page.as_str(), instance.param.as_deref()) {
        ("faq-entry", Some(id)) => faq_entry(locale, lang, meta, id),
        ("announcement", Some(id)) => {
            let items = &locale.announcements.announcement;
            let position = items
                .iter()
                .position(|a| a.id == id)
                .expect("instance comes from the check");
            let item = &items[position];
            // The neighbours in the list (newest first), linked from the page so that every
            // announcement is reachable by links, not only the first page of the list.
            let link = |a: &Announcement| json!({ "id": a.id, "title": a.title });
            let data = json!({
                "heading": item.title, "lead": item.summary, "section": meta.heading,
                "date": item.date.to_string(), "blocks": markup::parse(&item.body, lang),
                "newer": position.checked_sub(1).and_then(|i| items.get(i)).map(link),
                "older": items.get(position + 1).map(link),
            });
            (item.title.as_str(), item.summary.as_str(), data)
        }
        ("faq", _) => {
            let categories: Vec<Value> = locale
                .faq
                .category
                .iter()
                .map(|c| json!({ "id": c.id, "title": c.title, "description": c.description, "count": locale.faq.articles_of(&c.id).count() }))
                .collect();
            (
                meta.title.as_str(),
                meta.description.as_str(),
                merge(intro(), json!({ "categories": categories })),
            )
        }
        ("announcements", _) => {
            let items: Vec<Value> = locale
                .announcements
                .announcement
                .iter()
                .map(|a| json!({ "id": a.id, "date": a.date.to_string(), "title": a.title, "summary": a.summary }))
                .collect();
            (
                meta.title.as_str(),
                meta.description.as_str(),
                merge(intro(), json!({ "items": items })),
            )
        }
        ("contact-us", _) => (
            meta.title.as_str(),
            meta.description.as_str(),
            merge(intro(), contact_form_data(content, locale)),
        ),
        ("support-token", _) => (
            meta.title.as_str(),
            meta.description.as_str(),
            merge(intro(), supported_assets_data(content)),
        ),
        (page, _) if locale.marketing.contains_key(page) => (
            meta.title.as_str(),
            meta.description.as_str(),
            sections::page_data(content, lang, meta, &locale.marketing[page]),
        ),
        (page, _) => match locale.documents.get(page) {
            Some(document) => {
                let sections: Vec<Value> = document
                    .section
                    .iter()
                    .map(|s| json!({ "id": s.id, "heading": s.heading, "blocks": markup::parse(&s.body, lang) }))
                    .collect();
                let extra = json!({
                    "updated": document.updated.to_string(),
                    "reviewed": document.reviewed.map(|date| date.to_string()),
                    "sections": sections,
                });
                (
                    meta.title.as_str(),
                    meta.description.as_str(),
                    merge(intro(), extra),
                )
            }
            None => (meta.title.as_str(), meta.description.as_str(), intro()),
        },
    };
    json!({
        "page": instance.page,
        "lang": lang.code(),
        "path": instance.path,
        "title": document_title(content, lang, title),
        "description": description,
        "data": data,
        "chrome": chrome_data(content, lang),
    })
}

/// The application form: its copy, the business types in display order, every country code, the
/// area codes and the length limits.
fn contact_form_data(content: &Content, locale: &LocaleContent) -> Value {
    let copy = &locale.contact;
    let business_types: Vec<Value> = BUSINESS_TYPES
        .iter()
        .map(|value| json!({ "value": value, "label": copy.business_type[*value] }))
        .collect();
    json!({
        "form": copy,
        "businessTypes": business_types,
        "countries": COUNTRIES.as_slice(),
        "callingCodes": content.calling_codes,
        "limits": MAX_CHARS,
    })
}

/// The supported-assets page: the first page of the default entity's whole list (so it is in
/// the prerendered document) and the limits of its filters.
fn supported_assets_data(content: &Content) -> Value {
    let index = AssetIndex::new(content);
    let first = index
        .answer(&AssetQuery::first_page(EntityId::Sg))
        .expect("the first page always exists");
    json!({
        "initial": first,
        "pageSizes": PAGE_SIZES,
        "defaultPageSize": DEFAULT_PAGE_SIZE,
        "maxFilterLength": MAX_FILTER_CHARS,
    })
}

/// A FAQ category (its articles) or a FAQ article (its answer, related questions, neighbours).
fn faq_entry<'a>(
    locale: &'a LocaleContent,
    lang: Lang,
    meta: &'a PageMeta,
    id: &str,
) -> (&'a str, &'a str, Value) {
    let faq = &locale.faq;
    if let Some(category) = faq.category.iter().find(|c| c.id == id) {
        let articles: Vec<Value> = faq
            .articles_of(id)
            .map(|a| json!({ "id": a.id, "title": a.title, "summary": a.summary }))
            .collect();
        let data = json!({
            "kind": "category", "heading": category.title, "lead": category.description,
            "section": meta.heading, "articles": articles,
        });
        return (category.title.as_str(), category.description.as_str(), data);
    }
    let article = faq
        .article
        .iter()
        .find(|a| a.id == id)
        .expect("instance comes from the check");
    let category = faq
        .category
        .iter()
        .find(|c| c.id == article.category)
        .expect("validated category");
    let siblings: Vec<&FaqArticle> = faq.articles_of(&category.id).collect();
    let position = siblings
        .iter()
        .position(|a| a.id == article.id)
        .unwrap_or_default();
    let link = |a: &FaqArticle| json!({ "id": a.id, "title": a.title });
    let related: Vec<Value> = siblings
        .iter()
        .filter(|a| a.id != article.id)
        .take(3)
        .map(|a| link(a))
        .collect();
    let data = json!({
        "kind": "article", "heading": article.title, "lead": article.summary, "section": meta.heading,
        "category": { "id": category.id, "title": category.title },
        "blocks": markup::parse(&article.body, lang),
        "related": related,
        "previous": position.checked_sub(1).and_then(|i| siblings.get(i)).map(|a| link(a)),
        "next": siblings.get(position + 1).map(|a| link(a)),
    });
    (article.title.as_str(), article.summary.as_str(), data)
}

/// Adds the keys of `extra` to the object `base`.
fn merge(mut base: Value, extra: Value) -> Value {
    if let (Value::Object(base), Value::Object(extra)) = (&mut base, extra) {
        base.extend(extra);
    }
    base
}

/// The data of an error page (`not-found`, `invalid`, `server-error`) for a request path.
pub fn error_page_data(
    content: &Content,
    lang: Lang,
    page: &str,
    status: u16,
    path: &str,
) -> Value {
    let meta = &content.locale(lang).pages[page];
    json!({
        "page": "error",
        "lang": lang.code(),
        "path": path,
        "title": document_title(content, lang, &meta.title),
        "description": meta.description,
        "data": {
            "status": status, "heading": meta.heading, "lead": meta.lead, "requestPath": path,
            "suggestions": suggestions(content, lang),
        },
        "chrome": chrome_data(content, lang),
    })
}

/// The pages an error page suggests: link, heading and one line on what each offers.
fn suggestions(content: &Content, lang: Lang) -> Vec<Value> {
    let locale = content.locale(lang);
    content
        .site
        .suggested_pages
        .iter()
        .filter_map(|path| {
            let route = content.routes.iter().find(|route| &route.path == path)?;
            Some(json!({
                "href": lang.localize(path),
                "title": locale.pages.get(&route.id)?.heading,
                "summary": locale.site.menu_summary.get(path)?,
            }))
        })
        .collect()
}

/// Brand copy every page's header and footer need, in one language, with the footer's block of
/// the entities clients contract with and the lines under the links of the header's menus.
pub fn chrome_data(content: &Content, lang: Lang) -> Value {
    let site = &content.locale(lang).site;
    let entities: Vec<Value> = entity_view::all(content, lang, true)
        .into_iter()
        .map(|entity| {
            let field = |key: &str| entity[key].clone();
            json!({
                "id": field("id"), "legalName": field("legalName"),
                "registration": field("registration"), "address": field("address"),
                "status": field("status"),
            })
        })
        .collect();
    json!({
        "name": site.name, "legalLine": site.legal_line, "skipLink": site.skip_link,
        "entities": entities, "menuSummaries": site.menu_summary,
    })
}

/// The data the interface is built from (`pages.json`): every page × language with the data it
/// renders from and the text of its share card, the error pages (their request path the marker
/// the server replaces per request), the page ids, the design tokens, the palette and the
/// content icons.
pub fn ui_site_data(content: &Content) -> Value {
    let mut entries = Vec::new();
    for lang in Lang::ALL {
        for instance in page_instances(content) {
            entries.push(json!({
                "key": lang.localize(&instance.path),
                "data": page_data(content, lang, &instance),
                "card": super::share_card::card_data(content, lang, &instance),
            }));
        }
        for (page, status) in [("not-found", 404), ("invalid", 404), ("server-error", 500)] {
            entries.push(json!({
                "key": format!("error:{}:{page}", lang.code()),
                "data": error_page_data(content, lang, page, status, REQUEST_PATH_MARKER),
            }));
        }
    }
    let page_ids: Vec<&str> = content.routes.iter().map(|r| r.id.as_str()).collect();
    json!({
        "pages": entries,
        "pageIds": page_ids,
        "designTokens": super::tokens::design_tokens_css(&content.site),
        "palette": content
            .site
            .palette
            .iter()
            .map(|colour| (colour.key.clone(), json!(colour.hex)))
            .collect::<serde_json::Map<_, _>>(),
        "icons": super::icons::ICONS,
    })
}
