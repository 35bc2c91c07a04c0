//! `GET /api/supported-assets`: filters, pagination, both entities, caching headers and every
//! kind of bad parameter, checked against the content files read directly.

use axum::body::Body;
use axum::http::{Request, header};
use custody_content::schema::section_items::EntityId;
use custody_content::schema::supported_assets::SupportedAsset;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::Value;

use crate::common::{SITE, get, send};

const ENTITIES: [(EntityId, &str); 2] = [(EntityId::Sg, "sg"), (EntityId::Hk, "hk")];

/// `GET /api/supported-assets?{query}`: the status and the JSON body.
async fn ask(query: &str) -> (u16, Value) {
    let answer = get(&format!("/api/supported-assets?{query}")).await;
    assert_eq!(answer.header("content-type"), "application/json", "{query}");
    assert_eq!(answer.header("x-content-type-options"), "nosniff");
    let json = serde_json::from_str(&answer.text).expect("the answer is JSON");
    (answer.status.as_u16(), json)
}

/// A successful answer.
async fn ok(query: &str) -> Value {
    let (status, json) = ask(query).await;
    assert_eq!(status, 200, "{query}: {json}");
    json
}

/// The field messages of a refused query.
async fn refused(query: &str) -> Value {
    let (status, json) = ask(query).await;
    assert_eq!(status, 400, "{query}: {json}");
    assert_eq!(json["error"]["code"], "invalid_parameters");
    json["error"]["fields"].clone()
}

fn rows(entity: EntityId) -> &'static [SupportedAsset] {
    SITE.content().supported_assets.of(entity)
}

fn chain_of(row: &SupportedAsset) -> &'static custody_content::schema::model::Chain {
    SITE.content()
        .site
        .chain
        .iter()
        .find(|c| c.id == row.network)
        .expect("validated network")
}

fn encode(text: &str) -> String {
    utf8_percent_encode(text, NON_ALPHANUMERIC).to_string()
}

/// Every matching row of every page of `query`, following the pages to the end.
async fn all_pages(query: &str, size: usize) -> Vec<Value> {
    let mut items = Vec::new();
    let mut page = 1;
    loop {
        let answer = ok(&format!("{query}&size={size}&page={page}")).await;
        let total = answer["total"].as_u64().unwrap() as usize;
        items.extend(answer["items"].as_array().unwrap().iter().cloned());
        if items.len() >= total {
            assert_eq!(items.len(), total, "{query}");
            return items;
        }
        assert_eq!(answer["items"].as_array().unwrap().len(), size);
        page += 1;
    }
}

#[tokio::test]
async fn the_default_answer_is_the_first_page_of_the_singapore_list() {
    let answer = ok("").await;
    let sg = rows(EntityId::Sg);
    assert_eq!(answer["entity"], "sg");
    assert_eq!(answer["total"], sg.len());
    assert_eq!(
        (answer["page"].as_u64(), answer["size"].as_u64()),
        (Some(1), Some(20))
    );
    let items = answer["items"].as_array().unwrap();
    assert_eq!(items.len(), 20);
    for (index, (item, row)) in items.iter().zip(sg).enumerate() {
        let chain = chain_of(row);
        assert_eq!(item["serial"], index + 1);
        assert_eq!(item["token"], row.token.as_str());
        assert_eq!(item["tokenName"], row.name.as_str());
        assert_eq!(item["network"], chain.abbreviation.as_str());
        assert_eq!(item["networkName"], chain.name.as_str());
        assert_eq!(
            [&item["warm"], &item["cold"], &item["defi"], &item["oasis"]],
            [row.warm, row.cold, row.defi, row.oasis]
                .map(Value::Bool)
                .each_ref()
        );
        match &row.contract {
            Some(contract) => assert_eq!(item["contract"], contract.as_str()),
            None => assert!(item["contract"].is_null()),
        }
    }
}

#[tokio::test]
async fn every_page_size_walks_each_entity_list_exactly_once() {
    for (entity, id) in ENTITIES {
        for size in [10, 20, 50, 100] {
            let items = all_pages(&format!("entity={id}"), size).await;
            let serials: Vec<u64> = items
                .iter()
                .map(|i| i["serial"].as_u64().unwrap())
                .collect();
            let expected: Vec<u64> = (1..=rows(entity).len() as u64).collect();
            assert_eq!(serials, expected, "{id} at {size} a page");
        }
    }
}

