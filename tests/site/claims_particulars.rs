//! The particulars a buyer compares (issue 56, §4) cannot contradict their data: each class of
//! contradicting edit (an insurance figure typed, a sublimit claimed of every wallet, the limit said
//! to be separate while it is shared, staking shown for an entity that does not stake, slashing put
//! on the wrong party, Oasis collateral the supported-asset list does not bear out or a haircut
//! typed, a stale attestation, a restricted jurisdiction accepted, an API limit typed,
//! a line that leaves open whether an entity accepts individuals, a service kept for institutions
//! that the data opens to individuals) fails the content check at the file and line of the edit;
//! the entities page shows which individuals each entity accepts, and the Oasis page the haircut of
//! every asset its buffer account holds.

use custody_content::Lang;

use crate::claims::{at, refused, reported};
use crate::common::{SITE, as_read, errors_after, get, replace};

#[test]
fn an_insurance_figure_typed_in_copy_fails() {
    refused(
        "en/faq.toml",
        "a sublimit of {insurance.sublimit.warm}",
        "a sublimit of USD 10 million",
        &["“USD 10 million” is typed", "{insurance.sublimit.warm}"],
    );
    refused(
        "zh/faq.toml",
        "每宗索赔设免赔额{insurance.deductible}",
        "每宗索赔设免赔额 25 万美元",
        &["“25 万美元” is typed", "{insurance.deductible}"],
    );
    refused(
        "en/marketing/trust-center.toml",
        "rated {insurance.rating} by {insurance.rating-agency}",
        "rated A+ by Proseware Ratings",
        &["“Proseware Ratings” is typed", "{insurance.rating-agency}"],
    );
}

#[test]
fn a_sublimit_claimed_of_every_wallet_or_a_limit_said_to_be_separate_fails() {
    refused(
        "en/faq.toml",
        "- Losses from cold wallets are paid up to a sublimit of {insurance.sublimit.cold}",
        "- Losses are paid up to a sublimit of {insurance.sublimit.cold}",
        &["is the sublimit of `cold` wallets only"],
    );
    refused(
        "en/marketing/trust-center.toml",
        "maximum aggregate limit, {insurance.limit-shared}:",
        "maximum aggregate limit, with a separate limit for each entity's clients:",
        &[
            "“separate limit”",
            "one shared limit",
            "{insurance.limit-shared}",
        ],
    );
    refused(
        "zh/marketing/how-custody-works.toml",
        "累计赔偿限额 {insurance}，{insurance.limit-shared}：",
        "累计赔偿限额 {insurance}，两家实体的客户各自的限额相互独立：",
        &["“各自的限额”"],
    );
}

#[test]
fn insurance_facts_that_do_not_hold_together_fail_in_their_file() {
    let errors = errors_after(|f| {
        replace(f, "insurance.toml", "usd = 40_000_000", "usd = 60_000_000");
        replace(f, "insurance.toml", "holder = \"sg\"", "holder = \"bt\"");
    });
    reported(
        &errors,
        &at("insurance.toml", "wallet = \"cold\""),
        &["the sublimit of `cold` (USD 60,000,000) exceeds the aggregate limit"],
    );
    reported(
        &errors,
        &at("insurance.toml", "holder = \"sg\""),
        &["`bt` is not an entity clients contract with"],
    );
}

#[test]
fn staking_shown_for_an_entity_that_does_not_offer_it_fails() {
    refused(
        "offerings.toml",
        "entity = \"sg\"\nassets",
        "entity = \"hk\"\nassets",
        &["staking particulars for `hk`, which does not offer the service `staking`"],
    );
    refused(
        "en/marketing/services.toml",
        "- Validators are run by {staking.sg.operator}",
        "- Our Hong Kong entity's validators are run by {staking.sg.operator}",
        &["offers “staking”", "for the entity `hk`"],
    );
    refused(
        "zh/faq.toml",
        "- 佣金：该实体从贵机构已质押资产所得收益中收取{staking.sg.commission}",
        "- 佣金：香港实体从贵机构已质押资产所得收益中收取{staking.sg.commission}",
        &["for the entity `hk`"],
    );
}

#[test]
fn oasis_collateral_the_supported_assets_do_not_bear_out_or_a_typed_haircut_fails() {
    refused(
        "offerings.toml",
        "  { token = \"DOGE\", haircut_percent = \"40\" },",
        "  { token = \"DOT\", haircut_percent = \"40\" },",
        &["DOT is not marked `oasis` on the supported-asset list of `sg`"],
    );
    let errors = errors_after(|f| {
        replace(
            f,
            "offerings.toml",
            "  { token = \"DOGE\", haircut_percent = \"40\" },\n",
            "",
        )
    });
    reported(
        &errors,
        &at("offerings.toml", "[[collateral]]"),
        &["DOGE is marked `oasis`", "has no haircut"],
    );
    refused(
        "en/marketing/oasis-off-exchange-settlement.toml",
        "[\"DOGE\", \"{collateral.sg.doge}\"]",
        "[\"DOGE\", \"40%\"]",
        &["“40%” is typed", "{collateral.sg.doge}"],
    );
}

#[tokio::test]
async fn the_oasis_page_shows_the_haircut_of_every_asset_the_buffer_account_holds() {
    let collateral = &SITE.content().operations.offerings.collateral;
    assert!(!collateral.is_empty(), "the Singapore entity offers Oasis");
    for path in [
        "/oasis-off-exchange-settlement",
        "/zh/oasis-off-exchange-settlement",
    ] {
        let page = as_read(&get(path).await.text);
        for asset in collateral.iter().flat_map(|c| &c.assets) {
            let head = format!(">{}</th>", asset.token);
            let at = page
                .find(&head)
                .unwrap_or_else(|| panic!("{path}: a row of {}", asset.token));
            let row = &page[at + head.len()..];
            let cell = &row[row.find('>').expect("a cell") + 1..row.find("</td>").expect("a cell")];
            assert_eq!(
                cell,
                format!("{}%", asset.haircut_percent),
                "{path}: {}",
                asset.token
            );
        }
    }
}

