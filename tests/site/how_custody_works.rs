//! The depth a buyer decides on: the "How custody works" page in both languages with its
//! service-level table from `site.toml`, the pages that link to it, the leadership and the Oasis
//! exchanges from data, and links to the regulators' registers as the only links off the site.

use custody_content::load::parse;
use custody_content::pages::{page_data, page_instances};
use custody_content::schema::marketing::Section;
use custody_content::source::files::ContentFiles;
use custody_content::tokens::copy::{CopyTokens, Sources};
use custody_content::{Content, Lang};
use custody_site::embedded::content_files;

use crate::common::{SITE, as_read, errors_after, get, replace};

const PAGE: &str = "/how-custody-works";
const FILE_EN: &str = "en/marketing/how-custody-works.toml";

/// The copy tokens of one language, as the build fills them in.
fn tokens(content: &Content, lang: Lang) -> CopyTokens {
    let sources = Sources {
        site: &content.site,
        fees: Some(&content.fees),
        operations: Some(&content.operations),
        entities: None,
    };
    CopyTokens::new(sources, lang)
}

/// `text` as HTML escapes it in element content.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The rows of the service-level table of the page data, each row's cells joined.
fn service_level_rows(content: &Content, lang: Lang) -> Vec<String> {
    let instance = page_instances(content)
        .into_iter()
        .find(|i| i.path == PAGE)
        .expect("the page exists");
    let data = serde_json::to_value(page_data(content, lang, &instance)).expect("serializes");
    let sections = data["data"]["sections"]
        .as_array()
        .expect("sections")
        .clone();
    let table = sections
        .iter()
        .find(|s| s["id"] == "service-levels")
        .expect("a service-level section");
    assert_eq!(table["kind"], "table");
    table["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            row.as_array()
                .expect("cells")
                .iter()
                .map(|cell| cell.as_str().unwrap_or_default())
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect()
}

#[tokio::test]
async fn the_page_is_served_in_both_languages_with_every_section_heading() {
    let content = &SITE.content();
    for lang in Lang::ALL {
        let answer = get(&lang.localize(PAGE)).await;
        assert_eq!(answer.status, 200, "{lang:?}");
        let html = as_read(&answer.text);
        let meta = &content.locale(lang).pages["how-custody-works"];
        assert!(html.contains(&escaped(&meta.heading)), "{lang:?} h1");
        let page = &content.locale(lang).marketing["how-custody-works"];
        assert!(page.section.len() >= 10, "every topic has its section");
        for section in &page.section {
            let (id, heading, _) = section.head();
            assert!(
                html.contains(&format!("id=\"{id}\"")),
                "{lang:?}: anchor {id}"
            );
            assert!(
                html.contains(&escaped(heading)),
                "{lang:?}: heading {heading}"
            );
        }
    }
}

#[tokio::test]
async fn the_service_levels_come_from_the_facts_of_site_toml() {
    let content = &SITE.content();
    for lang in Lang::ALL {
        let tokens = tokens(content, lang);
        let rows = service_level_rows(content, lang);
        let html = as_read(&get(&lang.localize(PAGE)).await.text);
        for token in [
            "duration.warm-withdrawal",
            "duration.cold-withdrawal",
            "duration.support-reply",
            "duration.incident-acknowledgement",
            "cutoff.held-for-review",
            "cutoff.cold-withdrawal",
            "cutoff.fiat-and-otc",
            "service.hours",
            "service.availability",
        ] {
            let value = tokens.get(token).expect("a token of the data");
            assert!(
                rows.iter().any(|row| row.contains(value)),
                "{lang:?}: a row shows {token} as {value}"
            );
            assert!(html.contains(&escaped(value)), "{lang:?}: served {value}");
        }
    }
    assert!(service_level_rows(content, Lang::En).iter().any(|row| {
        row.starts_with("Warm-wallet withdrawals | Within 30 minutes of full approval")
    }));

    let mut files = content_files();
    replace(
        &mut files,
        "site.toml",
        "id = \"warm-withdrawal\"\nvalue = 30",
        "id = \"warm-withdrawal\"\nvalue = 20",
    );
    replace(
        &mut files,
        "site.toml",
        "availability_percent = \"99.9\"",
        "availability_percent = \"99.95\"",
    );
    let changed = parse(&files).expect("still valid");
    let en = service_level_rows(&changed, Lang::En);
    assert!(en.iter().any(|row| row.contains("Within 20 minutes")));
    assert!(en.iter().any(|row| row.contains("99.95% a calendar month")));
    let zh = service_level_rows(&changed, Lang::Zh);
    assert!(zh.iter().any(|row| row.contains("20 分钟内")));
}

#[test]
fn a_period_typed_in_the_page_is_refused_with_its_token() {
    let errors = errors_after(|files| {
        replace(
            files,
            FILE_EN,
            "Within {duration.warm-withdrawal} of full approval",
            "Within 30 minutes of full approval",
        );
        replace(
            files,
            "zh/marketing/how-custody-works.toml",
            "首次回复在{channel.support.acknowledgement}内",
            "首次回复在 4 小时内",
        );
    });
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&format!("content/{FILE_EN}:"))
                && e.contains("“30 minutes” is typed; write {duration.warm-withdrawal}")),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.contains("“4 小时” is typed")),
        "{errors:?}"
    );
}

