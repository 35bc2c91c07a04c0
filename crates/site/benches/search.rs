//! Search latency over the whole embedded corpus: `cargo bench --bench search`. Prints the mean
//! time per query for a mix of English and Chinese queries: the scan of the index, which the API
//! pays once per query before its answer is cached (crates/site/src/render/search_answers.rs).

use std::hint::black_box;
use std::time::{Duration, Instant};

use custody_content::Lang;
use custody_site::search::Scope;
use custody_site::{ServedSite, SiteSettings};

const QUERIES: [(Scope, Lang, &str); 10] = [
    (Scope::Faq, Lang::En, "lost security key"),
    (Scope::Faq, Lang::En, "withdrawal whitelist approval"),
    (Scope::Faq, Lang::En, "password"),
    (Scope::Faq, Lang::En, "a"),
    (Scope::Faq, Lang::Zh, "安全密钥"),
    (Scope::Faq, Lang::Zh, "白名单 审批"),
    (Scope::Faq, Lang::Zh, "账户"),
    (Scope::Announcements, Lang::En, "maintenance"),
    (Scope::Announcements, Lang::Zh, "代币"),
    (Scope::Faq, Lang::En, "zzyzx nothing matches this"),
];

fn main() {
    let site =
        ServedSite::from_embedded(SiteSettings::default()).expect("the embedded site builds");
    let rounds: u32 = 2_000;
    let mut overall = Duration::ZERO;
    for (scope, lang, query) in QUERIES {
        let started = Instant::now();
        let mut total = 0;
        for _ in 0..rounds {
            total = black_box(
                site.api()
                    .search
                    .index()
                    .search(scope, lang, black_box(query)),
            )
            .map_or(0, |answer| answer.total);
        }
        let elapsed = started.elapsed();
        overall += elapsed;
        println!(
            "{:>8?} per query  {total:>3} results  {lang:?} {scope:?} {query:?}",
            elapsed / rounds
        );
    }
    let mean = overall / (rounds * QUERIES.len() as u32);
    println!("search: mean {mean:?} per query over the whole corpus (budget 1 ms)");
}
