//! FAQ and announcement search: ranking, Chinese substrings, English words, highlighting,
//! bounds and escaping.

use axum::body::Body;
use axum::http::{Request, header};
use custody_content::Lang;
use custody_content::text::markup::plain_text;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::Value;

use crate::common::{SITE, get, send};

async fn search(scope: &str, lang: &str, q: &str) -> (u16, Value) {
    let query = utf8_percent_encode(q, NON_ALPHANUMERIC);
    let answer = get(&format!("/api/{scope}/search?lang={lang}&q={query}")).await;
    assert!(
        answer
            .header("content-type")
            .starts_with("application/json"),
        "{q}"
    );
    assert_eq!(answer.header("x-content-type-options"), "nosniff");
    let json = serde_json::from_str(&answer.text).expect("the answer is JSON");
    (answer.status.as_u16(), json)
}

fn urls(answer: &Value) -> Vec<&str> {
    answer["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["url"].as_str().expect("url"))
        .collect()
}

fn marked(answer: &Value) -> Vec<String> {
    let mut marked = Vec::new();
    for result in answer["results"].as_array().expect("results") {
        for field in ["title", "excerpt"] {
            for segment in result[field].as_array().expect("segments") {
                if segment["match"] == true {
                    marked.push(segment["text"].as_str().expect("text").to_lowercase());
                }
            }
        }
    }
    marked
}

#[tokio::test]
async fn the_best_match_comes_first_in_both_languages() {
    let (status, en) = search("faq", "en", "lost security key").await;
    assert_eq!(status, 200);
    assert_eq!(urls(&en)[0], "/faq/lost-or-damaged-security-key");
    let (_, zh) = search("faq", "zh", "安全密钥 丢失").await;
    assert_eq!(urls(&zh)[0], "/zh/faq/lost-or-damaged-security-key");
    assert_eq!(en["total"].as_u64().unwrap() as usize, urls(&en).len());
}

#[tokio::test]
async fn chinese_matches_any_substring_of_title_summary_or_body() {
    for term in ["密钥", "钥", "白名单", "审批"] {
        let faq = &SITE.content().locale(Lang::Zh).faq;
        let expected = faq
            .article
            .iter()
            .filter(|a| {
                a.title.contains(term)
                    || a.summary.contains(term)
                    || plain_text(&a.body).contains(term)
            })
            .count();
        let (_, answer) = search("faq", "zh", term).await;
        assert!(expected > 0, "{term} occurs in the content");
        assert_eq!(answer["total"], expected, "{term}");
        assert!(marked(&answer).iter().all(|m| m == term), "{term}");
    }
}

#[tokio::test]
async fn english_matches_whole_words_case_insensitively() {
    let (_, upper) = search("faq", "en", "WHITELIST").await;
    let (_, lower) = search("faq", "en", "whitelist").await;
    assert!(upper["total"].as_u64().unwrap() > 0);
    assert_eq!(urls(&upper), urls(&lower));
    let (_, part) = search("faq", "en", "hitelis").await;
    assert_eq!(part["total"], 0, "a part of a word is not a word");
    assert!(marked(&upper).iter().all(|m| m.starts_with("whitelist")));
}

#[tokio::test]
async fn every_term_must_match() {
    let (_, one) = search("faq", "en", "password").await;
    let (_, both) = search("faq", "en", "password insurance").await;
    assert!(both["total"].as_u64() < one["total"].as_u64());
    let (_, none) = search("faq", "en", "password zzyzx").await;
    assert_eq!(none["total"], 0);
    assert_eq!(none["results"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn announcements_are_searched_with_their_dates() {
    for lang in Lang::ALL {
        let items = &SITE.content().locale(lang).announcements.announcement;
        let first = &items[0];
        let (status, answer) = search("announcements", lang.code(), &first.title).await;
        assert_eq!(status, 200);
        assert_eq!(
            urls(&answer)[0],
            lang.localize(&format!("/announcements/{}", first.id))
        );
        assert_eq!(answer["results"][0]["date"], first.date.to_string());
    }
}

#[tokio::test]
async fn queries_are_bounded_and_errors_are_localized() {
    let (status, answer) = search("faq", "en", &"a".repeat(100)).await;
    assert_eq!((status, answer["total"].as_u64()), (200, Some(0)));
    let (status, en) = search("faq", "en", &"a".repeat(101)).await;
    assert_eq!(status, 400);
    assert_eq!(en["error"]["code"], "query_too_long");
    assert!(
        en["error"]["message"]
            .as_str()
            .unwrap()
            .contains("100 characters")
    );
    let (status, zh) = search("faq", "zh", &"密".repeat(101)).await;
    assert_eq!(status, 400);
    assert!(zh["error"]["message"].as_str().unwrap().contains("字符"));
    let (status, bad) = search("faq", "fr", "key").await;
    assert_eq!(
        (status, bad["error"]["code"].as_str()),
        (400, Some("bad_lang"))
    );
}

#[tokio::test]
async fn markup_in_a_query_is_data_not_html() {
    let attack = "<script>alert(1)</script>\"'&";
    let (status, answer) = search("faq", "en", attack).await;
    assert_eq!(status, 200);
    assert_eq!(answer["query"], attack);
    assert_eq!(answer["total"], 0);
    let (_, empty) = search("faq", "zh", "   ").await;
    assert_eq!(
        (empty["query"].as_str(), empty["total"].as_u64()),
        (Some(""), Some(0))
    );
}

#[tokio::test]
async fn only_the_faq_and_announcements_are_searched() {
    // A scope that is not text once decoded is unknown too, not a plain-text 400.
    for scope in ["pages", "%FF", "%C0%AE"] {
        let answer = get(&format!("/api/{scope}/search?q=key")).await;
        assert_eq!(answer.status, 404, "{scope}");
        assert!(
            answer
                .header("content-type")
                .starts_with("application/json"),
            "{scope}"
        );
        assert!(answer.text.contains("unknown_scope"), "{scope}");
    }
}

#[tokio::test]
async fn errors_are_in_the_language_the_request_prefers_with_words_from_content() {
    for (accept, lang) in [("en-GB,en;q=0.8", Lang::En), ("zh-CN,zh;q=0.9", Lang::Zh)] {
        let copy = &SITE.content().locale(lang).api.search;
        for (path, status, code, message) in [
            (
                "/api/pages/search?q=key",
                404,
                "unknown_scope",
                &copy.unknown_scope,
            ),
            (
                "/api/faq/search?lang=fr&q=key",
                400,
                "bad_lang",
                &copy.bad_lang,
            ),
            ("/api/faq/search?q=a&q=b", 400, "bad_query", &copy.bad_query),
        ] {
            let answer = send(
                Request::get(path)
                    .header(header::ACCEPT_LANGUAGE, accept)
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
            assert_eq!(answer.status, status, "{path} {accept}");
            let json: Value = serde_json::from_str(&answer.text).expect("the answer is JSON");
            assert_eq!(json["error"]["code"], code, "{path} {accept}");
            assert_eq!(
                json["error"]["message"],
                message.as_str(),
                "{path} {accept}"
            );
        }
    }
    let (_, zh) = search("faq", "zh", &"密".repeat(101)).await;
    assert_eq!(
        zh["error"]["message"],
        SITE.content()
            .locale(Lang::Zh)
            .api
            .search
            .too_long
            .replace("{max}", "100")
    );
}
