//! sitemap.xml and robots.txt.

use custody_content::{Lang, page_instances};

use crate::common::{PUBLIC, SITE, get};

#[tokio::test]
async fn the_sitemap_lists_exactly_the_indexable_pages_with_alternates() {
    let answer = get("/sitemap.xml").await;
    assert_eq!(answer.status, 200);
    assert_eq!(
        answer.header("content-type"),
        "application/xml; charset=utf-8"
    );
    let xml = &answer.text;
    assert!(xml.starts_with("<?xml"));
    for instance in page_instances(SITE.content()) {
        for lang in Lang::ALL {
            let loc = format!("<loc>{PUBLIC}{}</loc>", lang.localize(&instance.path));
            assert_eq!(xml.contains(&loc), !instance.noindex, "{loc}");
        }
    }
    let indexable = page_instances(SITE.content())
        .iter()
        .filter(|p| !p.noindex)
        .count();
    assert_eq!(xml.matches("<url>").count(), indexable * 2);
    assert_eq!(xml.matches("hreflang=\"x-default\"").count(), indexable * 2);
    assert!(xml.contains(&format!(
        "<xhtml:link rel=\"alternate\" hreflang=\"zh-Hans\" href=\"{PUBLIC}/zh/about\"/>"
    )));
}

#[tokio::test]
async fn robots_points_at_the_sitemap() {
    let answer = get("/robots.txt").await;
    assert_eq!(answer.header("content-type"), "text/plain; charset=utf-8");
    assert!(answer.text.contains("User-agent: *"));
    assert!(
        answer
            .text
            .contains(&format!("Sitemap: {PUBLIC}/sitemap.xml"))
    );
}
