//! Content a compliance team signs: the legal entities of `site.toml` on every page that names
//! them, in both languages; no figure or fee typed by hand; the Chinese house terms of
//! `glossary.toml` in the content and the interface catalog; each rule fails with file and line.

use custody_content::schema::glossary::CATALOG;
use custody_content::{Content, Lang};
use custody_site::embedded::content_files;

use crate::common::{SITE, as_read, errors_after, get, replace};

/// The text of one particular of an entity in one language, as pages show it.
fn particular(content: &Content, lang: Lang, entity: &str, field: &str) -> String {
    let local = &content.locale(lang).site;
    let entity = content
        .site
        .entity
        .iter()
        .find(|e| e.id == entity)
        .unwrap_or_else(|| panic!("site.toml has the entity {entity}"));
    custody_content::schema::entities::particulars(entity, &local.entity, &local.regulator, lang)
        .expect("described")
        .get(field)
        .to_owned()
}

/// `text` as HTML escapes it in element content.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[tokio::test]
async fn pages_name_the_entities_from_the_data_in_both_languages() {
    let content = &SITE.content();
    for lang in Lang::ALL {
        let page = |path: &str| lang.localize(path);
        let home = as_read(&get(&page("/")).await.text);
        let entities = as_read(&get(&page("/entities")).await.text);
        let trust = as_read(&get(&page("/trust-center")).await.text);
        let about = as_read(&get(&page("/about")).await.text);
        let privacy = as_read(&get(&page("/privacy")).await.text);
        let aml = as_read(&get(&page("/aml")).await.text);
        for id in ["sg", "hk"] {
            let legal_name = escaped(&particular(content, lang, id, "legal_name"));
            let registration = particular(content, lang, id, "registration");
            let address = escaped(&particular(content, lang, id, "address"));
            for (name, html) in [
                ("footer", &home),
                ("entities", &entities),
                ("trust", &trust),
            ] {
                assert!(html.contains(&legal_name), "{lang:?} {name}: {legal_name}");
                assert!(
                    html.contains(&registration),
                    "{lang:?} {name}: {registration}"
                );
                assert!(html.contains(&address), "{lang:?} {name}: {address}");
            }
            for (name, html) in [("about", &about), ("aml", &aml)] {
                assert!(html.contains(&legal_name), "{lang:?} {name}: {legal_name}");
            }
            let dpo = particular(content, lang, id, "privacy_email");
            assert!(
                privacy.contains(&legal_name),
                "{lang:?} privacy: the controller"
            );
            assert!(
                privacy.contains(&dpo),
                "{lang:?} privacy: the data protection officer"
            );
        }
        let bhutan = escaped(&particular(content, lang, "bt", "legal_name"));
        assert!(
            trust.contains(&bhutan),
            "{lang:?}: the Bhutan licence holder"
        );
        assert!(
            !home.contains(&bhutan),
            "{lang:?}: clients do not contract with the Bhutan licence holder, so the footer omits it"
        );
        let scope = escaped(&particular(content, lang, "hk", "scope"));
        assert!(
            trust.contains(&scope),
            "{lang:?}: the exact scope of the licence"
        );
    }
}

#[test]
fn the_copy_never_overstates_the_regulatory_status() {
    let claims = [
        ("en/", "regulated entit"),
        ("en/", "Regulated custody"),
        ("en/", "Licensed operations"),
        ("en/", "Singapore regulator"),
        ("en/", "Claim approved"),
        ("zh/", "受监管实体"),
        ("zh/", "合规托管"),
        ("zh/", "持牌运营"),
        ("zh/", "新加坡监管机构"),
        ("zh/", "索赔获批"),
    ];
    assert_nowhere(&claims);
}

/// Asserts that no content file under each folder (`en/`, `zh/`) contains its phrase.
fn assert_nowhere(phrases: &[(&str, &str)]) {
    for (name, text) in content_files() {
        for (folder, phrase) in phrases {
            assert!(
                !(name.starts_with(folder) && text.contains(phrase)),
                "content/{name} says “{phrase}”"
            );
        }
    }
}

/// Each fact the reviewers found said two ways is said one way: the wording that contradicted the
/// rest of the copy stays out of it.
#[test]
fn the_copy_says_each_rule_one_way() {
    let contradictions = [
        ("en/", "security and related criteria"),
        ("en/", "should meet the same rules"),
        ("en/", "Recommended practice"),
        ("en/", "(BUSD) on Ethereum delisted"),
        ("zh/", "建议每位用户"),
        ("zh/", "公司网址"),
    ];
    assert_nowhere(&contradictions);
    let content = &SITE.content();
    for lang in Lang::ALL {
        let scope_named = match lang {
            Lang::En => "anti-money-laundering regime licence",
            Lang::Zh => "反洗钱监管制度下的牌照",
        };
        let description = &content.locale(lang).site.organization_description;
        assert!(
            description.contains(scope_named),
            "{lang:?}: the Hong Kong licence is named with its scope"
        );
    }
}

#[test]
fn the_worked_fee_example_is_computed_from_the_fee_rows() {
    let text = |content: &Content| {
        serde_json::to_string(&content.locale(Lang::En).marketing["entities"]).unwrap()
    };
    assert!(text(SITE.content()).contains("USD 3,750 a month in the flexible package"));
    let files = {
        let mut files = content_files();
        replace(
            &mut files,
            "fees.toml",
            "values = { rate = { percent = 0.3 }, minimum",
            "values = { rate = { percent = 0.4 }, minimum",
        );
        files
    };
    let content = custody_content::load::parse(&files).expect("valid");
    assert!(
        text(&content).contains("USD 5,000 a month in the flexible package"),
        "15m at 0.4% a year is 5,000 a month"
    );
}

