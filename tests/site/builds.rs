//! Build detection endpoints and page data for client-side navigation.

use crate::common::{SITE, get};

#[tokio::test]
async fn latest_build_and_its_manifest() {
    let latest: serde_json::Value =
        serde_json::from_str(&get("/_app/builds/latest.json").await.text).unwrap();
    let id = latest["id"].as_str().unwrap();
    assert_eq!(id, SITE.build().build_id);
    assert_eq!(id.len(), 16);
    assert!(latest["timestamp"].as_u64().unwrap() > 1_700_000_000_000);

    let meta = get(&format!("/_app/builds/meta/{id}.json")).await;
    assert_eq!(meta.status, 200);
    let meta: serde_json::Value = serde_json::from_str(&meta.text).unwrap();
    assert_eq!(meta["id"], id);
    assert!(
        meta["routes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["path"] == "/faq/{id}")
    );

    // Unknown ids, and names that are not text once decoded, are the same JSON 404.
    for unknown in ["0000000000000000.json", "%FF.json", "%C0%AE%C0%AE"] {
        let answer = get(&format!("/_app/builds/meta/{unknown}")).await;
        assert_eq!(answer.status, 404, "{unknown}");
        assert_eq!(
            answer.header("content-type"),
            "application/json",
            "{unknown}"
        );
        let error: serde_json::Value = serde_json::from_str(&answer.text).unwrap();
        assert_eq!(error["error"]["code"], "unknown_build", "{unknown}");
    }
}

#[tokio::test]
async fn page_data_for_navigation() {
    let build = &SITE.build().build_id;
    let answer = get(&format!("/_app/data?path=/zh/about&build={build}")).await;
    assert_eq!(answer.status, 200);
    let data: serde_json::Value = serde_json::from_str(&answer.text).unwrap();
    assert_eq!(data["page"], "about");
    assert_eq!(data["lang"], "zh");
    assert_eq!(
        data["chrome"]["name"],
        SITE.content()
            .locale(custody_content::Lang::Zh)
            .site
            .name
            .as_str()
    );

    let moved: serde_json::Value =
        serde_json::from_str(&get("/_app/data?path=/zh/serve").await.text).unwrap();
    assert_eq!(moved["redirect"], "/zh/services");

    let missing = get("/_app/data?path=/faq/nothing-here").await;
    assert_eq!(missing.status, 404);
    let missing: serde_json::Value = serde_json::from_str(&missing.text).unwrap();
    assert_eq!(missing["page"], "error");
    assert_eq!(missing["data"]["heading"], "Page Not Found");

    assert_eq!(get("/_app/data?path=/about&build=stale").await.status, 409);
    assert_eq!(get("/_app/data").await.status, 400);
}
