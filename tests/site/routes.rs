//! Every page in both languages answers 200 with the right head.

use custody_content::pages::TITLE_MAX_CHARS;
use custody_content::{Lang, page_instances};

use crate::common::{PUBLIC, SITE, as_read, attribute_after, get};

/// 25 page paths the site must serve, written out here independently of content/routes.toml
/// (the test adds the FAQ categories and `/announcements`).
const SPEC_PATHS: [&str; 25] = [
    "/",
    "/services",
    "/clients",
    "/about",
    "/contact-us",
    "/faq",
    "/faq/about",
    "/faq/search",
    "/privacy",
    "/cookie-policy",
    "/aml",
    "/entities",
    "/trust-center",
    "/brand-kit",
    "/support-token",
    "/defi-connector",
    "/user-security-guide",
    "/company-security-guide",
    "/oasis-off-exchange-settlement",
    "/solutions/trad-fi",
    "/solutions/defi-fund",
    "/solutions/mining-pool",
    "/solutions/crypto-project",
    "/solutions/crypto-exchanges",
    "/solutions/retail-platforms",
];

/// The pages kept out of search engines (`noindex, nofollow`), written out here independently of
/// the `noindex` flags of content/routes.toml, which the test checks against them.
const SPEC_NOINDEX: [&str; 13] = [
    "/faq/search",
    "/privacy",
    "/cookie-policy",
    "/company-security-guide",
    "/aml",
    "/entities",
    "/solutions/trad-fi",
    "/solutions/defi-fund",
    "/solutions/mining-pool",
    "/solutions/crypto-project",
    "/solutions/crypto-exchanges",
    "/solutions/retail-platforms",
    "/support-token",
];

#[tokio::test]
async fn every_spec_path_and_faq_category_is_served_in_both_languages() {
    let categories = [
        "about",
        "services",
        "account-opening",
        "account-functions",
        "special-scenarios",
        "security",
    ];
    let faq_paths = categories.iter().map(|c| format!("/faq/{c}"));
    let paths: Vec<String> = SPEC_PATHS
        .iter()
        .map(|p| p.to_string())
        .chain(faq_paths)
        .chain(["/announcements".into()])
        .collect();
    for path in &paths {
        for lang in Lang::ALL {
            let localized = lang.localize(path);
            let answer = get(&localized).await;
            assert_eq!(answer.status, 200, "{localized}");
            assert!(
                answer
                    .text
                    .contains(&format!("<html lang=\"{}\"", lang.html_lang())),
                "{localized}: html lang"
            );
        }
    }
}

#[tokio::test]
async fn every_page_has_title_canonical_alternates_and_robots() {
    let instances = page_instances(SITE.content());
    assert!(
        instances.len() >= 33,
        "25 spec paths + 6 FAQ categories + announcements"
    );
    for instance in &instances {
        for lang in Lang::ALL {
            let path = lang.localize(&instance.path);
            let answer = get(&path).await;
            let html = &answer.text;
            assert_eq!(answer.status, 200, "{path}");
            assert_eq!(answer.header("content-type"), "text/html; charset=utf-8");
            assert_eq!(answer.header("cache-control"), "no-cache");

            let title = &html[html.find("<title>").unwrap() + 7..html.find("</title>").unwrap()];
            let brand = &SITE.content().locale(lang).site.name;
            // The brand follows the page's title unless the two would not fit in a search result.
            let shown = [
                ("&#34;", "\""),
                ("&#39;", "'"),
                ("&lt;", "<"),
                ("&gt;", ">"),
                ("&amp;", "&"),
            ]
            .iter()
            .fold(title.to_owned(), |text, (entity, character)| {
                text.replace(entity, character)
            });
            let chars = shown.chars().count();
            assert!(
                chars <= TITLE_MAX_CHARS,
                "{path}: title {title} is too long"
            );
            assert!(
                title.ends_with(&format!(" | {brand}"))
                    || chars + " | ".len() + brand.chars().count() > TITLE_MAX_CHARS,
                "{path}: title {title} without the brand"
            );
            assert!(title.len() > brand.len() + 5, "{path}: title {title}");
            let description =
                attribute_after(html, "<meta name=\"description\"", "content").unwrap();
            assert!(description.len() > 20, "{path}: description");

            assert_eq!(
                attribute_after(html, "<link rel=\"canonical\"", "href").unwrap(),
                format!("{PUBLIC}{path}")
            );
            let en = format!("{PUBLIC}{}", Lang::En.localize(&instance.path));
            let zh = format!("{PUBLIC}{}", Lang::Zh.localize(&instance.path));
            assert!(
                html.contains(&format!(
                    "<link rel=\"alternate\" hreflang=\"en\" href=\"{en}\">"
                )),
                "{path}"
            );
            assert!(
                html.contains(&format!(
                    "<link rel=\"alternate\" hreflang=\"zh-Hans\" href=\"{zh}\">"
                )),
                "{path}"
            );
            assert!(
                html.contains(&format!(
                    "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{en}\">"
                )),
                "{path}"
            );

            let noindex = SPEC_NOINDEX.contains(&instance.path.as_str());
            assert_eq!(instance.noindex, noindex, "{path}: noindex in routes.toml");
            assert_eq!(
                html.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"),
                noindex,
                "{path}: robots meta"
            );
            assert_eq!(
                answer.header("x-robots-tag") == "noindex, nofollow",
                noindex,
                "{path}: X-Robots-Tag"
            );

            assert!(
                html.contains("<script type=\"application/ld+json\">"),
                "{path}: JSON-LD"
            );
            let ld_start = html.find("<script type=\"application/ld+json\">").unwrap() + 35;
            let ld_end = ld_start + html[ld_start..].find("</script>").unwrap();
            let ld: serde_json::Value =
                serde_json::from_str(&html[ld_start..ld_end]).expect("JSON-LD parses");
            assert_eq!(ld["@type"], "Organization");
            assert!(
                html.contains("<meta property=\"og:title\""),
                "{path}: Open Graph"
            );
            assert!(
                html.contains("<link rel=\"modulepreload\""),
                "{path}: modulepreload"
            );
            assert!(
                html.contains("<script type=\"application/json\" id=\"site-config\">"),
                "{path}: config"
            );
        }
    }
}

