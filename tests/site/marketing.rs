//! Marketing pages: every figure and fee shown comes from content data, the design tokens are the
//! palette of `site.toml`, each page carries its sections in both languages, mistakes in a page
//! file fail with file and line, and the brand kit downloads as a named zip.

use custody_content::load::parse;
use custody_content::pages::{page_data, page_instances};
use custody_content::schema::fees::Amount;
use custody_content::schema::marketing::Section;
use custody_content::source::files::ContentFiles;
use custody_content::tokens::figures::chain_count;
use custody_content::{Content, Lang};
use custody_site::embedded::content_files;
use serde_json::Value;

use crate::common::{SITE, attribute_after, errors_after, get, replace, visible_text};

fn content_after(edit: impl FnOnce(&mut ContentFiles)) -> Content {
    let mut files = content_files();
    edit(&mut files);
    parse(&files).unwrap_or_else(|errors| panic!("content stays valid: {errors:?}"))
}

/// The data of the page at an unprefixed path in one language.
fn data_of(content: &Content, lang: Lang, path: &str) -> Value {
    let instance = page_instances(content)
        .into_iter()
        .find(|i| i.path == path)
        .unwrap_or_else(|| panic!("{path} is a page"));
    serde_json::to_value(page_data(content, lang, &instance)).expect("page data serializes")["data"]
        .clone()
}

