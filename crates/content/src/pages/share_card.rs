//! What each page's share card says (the image link previews show, made by
//! `ui/scripts/share-cards.mjs`): the page's own title, the section it belongs to and, for an
//! announcement, its date; and the alternative text the document head gives the image.

use crate::view::site_data::CardData;

use crate::schema::model::Content;
use crate::{Lang, PageInstance, PageKind};

/// The text of one page's card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardText {
    /// The page's title without the brand (the card shows the wordmark).
    pub title: String,
    /// The section above the title (`FAQ · Security`, `Announcements`), if any.
    pub eyebrow: Option<String>,
    /// The publication date (`YYYY-MM-DD`) of a dated page.
    pub date: Option<String>,
}

/// The text of the card of `instance` in `lang`.
pub fn card_text(content: &Content, lang: Lang, instance: &PageInstance) -> CardText {
    let locale = content.locale(lang);
    let heading = |page: &str| locale.pages[page].heading.clone();
    let plain = |title: &str| CardText {
        title: title.to_owned(),
        eyebrow: None,
        date: None,
    };
    match (instance.kind, instance.param.as_deref()) {
        (PageKind::FaqEntry, Some(id)) => {
            let faq = &locale.faq;
            if let Some(category) = faq.category.iter().find(|c| c.id == id) {
                return CardText {
                    eyebrow: Some(heading("faq-entry")),
                    ..plain(&category.title)
                };
            }
            let article = faq.article.iter().find(|a| a.id == id);
            let category = article.and_then(|a| faq.category.iter().find(|c| c.id == a.category));
            match (article, category) {
                (Some(article), Some(category)) => CardText {
                    eyebrow: Some(format!("{} · {}", heading("faq-entry"), category.title)),
                    ..plain(&article.title)
                },
                _ => plain(&locale.pages[&instance.page].title),
            }
        }
        (PageKind::Announcement, Some(id)) => {
            match locale
                .announcements
                .announcement
                .iter()
                .find(|a| a.id == id)
            {
                Some(item) => CardText {
                    eyebrow: Some(heading("announcement")),
                    date: Some(item.date.to_string()),
                    ..plain(&item.title)
                },
                None => plain(&locale.pages[&instance.page].title),
            }
        }
        _ => plain(&locale.pages[&instance.page].title),
    }
}

/// The card's text as the card script reads it, with the brand's tagline for its foot.
pub fn card_data(content: &Content, lang: Lang, instance: &PageInstance) -> CardData {
    let text = card_text(content, lang, instance);
    CardData {
        title: text.title,
        eyebrow: text.eyebrow,
        date: text.date,
        footer: content.locale(lang).site.tagline.clone(),
    }
}

/// The image's alternative text: the brand and the title the card shows.
pub fn alt_text(content: &Content, lang: Lang, instance: &PageInstance) -> String {
    let title = card_text(content, lang, instance).title;
    let name = &content.locale(lang).site.name;
    match lang {
        Lang::En => format!("{name}: {title}"),
        Lang::Zh => format!("{name}：{title}"),
    }
}
