//! Share cards: every page in both languages names a 1200×630 PNG of its own in `og:image`, with
//! its alternative text and `twitter:card`, served hashed and immutable; the page never loads it.

use std::collections::HashSet;

use custody_content::{Lang, page_instances};

use crate::common::{PUBLIC, SITE, attribute_after, get};

/// Width and height from a PNG's header (its first chunk, IHDR).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[tokio::test]
async fn every_page_has_its_own_share_card_served_immutable() {
    let mut cards = HashSet::new();
    let mut pages = 0;
    for instance in page_instances(SITE.content()) {
        for lang in Lang::ALL {
            let path = lang.localize(&instance.path);
            let html = get(&path).await.text;
            let meta = |property: &str| {
                attribute_after(&html, &format!("property=\"{property}\""), "content")
                    .unwrap_or_else(|| panic!("{path}: no {property}"))
            };
            let url = meta("og:image");
            assert_eq!(meta("og:image:width"), "1200", "{path}");
            assert_eq!(meta("og:image:height"), "630", "{path}");
            assert_eq!(meta("og:image:type"), "image/png", "{path}");
            let alt = meta("og:image:alt");
            assert!(
                alt.starts_with(&SITE.content().locale(lang).site.name),
                "{path}: {alt}"
            );
            assert_eq!(
                attribute_after(&html, "name=\"twitter:card\"", "content"),
                Some("summary_large_image"),
                "{path}"
            );
            let card = url
                .strip_prefix(PUBLIC)
                .expect("an absolute URL on this site");
            assert!(
                !html.contains(&format!("src=\"{card}\"")),
                "{path}: the page itself never loads its card"
            );
            assert!(
                cards.insert(card.to_owned()),
                "{path}: {card} is another page's card"
            );
            pages += 1;
        }
    }
    assert_eq!(cards.len(), pages);
    for card in &cards {
        let answer = get(card).await;
        assert_eq!(answer.status, 200, "{card}");
        assert_eq!(answer.header("content-type"), "image/png", "{card}");
        assert!(
            answer.header("cache-control").contains("immutable"),
            "{card}"
        );
        assert_eq!(png_size(&answer.raw), (1200, 630), "{card}");
    }
}

#[tokio::test]
async fn error_pages_have_no_share_card() {
    let answer = get("/no-such-page").await;
    assert_eq!(answer.status, 404);
    assert!(!answer.text.contains("og:image"));
    assert!(!answer.text.contains("twitter:card"));
}
