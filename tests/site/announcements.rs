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
