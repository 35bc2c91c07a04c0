//! The announcements centre: every announcement has its page in both languages, newest first.

use custody_content::Lang;
use custody_content::pages::document_title;

use crate::common::{SITE, as_read, get};

#[tokio::test]
async fn every_announcement_resolves_in_both_languages_is_listed_newest_first_and_links_its_neighbours()
 {
    for lang in Lang::ALL {
        let items = &SITE.content().locale(lang).announcements.announcement;
        assert!(items.len() >= 8, "at least 8 announcements");
        assert!(
            items.windows(2).all(|pair| pair[0].date >= pair[1].date),
            "newest first"
        );
        let list = get(&lang.localize("/announcements")).await;
        assert_eq!(list.status, 200);
        for (index, item) in items.iter().enumerate() {
            let path = lang.localize(&format!("/announcements/{}", item.id));
            let page = get(&path).await;
            assert_eq!(page.status, 200, "{path}");
            assert!(
                page.text.contains(&format!(
                    "<title>{}</title>",
                    document_title(SITE.content(), lang, &item.title)
                )),
                "{path}"
            );
            assert!(
                page.text.contains(&format!("datetime=\"{}\"", item.date)),
                "{path} shows its date"
            );
            // Its neighbours are linked, so every announcement is reachable by links from the
            // first page of the list.
            let neighbours = [index.checked_sub(1), Some(index + 1)];
            for neighbour in neighbours
                .into_iter()
                .flatten()
                .filter_map(|i| items.get(i))
            {
                let href = lang.localize(&format!("/announcements/{}", neighbour.id));
                assert!(
                    page.text.contains(&format!("href=\"{href}\"")),
                    "{path} links to {href}"
                );
            }
        }
        let first = lang.localize(&format!("/announcements/{}", items[0].id));
        assert!(list.text.contains(&format!("href=\"{first}\"")));
    }
}

#[tokio::test]
async fn an_unknown_announcement_is_page_not_found_with_its_full_path() {
    for lang in Lang::ALL {
        let path = lang.localize("/announcements/no-such-notice");
        let heading = &SITE.content().locale(lang).pages["invalid"].heading;
        let page = get(&path).await;
        assert_eq!(page.status, 404);
        assert!(
            as_read(&page.text).contains(&format!("<h1>{heading}</h1>")),
            "{path}"
        );
        assert!(
            page.text.contains(&format!("<code>{path}</code>")),
            "{path}"
        );
    }
    assert_eq!(
        SITE.content().locale(Lang::En).pages["invalid"].heading,
        "Page Not Found"
    );
}

#[tokio::test]
async fn a_superseded_announcement_opens_with_a_notice_linking_its_successor_and_a_current_one_has_none()
 {
    for lang in Lang::ALL {
        let announcements = &SITE.content().locale(lang).announcements;
        let notice = &announcements.superseded_notice;
        let items = &announcements.announcement;
        let superseded: Vec<_> = items.iter().filter(|a| a.superseded_by.is_some()).collect();
        assert!(!superseded.is_empty(), "at least one superseded notice");
        for item in superseded {
            let path = lang.localize(&format!("/announcements/{}", item.id));
            let page = as_read(&get(&path).await.text);
            let successor = item.superseded_by.as_deref().unwrap_or_default();
            let href = lang.localize(&format!("/announcements/{successor}"));
            let title = &items.iter().find(|a| a.id == successor).unwrap().title;
            let at = page
                .find(notice.as_str())
                .unwrap_or_else(|| panic!("{path}: {notice}"));
            let link = format!("<a href=\"{href}\">{title}</a>");
            assert!(
                page[at..].contains(&link),
                "{path} links {link} after the notice"
            );
            assert!(
                page.find("<h1>").is_some_and(|h1| h1 < at),
                "{path}: the notice is at the top, under the heading"
            );
        }
        let current = items.iter().find(|a| a.superseded_by.is_none()).unwrap();
        let path = lang.localize(&format!("/announcements/{}", current.id));
        let page = as_read(&get(&path).await.text);
        assert!(!page.contains(notice.as_str()), "{path} has no notice");
    }
}
