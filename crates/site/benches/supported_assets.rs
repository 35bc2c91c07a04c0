//! Cost of one supported-assets query: `cargo bench --bench supported_assets`.
//! Prints, per query, the time to filter and page the list and serialize the answer (what a
//! cache miss costs before compression), and the time of a whole cached answer.

use std::hint::black_box;
use std::time::Instant;

use custody_content::section_items::EntityId;
use custody_content::supported_asset_query::{Flag, SupportedAssetIndex, SupportedAssetQuery};
use custody_site::render::supported_asset_answers::SupportedAssetAnswers;
use custody_site::{ServedSite, SiteSettings};

fn main() {
    let site =
        ServedSite::from_embedded(SiteSettings::default()).expect("the embedded site builds");
    let index = SupportedAssetIndex::new(&site.content);
    let answers = SupportedAssetAnswers::new(&site.content);
    let first = SupportedAssetQuery::first_page(EntityId::Sg);
    let queries = [
        ("first page, Singapore", first.clone()),
        (
            "first page, Hong Kong",
            SupportedAssetQuery::first_page(EntityId::Hk),
        ),
        (
            "last page of 100",
            SupportedAssetQuery {
                page: 5,
                size: 100,
                ..first.clone()
            },
        ),
        (
            "token usd",
            SupportedAssetQuery {
                token: "usd".into(),
                ..first.clone()
            },
        ),
        (
            "network 以太坊 + token usd",
            SupportedAssetQuery {
                network: "以太坊".into(),
                token: "usd".into(),
                ..first.clone()
            },
        ),
        (
            "contract 0xa0b8",
            SupportedAssetQuery {
                contract: "0xa0b8".into(),
                ..first.clone()
            },
        ),
        (
            "four flags",
            SupportedAssetQuery {
                warm: Flag::Yes,
                cold: Flag::Yes,
                defi: Flag::No,
                oasis: Flag::No,
                ..first.clone()
            },
        ),
        (
            "nothing matches",
            SupportedAssetQuery {
                token: "zzzz".into(),
                ..first.clone()
            },
        ),
    ];
    let rounds = 5_000u32;
    for (name, query) in &queries {
        let started = Instant::now();
        let mut bytes = 0;
        for _ in 0..rounds {
            let answer = index.answer(black_box(query)).expect("the page exists");
            bytes = serde_json::to_vec(&answer)
                .expect("answers serialize")
                .len();
        }
        let uncached = started.elapsed() / rounds;
        answers.answer(query).expect("the page exists");
        let started = Instant::now();
        for _ in 0..rounds {
            black_box(answers.answer(black_box(query)).expect("the page exists"));
        }
        let cached = started.elapsed() / rounds;
        println!(
            "{uncached:>9.1?} filter + page + JSON   {cached:>8.1?} cached   {bytes:>6} B  {name}"
        );
    }
}
