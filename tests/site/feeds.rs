//! The announcement feeds: valid Atom (RFC 4287) read by the `atom_syndication` parser, one entry
//! per announcement with a permanent id and its dates from content, linked from the announcement
//! pages of the same language.

use atom_syndication::Feed;
use custody_content::Lang;
use custody_site::seo::feed::FEED_CONTENT_TYPE;
use custody_site::{ServedSite, SiteSettings, http};

use crate::common::{CONTACT, PUBLIC, SITE, attribute_after, get, send_to};

/// The feed of `lang` as the server answers it, parsed.
async fn feed(lang: Lang) -> (Feed, String) {
    let answer = get(&lang.localize("/announcements/feed.xml")).await;
    assert_eq!(answer.status, 200, "{lang:?}");
    assert_eq!(answer.header("content-type"), FEED_CONTENT_TYPE);
    let feed = Feed::read_from(answer.text.as_bytes()).expect("the feed is valid Atom");
    (feed, answer.text)
}

#[tokio::test]
async fn each_language_has_a_feed_with_every_announcement_and_its_dates() {
    for lang in Lang::ALL {
        let (feed, _) = feed(lang).await;
        let items = &SITE.content().locale(lang).announcements.announcement;
        let self_url = format!("{PUBLIC}{}", lang.localize("/announcements/feed.xml"));
        assert_eq!(feed.id(), self_url);
        assert_eq!(feed.lang(), Some(lang.html_lang()));
        assert!(!feed.title().trim().is_empty());
        assert!(
            feed.links()
                .iter()
                .any(|link| link.rel() == "self" && link.href() == self_url)
        );
        assert!(!feed.authors().is_empty(), "RFC 4287 §4.1.1: an author");
        let newest = items.iter().map(|item| item.modified()).max().unwrap();
        assert_eq!(feed.updated().date_naive().to_string(), newest.to_string());

        assert_eq!(feed.entries().len(), items.len(), "{lang:?}");
        for (entry, item) in feed.entries().iter().zip(items) {
            let url = format!(
                "{PUBLIC}{}",
                lang.localize(&format!("/announcements/{}", item.id))
            );
            assert_eq!(entry.id(), url, "the id is the page's permanent URL");
            assert_eq!(entry.title().as_str(), item.title);
            assert_eq!(entry.links()[0].href(), url);
            assert_eq!(
                entry.published().unwrap().date_naive().to_string(),
                item.date.to_string()
            );
            assert_eq!(
                entry.updated().date_naive().to_string(),
                item.modified().to_string()
            );
            assert_eq!(entry.summary().unwrap().as_str(), item.summary);
            let body = entry.content().and_then(|c| c.value()).unwrap();
            assert!(body.starts_with("<p>"), "{}: HTML content", item.id);
            assert!(
                !body.contains("href=\"/"),
                "{}: links in the content are absolute",
                item.id
            );
        }
    }
}

#[tokio::test]
async fn the_feeds_are_the_same_from_build_to_build() {
    let rebuilt = std::sync::Arc::new(ServedSite::from_embedded(SiteSettings::default()).unwrap());
    for lang in Lang::ALL {
        let path = lang.localize("/announcements/feed.xml");
        let again = send_to(
            http::app(rebuilt.clone(), CONTACT.clone()),
            axum::http::Request::get(path.as_str())
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
        let (_, text) = feed(lang).await;
        assert_eq!(
            again.text, text,
            "{path}: nothing in a feed depends on the build"
        );
    }
}

#[tokio::test]
async fn announcement_pages_link_to_the_feed_of_their_language_and_others_do_not() {
    for lang in Lang::ALL {
        let first = &SITE.content().locale(lang).announcements.announcement[0].id;
        let href = format!("{PUBLIC}{}", lang.localize("/announcements/feed.xml"));
        for path in [
            "/announcements".to_owned(),
            format!("/announcements/{first}"),
        ] {
            let page = get(&lang.localize(&path)).await;
            let marker = "<link rel=\"alternate\" type=\"application/atom+xml\"";
            assert_eq!(
                attribute_after(&page.text, marker, "href"),
                Some(href.as_str()),
                "{path} ({lang:?})"
            );
            assert!(attribute_after(&page.text, marker, "title").is_some_and(|t| !t.is_empty()));
        }
        let about = get(&lang.localize("/about")).await;
        assert!(!about.text.contains("application/atom+xml"));
    }
}