#[test]
fn a_slashing_penalty_put_on_the_party_that_does_not_bear_it_fails() {
    refused(
        "en/faq.toml",
        "such as signing twice or staying offline too long, is {staking.sg.slashing}.",
        "such as signing twice or staying offline too long, can reduce your staked balance.",
        &["“reduce your staked” puts a slashing penalty on the party that does not bear it"],
    );
    refused(
        "zh/marketing/services.toml",
        "- 因验证节点过失而被处以的罚没（slashing），{staking.sg.slashing}。",
        "- 因验证节点过失而被处以的罚没（slashing），由贵机构承担。",
        &["“由贵机构承担”", "{staking.sg.slashing}"],
    );
}

#[test]
fn a_stale_attestation_or_one_not_by_our_auditor_fails() {
    let errors = errors_after(|f| {
        replace(
            f,
            "holdings.toml",
            "as_of = 2026-09-30\nissued = 2026-10-30",
            "as_of = 2026-03-31\nissued = 2026-04-30",
        );
        replace(
            f,
            "holdings.toml",
            "issuer = \"Contoso Assurance LLP\"",
            "issuer = \"Trey Audit LLP\"",
        );
    });
    reported(
        &errors,
        &at("holdings.toml", "as_of = 2026-09-30"),
        &["was due to be signed before the newest announcement"],
    );
    reported(
        &errors,
        &at("holdings.toml", "issuer = \"Contoso Assurance LLP\""),
        &["`Trey Audit LLP` issued none of the reports"],
    );
    refused(
        "en/marketing/how-custody-works.toml",
        "our auditor, also attests {frequency.balance-attestation} that",
        "our auditor, also attests every quarter that",
        &[
            "“every quarter” is typed",
            "{frequency.balance-attestation}",
        ],
    );
}

#[test]
fn a_restricted_jurisdiction_accepted_or_a_region_an_entity_does_not_serve_fails() {
    refused(
        "jurisdictions.toml",
        "id = \"us\"\nname = { en = \"United States\", zh = \"美国\" }\naccept = []",
        "id = \"us\"\nname = { en = \"United States\", zh = \"美国\" }\naccept = [{ entity = \"sg\", on = \"any\" }]",
        &["`sg` accepts clients from `us`, a restricted jurisdiction"],
    );
    refused(
        "en/marketing/entities.toml",
        "- Jurisdiction: where your organisation is established, or where you live if you apply as \
         an individual, decides which entity can accept you",
        "- Jurisdiction: our Hong Kong entity also takes institutions from the European Union",
        &["the entity `hk` accept clients from “European Union”, which it does not"],
    );
    refused(
        "zh/faq.toml",
        "所有申请均须符合以下要求：",
        "我们亦接受在美国设立的机构申请。所有申请均须符合以下要求：",
        &["“接受” “美国”", "restricted jurisdiction"],
    );
}

#[test]
fn an_api_fact_typed_in_copy_or_a_missing_duration_fails() {
    refused(
        "en/marketing/developers.toml",
        "Each API key may make {api.rate.read} for reads",
        "Each API key may make 20 requests a second for reads",
        &["“20 requests a second” is typed", "{api.rate.read}"],
    );
    refused(
        "zh/faq.toml",
        "沙盒环境位于 {api.host.sandbox}",
        "沙盒环境位于 sandbox.api.custody.example",
        &[
            "“sandbox.api.custody.example” is typed",
            "{api.host.sandbox}",
        ],
    );
    refused(
        "developers.toml",
        "retry = \"webhook-retry\"",
        "retry = \"webhook-retries\"",
        &["`webhook-retries` is not a [[duration]] of site.toml"],
    );
}

#[test]
fn a_line_that_leaves_open_whether_an_entity_accepts_individuals_fails() {
    refused(
        "en/marketing/clients.toml",
        "Our Singapore entity accepts {entity.sg.individuals}. Our Hong Kong entity accepts \
         {entity.hk.individuals}.",
        "Individuals may apply only where the entity accepts individual clients.",
        &[
            "leaves open whether an entity accepts individual clients",
            "{entity.sg.individuals}",
        ],
    );
    refused(
        "zh/faq.toml",
        "两家实体均不接受其他个人客户",
        "签约实体是否接受个人客户视情况而定",
        &["“签约实体是否接受个人客户”", "{entity.hk.individuals}"],
    );
}

#[test]
fn a_service_kept_for_institutions_but_open_to_individuals_fails() {
    let errors = errors_after(|f| {
        replace(
            f,
            "offerings.toml",
            "basis = \"licence\", principal = true, individuals = false }]",
            "basis = \"licence\", principal = true }]",
        );
    });
    reported(
        &errors,
        &at("en/faq.toml", "and only to institutional clients;"),
        &[
            "“only to institutional clients” keeps “integrated account”",
            "individuals = false",
        ],
    );
}

#[tokio::test]
async fn the_entities_page_shows_which_individuals_each_entity_accepts() {
    for (path, lang) in [("/entities", Lang::En), ("/zh/entities", Lang::Zh)] {
        let page = as_read(&get(path).await.text);
        let entities = &SITE.content().locale(lang).site.entity;
        for id in ["sg", "hk"] {
            let individuals = entities[id].individuals.as_deref().expect("stated");
            assert!(
                page.contains(&html_escaped(individuals)),
                "{path}: `{id}` accepts {individuals}"
            );
        }
    }
}

/// Text as the page writes it in HTML.
fn html_escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