#[test]
fn a_typed_figure_or_fee_fails_with_file_and_line() {
    let errors = errors_after(|f| {
        replace(
            f,
            "en/faq.toml",
            "with a minimum of {fee.custody.minimum} a month",
            "with a minimum of USD 500 a month",
        );
        replace(
            f,
            "zh/site.toml",
            "支持的资产逾 {assets} 种",
            "支持的资产逾 400 种",
        );
        replace(
            f,
            "zh/faq.toml",
            "一次性开户费 {fee.setup.amount}",
            "一次性开户费 5,000 美元",
        );
    });
    for (file, literal, token) in [
        (
            "content/en/faq.toml:",
            "“USD 500” is typed",
            "{fee.custody.minimum}",
        ),
        ("content/zh/site.toml:", "“400” is typed", "{assets}"),
        (
            "content/zh/faq.toml:",
            "“5,000 美元” is typed",
            "{fee.setup.amount}",
        ),
    ] {
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with(file) && e.contains(literal) && e.contains(token)),
            "{file} {literal}: {errors:?}"
        );
    }
}

#[test]
fn a_rejected_chinese_variant_fails_with_file_and_line() {
    let errors = errors_after(|f| {
        replace(f, "zh/faq.toml", "Prime 托管服务？", "主托管服务？");
        replace(
            f,
            "zh/pages.toml",
            "配置审批层级与最低审批人数",
            "配置审批层级与法定人数",
        );
    });
    for (file, variant) in [
        ("content/zh/faq.toml:", "“主托管” is not the house term"),
        ("content/zh/pages.toml:", "“法定人数” is not the house term"),
    ] {
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with(file) && e.contains(variant)),
            "{file} {variant}: {errors:?}"
        );
    }
    let english_is_not_checked = errors_after(|f| {
        replace(
            f,
            "en/faq.toml",
            "What is prime custody?",
            "What is 主托管?",
        );
    });
    assert!(
        english_is_not_checked.is_empty(),
        "{english_is_not_checked:?}"
    );
}

#[test]
fn the_chinese_catalog_uses_the_house_terms() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("content")
        .join(CATALOG);
    let catalog = std::fs::read_to_string(path).unwrap();
    assert!(SITE.content().glossary.check_catalog(&catalog).is_empty());
    let drifted = catalog.replacen("msgstr \"品牌资料包\"", "msgstr \"品牌资源\"", 1);
    assert_ne!(
        drifted, catalog,
        "the catalog translates Brand kit as 品牌资料包"
    );
    let line = drifted
        .lines()
        .position(|l| l == "msgstr \"品牌资源\"")
        .unwrap()
        + 1;
    let errors: Vec<String> = SITE
        .content()
        .glossary
        .check_catalog(&drifted)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with(&format!("ui/src/locales/zh/messages.po:{line}: “品牌资源”")),
        "{errors:?}"
    );
}

/// The brand is fictional, so its legal particulars are too, and plainly so: every registration
/// and licence number carries the year 2099 or the prefix 99, which no registry has issued, and
/// every address of a data protection officer is at the reserved `custody.example` domain.
#[test]
fn the_entity_particulars_are_plainly_fictional() {
    let plainly_fictional = |number: &str| {
        number.contains("2099")
            || number
                .trim_start_matches(|c: char| !c.is_ascii_digit())
                .starts_with("99")
    };
    for entity in &SITE.content().site.entity {
        for number in std::iter::once(&entity.registration).chain(entity.licence.iter()) {
            assert!(
                plainly_fictional(number),
                "entity {}: `{number}` could be a real company's number",
                entity.id
            );
        }
        if let Some(email) = &entity.privacy_email {
            assert!(email.ends_with("@custody.example"), "{email}");
        }
    }
    for certification in &SITE.content().site.certification {
        assert!(
            ["Contoso ", "Fabrikam "]
                .iter()
                .any(|name| certification.issuer.starts_with(name)),
            "{}: `{}` could be a real auditor",
            certification.id,
            certification.issuer
        );
        if let Some(number) = &certification.certificate {
            assert!(plainly_fictional(number), "{}: {number}", certification.id);
        }
    }
}

/// The trust center shows each certification as evidence: who issued it, the period or day a
/// report covers or a certificate's number, and a way to request a copy, in both languages.
#[tokio::test]
async fn the_trust_center_shows_who_issued_each_certification_and_when() {
    for lang in Lang::ALL {
        let page = get(&lang.localize("/trust-center")).await.text;
        for certification in &SITE.content().site.certification {
            let tile = page
                .split(&format!("data-certification=\"{}\"", certification.id))
                .nth(1)
                .and_then(|rest| rest.split("</li>").next())
                .unwrap_or_else(|| panic!("{lang:?}: a tile for {}", certification.id));
            assert!(tile.contains(&certification.issuer), "{lang:?}: {tile}");
            for day in [
                certification.as_of,
                certification.period_start,
                certification.period_end,
                certification.valid_until,
            ]
            .into_iter()
            .flatten()
            {
                assert!(
                    tile.contains(&format!("datetime=\"{day}\"")),
                    "{lang:?} {}: {day}",
                    certification.id
                );
            }
            if let Some(number) = &certification.certificate {
                assert!(tile.contains(number.as_str()), "{lang:?}: {number}");
            }
            assert!(
                tile.contains(&format!(
                    "href=\"{}\"",
                    lang.localize("/contact-us?request=assurance")
                )),
                "{lang:?}: the request link"
            );
        }
    }
}
