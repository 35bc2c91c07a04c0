//! FAQ categories and articles, and the long-form documents (legal pages, security guides).

use custody_content::Lang;
use custody_content::pages::document_title;

use crate::common::{SITE, get};

#[tokio::test]
async fn the_overview_counts_each_categorys_articles() {
    for lang in Lang::ALL {
        let faq = &SITE.content().locale(lang).faq;
        let overview = get(&lang.localize("/faq")).await.text;
        for category in &faq.category {
            let count = faq.articles_of(&category.id).count();
            assert!(
                count >= 5,
                "{}: at least 5 articles, has {count}",
                category.id
            );
            let link = format!(
                "href=\"{}\"",
                lang.localize(&format!("/faq/{}", category.id))
            );
            assert!(overview.contains(&link), "{link}");
            assert!(
                overview.contains(&format!("data-article-count=\"{count}\"")),
                "{}",
                category.id
            );
        }
    }
}

#[tokio::test]
async fn category_pages_list_their_articles_and_articles_link_back() {
    for lang in Lang::ALL {
        let faq = &SITE.content().locale(lang).faq;
        for category in &faq.category {
            let page = get(&lang.localize(&format!("/faq/{}", category.id))).await;
            assert_eq!(page.status, 200);
            let articles: Vec<_> = faq.articles_of(&category.id).collect();
            for (index, article) in articles.iter().enumerate() {
                let path = lang.localize(&format!("/faq/{}", article.id));
                assert!(
                    page.text.contains(&format!("href=\"{path}\"")),
                    "{} lists {}",
                    category.id,
                    article.id
                );
                let html = get(&path).await.text;
                assert!(
                    html.contains(&format!(
                        "<title>{}</title>",
                        document_title(SITE.content(), lang, &article.title)
                    )),
                    "{path}"
                );
                assert!(html.contains("class=\"breadcrumbs\""), "{path}");
                let category_link = format!(
                    "href=\"{}\"",
                    lang.localize(&format!("/faq/{}", category.id))
                );
                assert!(html.contains(&category_link), "{path} links its category");
                if let Some(next) = articles.get(index + 1) {
                    let next_link = format!(
                        "href=\"{}\" rel=\"next\"",
                        lang.localize(&format!("/faq/{}", next.id))
                    );
                    assert!(html.contains(&next_link), "{path} links the next article");
                }
            }
        }
    }
}

#[tokio::test]
async fn article_bodies_render_paragraphs_lists_and_localized_links() {
    let faq = &SITE.content().locale(Lang::Zh).faq;
    let with_link = faq
        .article
        .iter()
        .find(|a| a.body.contains("](/"))
        .expect("an article links another page");
    let html = get(&format!("/zh/faq/{}", with_link.id)).await.text;
    assert!(
        html.contains("href=\"/zh/"),
        "links in Chinese articles stay in Chinese"
    );
    assert!(!html.contains("](/"), "link markup is rendered, not shown");
}

#[tokio::test]
async fn document_pages_show_their_date_contents_and_sections() {
    for route in SITE.content().routes.iter().filter(|r| r.document) {
        for lang in Lang::ALL {
            let document = &SITE.content().locale(lang).documents[&route.id];
            let html = get(&lang.localize(&route.path)).await.text;
            assert!(
                html.contains(&format!("dateTime=\"{}\"", document.updated))
                    || html.contains(&format!("datetime=\"{}\"", document.updated)),
                "{}",
                route.path
            );
            assert!(
                document.section.len() >= 5,
                "{}: {} sections",
                route.id,
                document.section.len()
            );
            for section in &document.section {
                assert!(
                    html.contains(&format!("href=\"#{}\"", section.id)),
                    "{} contents link {}",
                    route.id,
                    section.id
                );
                assert!(
                    html.contains(&format!("id=\"{}\"", section.id)),
                    "{} section {}",
                    route.id,
                    section.id
                );
            }
        }
    }
}

#[tokio::test]
async fn legal_dates_match_the_specification() {
    let documents = &SITE.content().locale(Lang::En).documents;
    assert_eq!(
        documents["privacy"].updated.year, 2019,
        "privacy policy updated 2019"
    );
    assert_eq!(
        documents["aml"].updated.to_string(),
        "2025-09-09",
        "AML statement dated 9 September 2025"
    );
}