#[tokio::test]
async fn the_page_after_the_last_is_refused_with_the_last_page_named() {
    let total = rows(EntityId::Hk).len();
    let last = total.div_ceil(10);
    let answer = ok(&format!("entity=hk&size=10&page={last}")).await;
    assert_eq!(
        answer["items"].as_array().unwrap().len(),
        total - (last - 1) * 10
    );
    let fields = refused(&format!("entity=hk&size=10&page={}", last + 1)).await;
    assert_eq!(
        fields["page"],
        format!("There is no page {}; the last page is {last}.", last + 1)
    );
    let nothing = ok("token=zzzz-no-such-token").await;
    assert_eq!(
        (
            nothing["total"].as_u64(),
            nothing["items"].as_array().unwrap().len()
        ),
        (Some(0), 0)
    );
    refused("token=zzzz-no-such-token&page=2").await;
}

#[tokio::test]
async fn every_combination_of_account_filters_matches_the_data() {
    const VALUES: [&str; 3] = ["all", "yes", "no"];
    let admits = |flag: &str, value: bool| flag == "all" || (flag == "yes") == value;
    for (entity, id) in ENTITIES {
        for combination in 0..81 {
            let flags: Vec<&str> = (0..4)
                .map(|digit| VALUES[combination / 3usize.pow(digit) % 3])
                .collect();
            let expected: Vec<u64> = rows(entity)
                .iter()
                .enumerate()
                .filter(|(_, row)| {
                    admits(flags[0], row.warm)
                        && admits(flags[1], row.cold)
                        && admits(flags[2], row.defi)
                        && admits(flags[3], row.oasis)
                })
                .map(|(index, _)| index as u64 + 1)
                .collect();
            let query = format!(
                "entity={id}&warm={}&cold={}&defi={}&oasis={}&size=100",
                flags[0], flags[1], flags[2], flags[3]
            );
            let answer = ok(&query).await;
            assert_eq!(answer["total"], expected.len(), "{query}");
            let serials: Vec<u64> = answer["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["serial"].as_u64().unwrap())
                .collect();
            assert_eq!(
                serials,
                expected.iter().copied().take(100).collect::<Vec<_>>(),
                "{query}"
            );
        }
    }
}

#[tokio::test]
async fn token_filters_match_symbol_or_name_in_any_case_and_width() {
    let usdt = all_pages("token=usdt", 100).await;
    let expected = rows(EntityId::Sg)
        .iter()
        .filter(|r| {
            r.token.to_lowercase().contains("usdt") || r.name.to_lowercase().contains("usdt")
        })
        .count();
    assert!(expected > 1);
    assert_eq!(usdt.len(), expected);
    assert_eq!(all_pages("token=UsDt", 100).await, usdt);
    assert_eq!(
        all_pages(&format!("token={}", encode("ＵＳＤＴ")), 100).await,
        usdt
    );
    assert_eq!(all_pages("token=+usdt+", 100).await, usdt);

    let by_name = all_pages("token=tether", 100).await;
    assert!(by_name.iter().all(|i| {
        i["tokenName"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("tether")
            || i["token"]
                .as_str()
                .unwrap()
                .to_lowercase()
                .contains("tether")
    }));
    assert!(by_name.iter().any(|i| i["token"] == "USDT"));
}

#[tokio::test]
async fn network_filters_match_full_name_abbreviation_or_chinese_name() {
    let ethereum = all_pages("network=ethereum", 100).await;
    let expected = rows(EntityId::Sg)
        .iter()
        .filter(|r| chain_of(r).name.to_lowercase().contains("ethereum"))
        .count();
    assert_eq!(ethereum.len(), expected);
    assert_eq!(
        all_pages(&format!("network={}", encode("以太坊")), 100).await,
        ethereum
    );

    let bsc = all_pages("network=bsc", 100).await;
    assert!(!bsc.is_empty());
    assert!(bsc.iter().all(|i| i["networkName"] == "BNB Smart Chain"));
    assert_eq!(all_pages("network=BNB+smart", 100).await, bsc);

    let tron_usdt = ok(&format!("network={}&token=usdt", encode("波场"))).await;
    assert_eq!(tron_usdt["total"], 1);
    assert_eq!(tron_usdt["items"][0]["networkName"], "Tron");
}

#[tokio::test]
async fn contract_filters_ignore_case() {
    let row = rows(EntityId::Sg)
        .iter()
        .find(|r| r.contract.as_deref().is_some_and(|c| c.starts_with("0x")))
        .unwrap();
    let contract = row.contract.as_deref().unwrap();
    for asked in [
        contract.to_lowercase(),
        contract.to_uppercase().replacen("0X", "0x", 1),
    ] {
        let answer = ok(&format!("contract={asked}")).await;
        assert!(
            answer["items"]
                .as_array()
                .unwrap()
                .iter()
                .any(|i| i["contract"] == contract),
            "{asked}"
        );
        assert!(answer["items"].as_array().unwrap().iter().all(|i| {
            i["contract"]
                .as_str()
                .is_some_and(|c| c.to_lowercase().contains(&contract.to_lowercase()))
        }));
    }
}

#[tokio::test]
async fn the_entities_lists_differ() {
    let sg = ok("entity=sg&token=ton&network=ton").await;
    let hk = ok("entity=hk&token=ton&network=ton").await;
    assert_eq!(sg["total"], 0);
    assert_eq!(hk["total"], 1);
    assert_eq!(hk["entity"], "hk");
}

#[tokio::test]
async fn bad_parameters_are_refused_per_field_never_with_a_server_error() {
    assert_eq!(
        refused("entity=us").await["entity"],
        "Choose the entity: sg or hk."
    );
    assert_eq!(
        refused("page=0").await["page"],
        "Enter a whole page number from 1."
    );
    assert_eq!(
        refused("page=18446744073709551616000").await["page"],
        "Enter a whole page number from 1."
    );
    assert_eq!(
        refused("page=-1").await["page"],
        "Enter a whole page number from 1."
    );
    assert_eq!(
        refused("size=7").await["size"],
        "Choose a page size of 10, 20, 50 or 100."
    );
    assert_eq!(
        refused(&format!("token={}", "x".repeat(5 * 1024))).await["token"],
        "Enter at most 100 characters."
    );
    assert_eq!(
        refused("network=%C3%28").await["network"],
        "Use valid UTF-8 text."
    );
    assert_eq!(
        refused("warm=maybe").await["warm"],
        "Choose all, yes or no."
    );
    assert_eq!(
        refused("contract=%0A0x").await["contract"],
        "Remove the control characters."
    );
    assert_eq!(refused("pages=2").await["pages"], "Unknown parameter.");
    assert_eq!(
        refused("size=10&size=20").await["size"],
        "Give this parameter only once."
    );
    let both = refused("entity=x&size=3").await;
    assert_eq!(both.as_object().unwrap().len(), 2);
}

#[tokio::test]
async fn refusals_speak_the_requests_language() {
    let (_, json) = ask("size=7&lang=zh").await;
    assert_eq!(json["error"]["message"], "部分查询参数无效。");
    assert_eq!(
        json["error"]["fields"]["size"],
        "每页条数须为 10、20、50 或 100。"
    );
    let answer = send(
        Request::get("/api/supported-assets?entity=us")
            .header(header::ACCEPT_LANGUAGE, "zh-CN,zh;q=0.9,en;q=0.8")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(answer.status, 400);
    assert!(
        answer.text.contains("实体须为 sg 或 hk。"),
        "{}",
        answer.text
    );
}

#[tokio::test]
async fn answers_carry_a_validator_and_a_cache_lifetime() {
    let first = get("/api/supported-assets?entity=hk&size=10").await;
    assert_eq!(first.header("cache-control"), "public, max-age=300");
    assert_eq!(first.header("content-encoding"), "br");
    let etag = first.header("etag").to_owned();
    assert!(etag.starts_with('"'));
    let again = send(
        Request::get("/api/supported-assets?entity=hk&size=10")
            .header(header::ACCEPT_ENCODING, "br")
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(again.status, 304);
    let other = get("/api/supported-assets?entity=hk&size=20").await;
    assert_ne!(other.header("etag"), etag);
    let refused = get("/api/supported-assets?size=7").await;
    assert_eq!(refused.header("cache-control"), "no-store");
}
