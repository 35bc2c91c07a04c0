//! The page for developers (issue 56, §4): served in both languages with the head, share card and
//! sitemap entry of its peers, reached from the footer and the pages about the API but not from
//! the header (SPEC fixes the header), and stating the API's facts from `developers.toml`.

use custody_content::Lang;
use custody_content::load::parse;
use custody_content::tokens::copy::{CopyTokens, Sources};
use custody_site::embedded::content_files;

use crate::common::{PUBLIC, SITE, as_read, get, replace};

const PAGE: &str = "/developers";

/// The part of `html` from `<{tag} class="{class}"` (or `<{tag} id="{class}"`) to the next
/// closing tag of its kind.
fn element<'a>(html: &'a str, tag: &str, class: &str) -> &'a str {
    let start = html
        .find(&format!("<{tag} class=\"{class}"))
        .or_else(|| html.find(&format!("<{tag} id=\"{class}\"")))
        .unwrap_or_else(|| panic!("a <{tag}> {class}"));
    let end = html[start..]
        .find(&format!("</{tag}>"))
        .map_or(html.len(), |end| start + end);
    &html[start..end]
}

#[tokio::test]
async fn the_page_is_served_in_both_languages_with_the_head_of_its_peers() {
    let content = &SITE.content();
    for lang in Lang::ALL {
        let path = lang.localize(PAGE);
        let answer = get(&path).await;
        assert_eq!(answer.status, 200, "{path}");
        let html = as_read(&answer.text);
        let meta = &content.locale(lang).pages["developers"];
        assert!(html.contains(&meta.heading), "{path}: the heading");
        assert!(
            html.contains(&format!("<link rel=\"canonical\" href=\"{PUBLIC}{path}\"")),
            "{path}: canonical"
        );
        assert!(html.contains("hreflang=\"zh-Hans\""), "{path}: alternates");
        assert!(html.contains("property=\"og:image\""), "{path}: share card");
        assert!(
            html.contains("application/ld+json"),
            "{path}: structured data"
        );
        assert!(
            !html.contains("<meta name=\"robots\" content=\"noindex"),
            "{path}: indexed like its peers"
        );
        for section in &content.locale(lang).marketing["developers"].section {
            let (id, _, _) = section.head();
            assert!(html.contains(&format!("id=\"{id}\"")), "{path}: {id}");
        }
    }
    let sitemap = get("/sitemap.xml").await.text;
    assert!(sitemap.contains(&format!("<loc>{PUBLIC}{PAGE}</loc>")));
    assert!(sitemap.contains(&format!("<loc>{PUBLIC}/zh{PAGE}</loc>")));
}

#[tokio::test]
async fn the_footer_and_the_api_pages_link_to_it_but_the_header_does_not() {
    for lang in Lang::ALL {
        let href = format!("href=\"{}\"", lang.localize(PAGE));
        for page in ["/", "/about", "/faq"] {
            let html = get(&lang.localize(page)).await.text;
            assert!(
                element(&html, "footer", "site-footer").contains(&href),
                "{page}: the footer links to the page"
            );
            assert!(
                !element(&html, "header", "site-header").contains(&href),
                "{page}: the header does not"
            );
        }
        for page in [
            "/services",
            "/faq/api-access",
            "/faq/wallet-as-a-service-api",
        ] {
            let html = get(&lang.localize(page)).await.text;
            let main = element(&html, "main", "main");
            assert!(main.contains(&href), "{page} links to the page");
        }
    }
}

#[tokio::test]
async fn the_api_facts_shown_are_those_of_developers_toml() {
    let tokens = |content: &custody_content::Content, lang: Lang| {
        CopyTokens::new(
            Sources {
                site: &content.site,
                fees: Some(&content.fees),
                operations: Some(&content.operations),
                entities: None,
            },
            lang,
        )
    };
    for lang in Lang::ALL {
        let html = as_read(&get(&lang.localize(PAGE)).await.text);
        let tokens = tokens(SITE.content(), lang);
        for token in [
            "api.host.sandbox",
            "api.host.reference",
            "api.rate.read",
            "api.rate.instructions",
            "api.webhook.signature",
            "api.signature",
            "duration.webhook-retry",
        ] {
            let value = tokens.get(token).expect("a fact of the data");
            assert!(html.contains(value), "{lang:?}: {token} shown as {value}");
        }
    }
    let mut files = content_files();
    replace(
        &mut files,
        "developers.toml",
        "requests = 20",
        "requests = 30",
    );
    let changed = parse(&files).expect("still valid");
    assert_eq!(
        tokens(&changed, Lang::En).get("api.rate.read"),
        Some("30 requests a second")
    );
    assert_eq!(
        tokens(&changed, Lang::Zh).get("api.rate.read"),
        Some("每秒 30 次请求")
    );
}