#[test]
fn facts_that_promise_too_much_are_refused() {
    let errors = errors_after(|files: &mut ContentFiles| {
        replace(
            files,
            "site.toml",
            "availability_percent = \"99.9\"",
            "availability_percent = \"100\"",
        );
        replace(files, "signing.toml", "threshold = 3", "threshold = 5");
        replace(files, "site.toml", "time = \"16:00\"", "time = \"20:00\"");
    });
    for needle in [
        "`service.availability_percent` \"100\"",
        "wallet `cold`: a threshold of 5 of 5 keys",
        "cut-off `held-for-review` \"20:00\"",
    ] {
        assert!(
            errors.iter().any(|e| e.contains(needle)),
            "{needle}: {errors:?}"
        );
    }
}

#[tokio::test]
async fn the_trust_center_the_home_page_and_services_link_to_it() {
    for lang in Lang::ALL {
        let href = format!("href=\"{}\"", lang.localize(PAGE));
        for path in ["/trust-center", "/", "/services"] {
            let html = get(&lang.localize(path)).await.text;
            assert!(html.contains(&href), "{lang:?} {path} links to {PAGE}");
        }
        let services = get(&lang.localize("/services")).await.text;
        assert!(
            services.contains(&format!("href=\"{}#service-levels\"", lang.localize(PAGE))),
            "{lang:?}: /services links to the service levels"
        );
    }
}

#[tokio::test]
async fn leaders_and_exchanges_are_named_from_the_data() {
    let content = &SITE.content();
    assert!(content.site.leader.len() >= 8, "management and board");
    for lang in Lang::ALL {
        let about = as_read(&get(&lang.localize("/about")).await.text);
        for leader in &content.site.leader {
            assert!(about.contains(&leader.name), "{lang:?}: {}", leader.name);
        }
        let oasis = as_read(
            &get(&lang.localize("/oasis-off-exchange-settlement"))
                .await
                .text,
        );
        for exchange in &content.site.exchange {
            assert!(
                oasis.contains(&exchange.name),
                "{lang:?}: {}",
                exchange.name
            );
        }
        let every = tokens(content, lang)
            .get("duration.oasis-settlement")
            .map(str::to_owned);
        assert!(oasis.contains(&every.expect("the settlement interval")));
    }
    let typed = errors_after(|files| {
        replace(
            files,
            "en/marketing/about.toml",
            "[\"{leader.coo}\"",
            "[\"Declan Ashcombe\"",
        );
    });
    assert!(
        typed
            .iter()
            .any(|e| e.contains("“Declan Ashcombe”") && e.contains("{leader.coo}")),
        "{typed:?}"
    );
}

#[tokio::test]
async fn the_registers_are_the_only_links_to_other_sites() {
    let content = &SITE.content();
    assert_eq!(content.site.register.len(), 3);
    for lang in Lang::ALL {
        let html = get(&lang.localize(PAGE)).await.text;
        for register in &content.site.register {
            assert!(
                html.contains(&format!("href=\"{}\"", register.url)),
                "{lang:?}: {}",
                register.url
            );
        }
    }
    let page = &content.locale(Lang::En).marketing["how-custody-works"];
    assert!(
        page.section
            .iter()
            .any(|s| matches!(s, Section::Split { id, .. } if id == "where-to-verify"))
    );
    let errors = errors_after(|files| {
        replace(
            files,
            FILE_EN,
            "[Financial Institutions Directory]({register.mas-fid})",
            "[Financial Institutions Directory](https://phishing.example/fid)",
        );
        replace(
            files,
            FILE_EN,
            "({register.sfc})",
            "(https://apps.sfc.hk/publicregWeb/)",
        );
    });
    assert!(
        errors
            .iter()
            .any(|e| e.contains("a link to another site") && e.starts_with("content/en/")),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.contains("write {register.sfc}")),
        "{errors:?}"
    );
}
