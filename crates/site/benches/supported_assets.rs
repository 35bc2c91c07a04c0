//! Cost of one supported-assets query: `cargo bench --bench supported_assets`.
//! Prints, per query, the time to filter and page the list and serialize the answer, and the time
//! of the whole answer made on a cache miss (that, and the answer compressed in every coding).
//! A cached answer costs what a fixed URL's does (`scripts/bench/compare.sh` measures it).

use std::hint::black_box;
use std::time::Instant;

use custody_content::schema::section_items::EntityId;
use custody_content::supported_asset_query::{Flag, SupportedAssetIndex, SupportedAssetQuery};
use custody_site::render::supported_asset_answers::SupportedAssetAnswers;
use custody_site::{ServedSite, SiteSettings};

fn main() {
    let site =
        ServedSite::from_embedded(SiteSettings::default()).expect("the embedded site builds");
    let index = SupportedAssetIndex::new(site.content());
    let answers = SupportedAssetAnswers::new(site.content());
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
        let serialized = started.elapsed() / rounds;
        let compressed_rounds = rounds / 50;
        let started = Instant::now();
        for _ in 0..compressed_rounds {
            black_box(answers.make(black_box(query)).expect("the page exists"));
        }
        let made = started.elapsed() / compressed_rounds;
        println!(
            "{serialized:>9.1?} filter + page + JSON   {made:>9.1?} made and compressed   {bytes:>6} B  {name}"
        );
    }
}