#[tokio::test]
async fn documents_preload_the_entry_page_chunk_and_catalog() {
    let answer = get("/zh/about").await;
    let build = &SITE.build();
    assert!(answer.text.contains(&format!(
        "<script type=\"module\" src=\"{}\"></script>",
        build.entry
    )));
    for module in build.pages["about"]
        .modules
        .iter()
        .chain(&build.catalogs["zh"])
    {
        assert!(
            answer
                .text
                .contains(&format!("<link rel=\"modulepreload\" href=\"{module}\">")),
            "{module}"
        );
    }
    for module in &build.catalogs["en"] {
        assert!(
            !answer.text.contains(module.as_str()),
            "the English catalog is not preloaded on a Chinese page"
        );
    }
}

#[tokio::test]
async fn the_body_is_the_prerendered_page_in_its_language() {
    let en = get("/about").await.text;
    let zh = get("/zh/about").await.text;
    let heading = |lang: Lang| SITE.content().locale(lang).pages["about"].heading.clone();
    assert!(en.contains(&format!("<h1>{}</h1>", heading(Lang::En))));
    assert!(as_read(&zh).contains(&format!("<h1>{}</h1>", heading(Lang::Zh))));
    assert!(en.contains("<div id=\"app\"><a href=\"#main\" class=\"skip-link\">"));
    assert!(
        zh.contains("href=\"/zh/services\""),
        "Chinese navigation links stay in Chinese"
    );
}

#[tokio::test]
async fn head_requests_answer_without_a_body_and_other_methods_are_refused() {
    use axum::body::Body;
    use axum::http::Request;
    let head = crate::common::send(Request::head("/about").body(Body::empty()).unwrap()).await;
    assert_eq!(head.status, 200);
    let post = crate::common::send(Request::post("/about").body(Body::empty()).unwrap()).await;
    assert_eq!(post.status, 405);
    assert_eq!(post.header("allow"), "GET, HEAD");
    // The contact page takes its form, posted without scripts; its confirmations are read only.
    for (method, path, allow) in [
        ("PUT", "/zh/contact-us", "GET, HEAD, POST"),
        (
            "POST",
            "/contact-us/received/0190a6f1-7c3e-7a2b-9d4e-1f2a3b4c5d6e",
            "GET, HEAD",
        ),
    ] {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .unwrap();
        let refused = crate::common::send(request).await;
        assert_eq!(refused.status, 405, "{method} {path}");
        assert_eq!(refused.header("allow"), allow, "{method} {path}");
        assert_eq!(refused.header("cache-control"), "no-store");
    }
}
