//! The page data of the FAQ entries and the announcements: each with the links to its
//! neighbours, related questions and breadcrumbs.

use crate::Lang;
use crate::schema::documents::{Announcement, FaqArticle};
use crate::schema::model::{LocaleContent, PageMeta};
use crate::text::markup;
use crate::view::page::{
    AnnouncementData, FaqArticleData, FaqArticleSummary, FaqCategoryData, ItemLink, PageBody,
    Superseded,
};

/// An announcement with links to its neighbours in the list (newest first), so that every
/// announcement is reachable by links, not only the first page of the list.
pub fn announcement(
    locale: &LocaleContent,
    lang: Lang,
    meta: &PageMeta,
    id: &str,
) -> AnnouncementData {
    let items = &locale.announcements.announcement;
    let position = items
        .iter()
        .position(|a| a.id == id)
        .expect("instance comes from the check");
    let item = &items[position];
    let link = |a: &Announcement| ItemLink {
        id: a.id.clone(),
        title: a.title.clone(),
    };
    AnnouncementData {
        heading: item.title.clone(),
        lead: item.summary.clone(),
        section: meta.heading.clone(),
        date: item.date.to_string(),
        blocks: markup::parse(&item.body, lang),
        newer: position.checked_sub(1).and_then(|i| items.get(i)).map(link),
        older: items.get(position + 1).map(link),
        superseded: item
            .superseded_by
            .as_ref()
            .and_then(|id| items.iter().find(|a| &a.id == id))
            .map(|successor| Superseded {
                notice: locale.announcements.superseded_notice.clone(),
                successor: link(successor),
            }),
    }
}

/// A FAQ category (its articles) or a FAQ article (its answer, related questions, neighbours),
/// with the page's title and description.
pub fn faq_entry(
    locale: &LocaleContent,
    lang: Lang,
    meta: &PageMeta,
    id: &str,
) -> ((String, String), PageBody) {
    let faq = &locale.faq;
    let link = |a: &FaqArticle| ItemLink {
        id: a.id.clone(),
        title: a.title.clone(),
    };
    if let Some(category) = faq.category.iter().find(|c| c.id == id) {
        let articles = faq
            .articles_of(id)
            .map(|a| FaqArticleSummary {
                id: a.id.clone(),
                title: a.title.clone(),
                summary: a.summary.clone(),
            })
            .collect();
        let data = PageBody::FaqCategory(FaqCategoryData {
            heading: category.title.clone(),
            lead: category.description.clone(),
            section: meta.heading.clone(),
            articles,
        });
        let head = (category.title.clone(), category.description.clone());
        return (head, data);
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
    let data = PageBody::FaqArticle(FaqArticleData {
        heading: article.title.clone(),
        lead: article.summary.clone(),
        section: meta.heading.clone(),
        category: ItemLink {
            id: category.id.clone(),
            title: category.title.clone(),
        },
        blocks: markup::parse(&article.body, lang),
        related: siblings
            .iter()
            .filter(|a| a.id != article.id)
            .take(3)
            .map(|a| link(a))
            .collect(),
        previous: position
            .checked_sub(1)
            .and_then(|i| siblings.get(i))
            .map(|a| link(a)),
        next: siblings.get(position + 1).map(|a| link(a)),
    });
    let head = (article.title.clone(), article.summary.clone());
    (head, data)
}
