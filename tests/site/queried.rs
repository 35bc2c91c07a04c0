//! Filters and search without scripts: a `GET` of the supported-assets page, the FAQ search or
//! the announcements with a query string is answered with the matching results in the served
//! document (the rows and results the API answers, the others absent), with plain links for its
//! pages, in both languages; each such document has its own ETag, `no-cache`, the canonical of
//! the page without the query, and carries the view it shows for the browser's first render.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::common::{Answer, CONTACT, PUBLIC, SITE, app, attribute_after, edge_config, get, send};

/// The serial numbers of the table's rows, in order.
fn serials(html: &str) -> Vec<u64> {
    html.split("data-serial=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
        .collect()
}

/// The addresses of the result list's titles, in order.
fn result_links(html: &str) -> Vec<String> {
    html.split("<h2 class=\"result__title\"><a href=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].replace("&amp;", "&"))
        .collect()
}

/// The runtime configuration of a document, parsed.
fn config(html: &str) -> Value {
    let open = "<script type=\"application/json\" id=\"site-config\">";
    let start = html.find(open).unwrap() + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// The API's answer to `query`, the oracle of the served documents.
async fn api(path: &str, query: &str) -> Value {
    let answer = get(&format!("{path}?{query}")).await;
    assert_eq!(answer.status, 200, "{path}?{query}: {}", answer.text);
    serde_json::from_str(&answer.text).unwrap()
}

/// A served document: `200`, HTML, in the language of `path`.
async fn document(uri: &str) -> Answer {
    let answer = get(uri).await;
    assert_eq!(answer.status, 200, "{uri}");
    assert_eq!(
        answer.header("content-type"),
        "text/html; charset=utf-8",
        "{uri}"
    );
    let lang = if uri.starts_with("/zh") {
        "zh-Hans"
    } else {
        "en"
    };
    assert!(
        answer.text.contains(&format!("<html lang=\"{lang}\"")),
        "{uri}"
    );
    answer
}

#[tokio::test]
async fn filters_are_answered_with_the_rows_of_the_api_in_both_languages() {
    for (prefix, lang) in [("", "en"), ("/zh", "zh")] {
        for query in [
            "token=usdc",
            "network=tron",
            "network=%E4%BB%A5%E5%A4%AA%E5%9D%8A",
            "entity=hk&token=usd",
            "warm=no&size=50",
            "entity=hk&cold=yes&defi=no",
            "contract=0xdac17f958d2ee523",
            "network=&token=usdt&contract=&warm=all&cold=all&defi=all&oasis=all&entity=sg",
        ] {
            let uri = format!("{prefix}/support-token?{query}");
            let page = document(&uri).await;
            let expected = api("/api/supported-assets", &format!("{query}&lang={lang}")).await;
            let rows: Vec<u64> = expected["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|item| item["serial"].as_u64().unwrap())
                .collect();
            assert!(!rows.is_empty(), "{uri}: the oracle has rows");
            assert_eq!(serials(&page.text), rows, "{uri}");
            let served = config(&page.text)["served"].clone();
            assert_eq!(served["kind"], "supportedAssets", "{uri}");
            assert_eq!(served["answer"]["total"], expected["total"], "{uri}");
            assert_eq!(served["view"]["entity"], expected["entity"], "{uri}");
            // The visitor's filters stay in the form.
            if let Some(token) = query.split('&').find_map(|p| p.strip_prefix("token=")) {
                let shown = attribute_after(&page.text, "name=\"token\"", "value");
                assert_eq!(shown, Some(token), "{uri}");
            }
        }
    }
    // The rows the filter leaves out are not in the document: the first row of the whole list
    // is Bitcoin, which no USDC filter finds.
    let usdc = document("/support-token?token=usdc").await;
    assert!(!serials(&usdc.text).contains(&1));
    assert!(!usdc.text.contains(">Bitcoin<"));
}

#[tokio::test]
async fn the_entity_of_the_address_chooses_the_list_and_stays_in_the_forms() {
    let hk = document("/support-token?entity=hk").await;
    let expected = api("/api/supported-assets", "entity=hk").await;
    assert_eq!(
        serials(&hk.text).len(),
        expected["items"].as_array().unwrap().len()
    );
    assert!(hk.text.contains("Hong Kong entity list, page 1 of"));
    assert!(hk.text.contains("aria-pressed=\"true\" data-entity=\"hk\""));
    // The filter form sends the entity shown; the entity buttons send theirs to a form of their own.
    assert!(
        hk.text
            .contains("<input type=\"hidden\" name=\"entity\" value=\"hk\"/>")
    );
    assert!(
        hk.text
            .contains("form=\"asset-entity-form\" name=\"entity\" value=\"sg\"")
    );
    let zh = document("/zh/support-token?entity=hk&token=usdt").await;
    assert!(zh.text.contains("action=\"/zh/support-token\""));
}

#[tokio::test]
async fn pages_are_plain_links_that_carry_the_query() {
    let second = document("/support-token?token=usd&page=2").await;
    let expected = api("/api/supported-assets", "token=usd&page=2").await;
    let rows: Vec<u64> = expected["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["serial"].as_u64().unwrap())
        .collect();
    assert_eq!(serials(&second.text), rows);
    let pages = expected["total"].as_u64().unwrap().div_ceil(20);
    assert!(pages >= 3, "enough USD rows for three pages");
    let html = &second.text;
    assert!(html.contains("<a href=\"/support-token?entity=sg&amp;token=usd\" rel=\"prev\">"));
    assert!(
        html.contains(
            "<a href=\"/support-token?entity=sg&amp;token=usd&amp;page=3\" rel=\"next\">"
        )
    );
    assert!(html.contains("aria-current=\"page\" aria-label=\"Page 2\">2</a>"));
    assert!(html.contains(&format!(" · Page 2 of {pages}</p>")));

    // Chinese links stay Chinese; a size other than the default is carried along.
    let zh = document("/zh/support-token?size=50&page=2").await;
    assert!(
        zh.text
            .contains("href=\"/zh/support-token?entity=sg&amp;size=50&amp;page=3\"")
    );
    assert!(
        zh.text
            .contains("<option selected value=\"50\">50</option>")
    );

    // A page past the last shows the first, as the browser does.
    let past = document("/support-token?token=usd&page=999").await;
    let first = api("/api/supported-assets", "token=usd").await;
    assert_eq!(
        serials(&past.text).first(),
        first["items"][0]["serial"].as_u64().as_ref()
    );
    assert_eq!(config(&past.text)["served"]["view"]["page"], 1);
}

#[tokio::test]
async fn a_filter_that_matches_nothing_shows_the_empty_state_in_both_languages() {
    for (prefix, words) in [("", "No matching data"), ("/zh", "无匹配数据")] {
        let page = document(&format!("{prefix}/support-token?token=zzzqqqxxx")).await;
        assert!(
            page.text
                .contains(&format!("<p class=\"empty-state__text\">{words}</p>"))
        );
        assert!(!page.text.contains("<table"), "{prefix}: no table");
        assert!(serials(&page.text).is_empty());
    }
}

#[tokio::test]
async fn faq_and_announcement_searches_are_answered_with_the_results_of_the_api() {
    for (prefix, lang, query) in [
        ("", "en", "password"),
        ("/zh", "zh", "%E5%AF%86%E7%A0%81"),
        ("", "en", "two-factor+authentication"),
    ] {
        let page = document(&format!("{prefix}/faq/search?q={query}")).await;
        let expected = api("/api/faq/search", &format!("q={query}&lang={lang}")).await;
        let links: Vec<String> = expected["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|hit| hit["url"].as_str().unwrap().to_owned())
            .collect();
        assert!(!links.is_empty(), "{query}: the oracle finds articles");
        assert_eq!(result_links(&page.text), links, "{query}");
        assert!(
            page.text.contains("<mark>"),
            "{query}: the matches are marked"
        );
        assert_eq!(
            config(&page.text)["served"]["answer"]["total"],
            expected["total"]
        );
    }
    let english = document("/faq/search?q=password").await;
    assert!(
        english.text.contains(" results for “password”</p>")
            || english.text.contains("1 result for “password”</p>")
    );
    let none = document("/faq/search?q=qqqzzzxxx").await;
    assert!(none.text.contains("No results for “qqqzzzxxx”.</p>"));
    assert!(result_links(&none.text).is_empty());

    for (prefix, lang) in [("", "en"), ("/zh", "zh")] {
        let query = if lang == "en" {
            "custody"
        } else {
            "%E6%89%98%E7%AE%A1"
        };
        let page = document(&format!("{prefix}/announcements?q={query}")).await;
        let expected = api(
            "/api/announcements/search",
            &format!("q={query}&lang={lang}"),
        )
        .await;
        let links: Vec<String> = expected["results"]
            .as_array()
            .unwrap()
            .iter()
            .take(5)
            .map(|hit| hit["url"].as_str().unwrap().to_owned())
            .collect();
        assert!(!links.is_empty(), "{lang}: the oracle finds announcements");
        assert_eq!(result_links(&page.text), links, "{lang}");
    }
}

#[tokio::test]
async fn the_announcements_list_has_its_later_pages() {
    for (prefix, lang) in [
        ("", custody_content::Lang::En),
        ("/zh", custody_content::Lang::Zh),
    ] {
        let all = &SITE.content().locale(lang).announcements.announcement;
        assert!(all.len() > 5, "a second page");
        let page = document(&format!("{prefix}/announcements?page=2")).await;
        let links: Vec<String> = all.iter().skip(5).take(5).map(|a| a.path(lang)).collect();
        assert_eq!(result_links(&page.text), links);
        assert!(
            page.text
                .contains(&format!("<a href=\"{prefix}/announcements\" rel=\"prev\">"))
        );
        // A page past the last is the last, as the browser shows it.
        let last = document(&format!("{prefix}/announcements?page=999")).await;
        let count = all.len().div_ceil(5);
        let expected: Vec<String> = all
            .iter()
            .skip((count - 1) * 5)
            .map(|a| a.path(lang))
            .collect();
        assert_eq!(result_links(&last.text), expected);
    }
}

#[tokio::test]
async fn a_queried_document_is_kept_out_of_search_engines_and_points_to_its_page() {
    for (uri, plain, indexed) in [
        ("/support-token?token=usdc", "/support-token", false),
        (
            "/zh/faq/search?q=%E5%AF%86%E7%A0%81",
            "/zh/faq/search",
            false,
        ),
        ("/announcements?q=custody", "/announcements", false),
        ("/announcements?page=2", "/announcements", true),
    ] {
        let page = document(uri).await;
        let canonical = attribute_after(&page.text, "<link rel=\"canonical\"", "href");
        assert_eq!(
            canonical,
            Some(format!("{PUBLIC}{plain}").as_str()),
            "{uri}"
        );
        let robots = page
            .text
            .contains("<meta name=\"robots\" content=\"noindex, nofollow\">");
        assert_eq!(robots, !indexed, "{uri}");
        let header = page.header("x-robots-tag");
        assert_eq!(header == "noindex, nofollow", !indexed, "{uri}: {header}");
    }
}

#[tokio::test]
async fn each_queried_document_has_its_own_etag_and_is_revalidated() {
    let plain = get("/support-token").await;
    let filtered = get("/support-token?token=usdc").await;
    let again = get("/support-token?token=usdc").await;
    let other = get("/support-token?token=usdt").await;
    for answer in [&plain, &filtered, &other] {
        assert_eq!(answer.header("cache-control"), "no-cache");
        assert_eq!(answer.header("vary"), "accept-encoding");
        assert!(answer.header("etag").starts_with('"'));
        assert!(!answer.header("content-security-policy").is_empty());
    }
    assert_ne!(filtered.header("etag"), plain.header("etag"));
    assert_ne!(filtered.header("etag"), other.header("etag"));
    assert_eq!(filtered.header("etag"), again.header("etag"));
    assert_eq!(filtered.raw, again.raw);
    let revalidated = send(
        Request::get("/support-token?token=usdc")
            .header(header::ACCEPT_ENCODING, "br, gzip")
            .header(header::IF_NONE_MATCH, filtered.header("etag"))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(revalidated.status, 304);
    let head = app()
        .oneshot(
            Request::head("/support-token?token=usdc")
                .header(header::ACCEPT_ENCODING, "br, gzip")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()[header::ETAG], filtered.header("etag"));
    let length = head.headers()[header::CONTENT_LENGTH].to_str().unwrap();
    assert_eq!(length, filtered.raw.len().to_string());
    let body = head.into_body().collect().await.unwrap().to_bytes();
    assert!(body.is_empty(), "a HEAD has no body");

    // A query string that asks for nothing more is the page's own document.
    for uri in [
        "/support-token?",
        "/support-token?utm_source=mail",
        "/support-token?entity=sg&page=1&size=20&token=",
    ] {
        assert_eq!(get(uri).await.header("etag"), plain.header("etag"), "{uri}");
    }
    for (uri, page) in [
        ("/faq/search?q=+", "/faq/search"),
        ("/announcements?page=1", "/announcements"),
    ] {
        assert_eq!(
            get(uri).await.header("etag"),
            get(page).await.header("etag"),
            "{uri}"
        );
    }
    assert!(config(&plain.text).get("served").is_none());
}

#[tokio::test]
async fn a_queried_document_is_served_over_a_socket() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = edge_config();
    let app = custody_site::http::app(SITE.clone(), CONTACT.clone());
    let server = tokio::spawn(async move {
        custody_edge::serve_app(app, &config, listener, async {
            let _ = stopped.await;
        })
        .await
    });
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request =
        "GET /zh/support-token?network=tron HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let response = String::from_utf8_lossy(&response);
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{:.80}", response);
    let expected = api("/api/supported-assets", "network=tron&lang=zh").await;
    let rows: Vec<u64> = expected["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["serial"].as_u64().unwrap())
        .collect();
    assert_eq!(serials(&response), rows);
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("shutdown finishes")
        .unwrap()
        .unwrap();
}