/// The shown value of one figure of the first figure strip of a page.
fn figure_value(data: &Value, figure: &str) -> String {
    data["sections"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"] == "figures")
        .flat_map(|s| s["item"].as_array().unwrap().iter())
        .find(|item| item["figure"] == figure)
        .map(|item| item["value"].as_str().unwrap().to_owned())
        .unwrap_or_else(|| panic!("a figure strip shows {figure}"))
}

/// The two cells of a fee row on the entities page.
fn fee_row(data: &Value, row: &str) -> (String, String) {
    let cells = data["sections"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"] == "fees")
        .flat_map(|s| s["table"]["rows"].as_array().unwrap().iter())
        .find(|r| r["id"] == row)
        .unwrap_or_else(|| panic!("a fee table has the row {row}"));
    (
        cells["item"].as_str().unwrap().to_owned(),
        cells["fee"].as_str().unwrap().to_owned(),
    )
}

#[test]
fn the_chain_figure_is_the_named_chains_minus_two() {
    let content = &SITE.content();
    assert_eq!(content.site.chain.len(), 31, "the spec names 31 chains");
    assert_eq!(chain_count(&content.site), 29);
    let home = data_of(content, Lang::En, "/");
    assert_eq!(figure_value(&home, "chains"), "29+");

    let with_one_more = content_after(|f| {
        let site = f.get_mut("site.toml").unwrap();
        let at = site.find("[[certification]]").unwrap();
        site.insert_str(
            at,
            "[[chain]]\nid = \"hedera\"\nname = \"Hedera\"\nabbreviation = \"HBAR\"\nfamily = \"other\"\n\n",
        );
    });
    assert_eq!(
        figure_value(&data_of(&with_one_more, Lang::En, "/"), "chains"),
        "30+"
    );
    assert_eq!(
        figure_value(&data_of(&with_one_more, Lang::Zh, "/"), "chains"),
        "30+"
    );
}

#[test]
fn company_figures_follow_site_toml_in_strips_and_prose() {
    let content = content_after(|f| {
        replace(
            f,
            "site.toml",
            "institutional_clients = 305",
            "institutional_clients = 455",
        );
        // The client types of the home page's evidence add up to the clients counted, which the
        // copy claims rounded down to a hundred.
        replace(f, "site.toml", "count = 84", "count = 234");
        replace(
            f,
            "site.toml",
            "safeguarded_usd = 10_000_000_000",
            "safeguarded_usd = 12_000_000_000",
        );
    });
    let home = data_of(&content, Lang::En, "/");
    assert_eq!(figure_value(&home, "clients"), "400+");
    assert_eq!(figure_value(&home, "safeguarded"), "USD 12bn+");
    assert_eq!(
        figure_value(&data_of(&content, Lang::Zh, "/"), "safeguarded"),
        "逾 120 亿美元",
        "Chinese writes “more than” an amount of money as 逾"
    );
    let about = data_of(&content, Lang::En, "/about");
    assert!(
        about["lead"].as_str().unwrap().contains("400"),
        "{}",
        about["lead"]
    );
    assert!(!about.to_string().contains("300 institutional"));
}

#[test]
fn the_trust_line_badges_link_to_sections_of_the_trust_center() {
    let content = content_after(|_| {});
    for (lang, trust_center) in [(Lang::En, "/trust-center"), (Lang::Zh, "/zh/trust-center")] {
        let home = data_of(&content, lang, "/");
        let badges = home["trust"]["badges"].as_array().unwrap();
        assert_eq!(badges.len(), 4, "{}", home["trust"]);
        let sections: Vec<&str> = badges
            .iter()
            .map(|badge| {
                let href = badge["href"].as_str().unwrap();
                assert!(!badge["title"].as_str().unwrap().is_empty(), "{badge}");
                assert!(!badge["line"].as_str().unwrap().is_empty(), "{badge}");
                href.strip_prefix(&format!("{trust_center}#"))
                    .unwrap_or_else(|| panic!("{href} is a section of {trust_center}"))
            })
            .collect();
        assert_eq!(
            sections,
            [
                "certifications",
                "certifications",
                "insurance",
                "regulation"
            ]
        );
        let own = data_of(&content, lang, "/trust-center");
        assert_eq!(own["trust"], home["trust"]);
    }
}

#[tokio::test]
async fn served_pages_show_the_figures_and_no_token_is_left() {
    let home = get("/").await;
    for (figure, value) in [
        ("clients", "300+"),
        ("assets", "400+"),
        ("safeguarded", "USD 10bn+"),
        ("chains", "29+"),
    ] {
        let marker = format!("data-figure=\"{figure}\" class=\"figures__item\">");
        let item = &home.text[home.text.find(&marker).expect("the figure's item") + marker.len()..];
        let shown = &item[..item.find("figures__label").expect("the figure's label")];
        assert!(
            visible_text(shown).starts_with(value),
            "home shows {figure} as {value}: {shown}"
        );
    }
    let zh = get("/zh").await;
    assert!(visible_text(&zh.text).contains("逾 100 亿美元"));
    for path in SITE.pages().paths() {
        let page = get(path).await;
        for token in [
            "{clients}",
            "{assets}",
            "{chains}",
            "{safeguarded}",
            "{insurance}",
            "{evm_chains}",
            "{figures.as_of}",
            "{duration.",
        ] {
            assert!(!page.text.contains(token), "{path} shows {token}");
        }
    }
}

#[test]
fn every_fee_cell_shows_its_toml_amount_in_both_languages() {
    let content = &SITE.content();
    let entities = data_of(content, Lang::En, "/entities");
    let zh = data_of(content, Lang::Zh, "/entities");
    let flexible = &content.fees.flexible;
    let setup = flexible.iter().find(|r| r.id == "setup").unwrap();
    assert_eq!(setup.values["amount"], Amount::Usd(5000.0));
    assert_eq!(fee_row(&entities, "setup").1, "USD 5,000, once");
    assert_eq!(fee_row(&zh, "setup").1, "一次性收取 5,000 美元");
    assert_eq!(
        fee_row(&entities, "custody").1,
        "0.3% a year of assets under custody, minimum USD 500 a month"
    );
    assert_eq!(
        fee_row(&entities, "transaction").1,
        "USD 0.10 per transaction"
    );
    assert_eq!(
        fee_row(&entities, "below-10m"),
        (
            "Below USD 10 million".to_owned(),
            "USD 1,500 a month".to_owned()
        )
    );
    assert_eq!(
        fee_row(&zh, "below-10m"),
        ("低于 1,000 万美元".to_owned(), "每月 1,500 美元".to_owned())
    );
    for schedule in [&content.fees.flexible, &content.fees.fixed] {
        for row in schedule {
            let (item, fee) = fee_row(&entities, &row.id);
            for amount in row.values.values() {
                let shown = amount.format(Lang::En);
                assert!(
                    item.contains(&shown) || fee.contains(&shown),
                    "row {} shows {shown}",
                    row.id
                );
            }
        }
    }

    let changed = content_after(|f| {
        replace(
            f,
            "fees.toml",
            "amount = { usd = 5000 }",
            "amount = { usd = 6000 }",
        )
    });
    assert_eq!(
        fee_row(&data_of(&changed, Lang::En, "/entities"), "setup").1,
        "USD 6,000, once"
    );
}

#[tokio::test]
async fn the_entities_page_serves_the_fee_tables() {
    let page = get("/entities").await;
    assert!(page.text.contains(
        "data-row=\"setup\"><th scope=\"row\">Account setup</th><td data-label=\"Fee\">USD 5,000, once</td>"
    ));
    assert!(page.text.contains("href=\"/support-token?entity=sg\""));
    assert!(page.text.contains("href=\"/support-token?entity=hk\""));
    let zh = get("/zh/entities").await;
    assert!(zh.text.contains("href=\"/zh/support-token?entity=hk\""));
}

#[tokio::test]
async fn every_marketing_page_carries_its_sections_in_both_languages() {
    for lang in Lang::ALL {
        let locale = SITE.content().locale(lang);
        assert_eq!(locale.marketing.len(), 17, "17 marketing pages in {lang:?}");
        for (id, page) in &locale.marketing {
            let route = SITE.content().routes.iter().find(|r| &r.id == id).unwrap();
            let path = lang.localize(&route.path);
            let html = get(&path).await.text;
            assert!(html.contains("<h1>"), "{path} has a heading");
            for section in &page.section {
                assert!(
                    html.contains(&format!("id=\"{}\"", section.id())),
                    "{path} shows section {}",
                    section.id()
                );
            }
            assert!(
                page.section
                    .last()
                    .is_some_and(|s| matches!(s, Section::Cta { .. })),
                "{path} ends with a call to action"
            );
        }
    }
}

#[tokio::test]
async fn the_stylesheet_defines_the_palette_and_type_scale_of_site_toml() {
    let home = get("/").await;
    let mut css = String::new();
    let mut rest = home.text.as_str();
    while let Some(href) = attribute_after(rest, "<link rel=\"stylesheet\"", "href") {
        css.push_str(&get(href).await.text);
        rest = &rest[rest.find("<link rel=\"stylesheet\"").unwrap() + 1..];
    }
    for colour in &SITE.content().site.palette {
        let hex = colour.hex.to_ascii_lowercase();
        let bytes = hex.as_bytes();
        let short = format!(
            "#{}{}{}",
            bytes[1] as char, bytes[3] as char, bytes[5] as char
        );
        let shortens = bytes[1] == bytes[2] && bytes[3] == bytes[4] && bytes[5] == bytes[6];
        let declared = |value: &str| css.contains(&format!("--color-{}:{value}", colour.key));
        assert!(
            declared(&hex) || (shortens && declared(&short)),
            "the stylesheet defines --color-{} as {}",
            colour.key,
            colour.hex
        );
    }
    for step in &SITE.content().site.type_step {
        let rem = step.rem.to_string();
        let minified = rem.strip_prefix('0').unwrap_or(&rem);
        let declared = css
            .split(&format!("--text-{}:", step.key))
            .nth(1)
            .and_then(|rest| rest.split([';', '}']).next())
            .unwrap_or_else(|| panic!("the stylesheet defines --text-{}", step.key))
            .replace(' ', "");
        let ends_at = |value: &str| {
            declared == format!("{value}rem") || declared.ends_with(&format!(",{value}rem)"))
        };
        assert!(
            ends_at(&rem) || ends_at(minified),
            "--text-{} reaches {rem}rem: {declared}",
            step.key
        );
        if let Some(phone) = step.phone_rem {
            assert!(
                declared.starts_with(&format!("clamp({phone}rem,")),
                "--text-{} is fluid from {phone}rem: {declared}",
                step.key
            );
        }
    }
}

#[tokio::test]
async fn the_brand_kit_zip_downloads_under_its_name() {
    let page = get("/brand-kit").await;
    let start = page
        .text
        .find("/_app/brand/")
        .expect("the page links brand files");
    let zip_start = page.text[start..]
        .find("kestrel-custody-brand-kit.")
        .map(|i| start + i)
        .expect("the page links the zip");
    let href_start = page.text[..zip_start].rfind('"').unwrap() + 1;
    let href_end = zip_start + page.text[zip_start..].find('"').unwrap();
    let href = &page.text[href_start..href_end];
    assert!(href.starts_with("/_app/brand/kestrel-custody-brand-kit.") && href.ends_with(".zip"));
    let zip = get(href).await;
    assert_eq!(zip.status, 200);
    assert_eq!(zip.header("content-type"), "application/zip");
    assert_eq!(
        zip.header("content-disposition"),
        "attachment; filename=\"kestrel-custody-brand-kit.zip\""
    );
    assert_eq!(
        zip.header("cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert!(zip.raw.starts_with(b"PK\x03\x04"));
}

#[test]
fn an_unknown_figure_token_fails_with_file_and_line() {
    let errors = errors_after(|f| {
        replace(
            f,
            "en/pages.toml",
            "heading = \"Our clients\"",
            "heading = \"Our {client} clients\"",
        )
    });
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/pages.toml:")
                && e.contains("unknown figure `{client}`")),
        "{errors:?}"
    );
}

#[test]
fn mistakes_in_a_marketing_page_fail_with_file_and_line() {
    let file = "en/marketing/home.toml";
    let first_icon = {
        let text = &content_files()[file];
        let start = text.find("icon = \"").unwrap() + 8;
        text[start..start + text[start..].find('"').unwrap()].to_owned()
    };
    let errors = errors_after(|f| {
        replace(
            f,
            file,
            &format!("icon = \"{first_icon}\""),
            "icon = \"sparkles\"",
        );
        replace(f, file, "href = \"/contact-us\"", "href = \"/contact\"");
    });
    let messages = errors.join("\n");
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/marketing/home.toml:")
                && e.contains("unknown icon `sparkles`")),
        "{messages}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/marketing/home.toml:")
                && e.contains("link `/contact` does not lead to a page")),
        "{messages}"
    );
}

#[test]
fn a_chinese_page_missing_a_section_fails_parity() {
    let errors = errors_after(|f| {
        let text = f.get_mut("zh/marketing/home.toml").unwrap();
        let last = text.rfind("[[section]]").unwrap();
        text.truncate(last);
    });
    assert!(
        errors.iter().any(|e| e.starts_with("content/zh/marketing/home.toml")
            && e.contains("`section` has")),
        "{errors:?}"
    );
}
