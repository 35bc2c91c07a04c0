//! The JSON-LD of a page beside the `Organization` (`discovery::organization`): the Organization's
//! `@id` and legal entities, a `BreadcrumbList` on the FAQ and announcement pages, following the
//! trail those pages show, and a `NewsArticle` for each announcement, published by the
//! Organization, which it names by `@id`.

use serde_json::{Value, json};

use super::discovery::absolute;
use custody_content::schema::entities;
use custody_content::{Content, Lang, PageInstance, PageKind};

/// The FAQ index's path, which every FAQ page's breadcrumbs lead through.
const FAQ_PATH: &str = "/faq";

/// The Organization's `@id`: the same node in both languages.
pub fn organization_id(public_url: &str) -> String {
    absolute(public_url, "/#organization")
}

/// The Organization of `discovery::organization` with its `@id`, so other nodes can refer to it, and
/// its legal entities as `subOrganization`.
pub fn identified_organization(
    mut organization: Value,
    content: &Content,
    lang: Lang,
    public_url: &str,
) -> Value {
    if let Value::Object(fields) = &mut organization {
        fields.insert("@id".to_owned(), json!(organization_id(public_url)));
        let entities = legal_entities(content, lang, public_url);
        if !entities.is_empty() {
            fields.insert("subOrganization".to_owned(), Value::Array(entities));
        }
    }
    organization
}

/// The legal entities clients contract with (`[[entity]]` in `content/site.toml`, described in
/// `{lang}/site.toml`) as schema.org `Organization` nodes: legal name, regulatory status,
/// registration number and registered address. Group members named only for their licence are
/// not the Organization's own.
fn legal_entities(content: &Content, lang: Lang, public_url: &str) -> Vec<Value> {
    let local = &content.locale(lang).site;
    content
        .site
        .entity
        .iter()
        .filter(|entity| entity.contracts_with_clients())
        .filter_map(|entity| {
            let particulars = entities::particulars(entity, &local.entity, &local.regulator, lang)?;
            let words = local.entity.get(&entity.id)?;
            let mut address = json!({
                "@type": "PostalAddress",
                "streetAddress": words.street,
                "addressLocality": words.locality,
                "addressCountry": entity.jurisdiction,
            });
            if let Some(code) = &entity.postal_code {
                address["postalCode"] = json!(code);
            }
            Some(json!({
                "@type": "Organization",
                "@id": absolute(public_url, &format!("/#entity-{}", entity.id)),
                "name": particulars.get("name"),
                "legalName": particulars.get("legal_name"),
                "description": particulars.get("status"),
                "identifier": entity.registration,
                "url": absolute(public_url, &lang.localize("/entities")),
                "address": address,
            }))
        })
        .collect()
}

/// The page's nodes besides the Organization: breadcrumbs and, for an announcement, the article.
/// `image` is the absolute URL of the page's share card, when it has one.
pub fn page_nodes(
    content: &Content,
    lang: Lang,
    instance: &PageInstance,
    public_url: &str,
    image: Option<&str>,
) -> Vec<Value> {
    let mut nodes = Vec::new();
    if let Some(trail) = breadcrumbs(content, lang, instance) {
        let items: Vec<Value> = trail
            .iter()
            .enumerate()
            .map(|(index, (name, path))| {
                json!({
                    "@type": "ListItem",
                    "position": index + 1,
                    "name": name,
                    "item": absolute(public_url, &lang.localize(path)),
                })
            })
            .collect();
        nodes.push(json!({
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            "itemListElement": items,
        }));
    }
    if let Some(article) = news_article(content, lang, instance, public_url, image) {
        nodes.push(article);
    }
    nodes
}

/// The trail from the home page to the page, as (name, unprefixed path), for the pages of the FAQ
/// and of the announcements, by their kind; `None` for other pages.
fn breadcrumbs(
    content: &Content,
    lang: Lang,
    instance: &PageInstance,
) -> Option<Vec<(String, String)>> {
    let locale = content.locale(lang);
    // A page's heading is content's, in the pages table of its language, which is keyed by the
    // route's id (`{lang}/pages.toml`): the id is the key there, not a stand-in for a kind.
    let heading = |page: &str| locale.pages[page].heading.clone();
    let home = (locale.site.name.clone(), "/".to_owned());
    let faq = (heading("faq-entry"), FAQ_PATH.to_owned());
    let news = (heading("announcement"), "/announcements".to_owned());
    let here = (heading(&instance.page), instance.path.clone());
    let below_faq = instance
        .path
        .strip_prefix(FAQ_PATH)
        .is_some_and(|rest| rest.starts_with('/'));
    let trail = match (instance.kind, instance.param.as_deref()) {
        (PageKind::Faq, _) => vec![home, faq],
        // A page of its own below the FAQ, not an entry: the FAQ search.
        (PageKind::Intro, _) if below_faq => vec![home, faq, here],
        (PageKind::Announcements, _) => vec![home, news],
        (PageKind::FaqEntry, Some(id)) => {
            let faq_content = &locale.faq;
            if let Some(category) = faq_content.category.iter().find(|c| c.id == id) {
                vec![home, faq, (category.title.clone(), instance.path.clone())]
            } else {
                let article = faq_content.article.iter().find(|a| a.id == id)?;
                let category = faq_content
                    .category
                    .iter()
                    .find(|c| c.id == article.category)?;
                vec![
                    home,
                    faq,
                    (
                        category.title.clone(),
                        format!("{FAQ_PATH}/{}", category.id),
                    ),
                    (article.title.clone(), instance.path.clone()),
                ]
            }
        }
        (PageKind::Announcement, Some(id)) => {
            let item = locale
                .announcements
                .announcement
                .iter()
                .find(|a| a.id == id)?;
            vec![home, news, (item.title.clone(), instance.path.clone())]
        }
        _ => return None,
    };
    Some(trail)
}

/// The `NewsArticle` of an announcement page; `None` for other pages.
fn news_article(
    content: &Content,
    lang: Lang,
    instance: &PageInstance,
    public_url: &str,
    image: Option<&str>,
) -> Option<Value> {
    if instance.kind != PageKind::Announcement {
        return None;
    }
    let id = instance.param.as_deref()?;
    let item = content
        .locale(lang)
        .announcements
        .announcement
        .iter()
        .find(|a| a.id == id)?;
    let url = absolute(public_url, &lang.localize(&instance.path));
    let publisher = json!({ "@id": organization_id(public_url) });
    let mut article = json!({
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        "headline": item.title,
        "description": item.summary,
        "datePublished": item.date.to_string(),
        "dateModified": item.modified().to_string(),
        "inLanguage": lang.html_lang(),
        "url": url,
        "mainEntityOfPage": { "@type": "WebPage", "@id": url },
        "publisher": publisher,
        "author": publisher,
    });
    if let (Some(image), Value::Object(fields)) = (image, &mut article) {
        fields.insert("image".to_owned(), json!([image]));
    }
    Some(article)
}
