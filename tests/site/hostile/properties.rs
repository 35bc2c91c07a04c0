//! Properties of the parsers a visitor's input reaches first, checked with `proptest` on
//! generated input: path resolution and redirects, the supported-assets query parser and search
//! (contact validation's are the applications crate's: `crates/applications/tests/validation_properties.rs`).
//! Each property states its case count
//! ([`CASES`]).

use custody_content::Lang;
use custody_content::schema::section_items::EntityId;
use custody_content::supported_asset_query::{
    MAX_FILTER_CHARS, PAGE_SIZES, SupportedAssetQuery, fold,
};
use custody_site::http::supported_asset_params;
use custody_site::resolver::{Missing, Resolution};
use custody_site::search::Scope;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use proptest::prelude::*;
use proptest::sample::select;

use crate::common::SITE;

/// Generated cases per property, by property.
pub const CASES: [(&str, u32); 8] = [
    ("resolve: arbitrary paths", 4096),
    ("resolve: paths made of routing pieces", 4096),
    (
        "redirects: sources under /zh and /en, trailing slashes",
        1024,
    ),
    ("redirects: pages under /en and with trailing slashes", 1024),
    ("redirects: junk around a source", 2048),
    (
        "supported-asset query: arbitrary and piecewise queries",
        4096,
    ),
    ("supported-asset query: valid queries round-trip", 2048),
    ("search: arbitrary queries", 2048),
];

/// The `proptest` configuration of the property `name` of [`CASES`].
pub(super) fn cases(name: &str) -> ProptestConfig {
    let (_, cases) = CASES
        .iter()
        .find(|(property, _)| *property == name)
        .expect("a property of CASES");
    ProptestConfig {
        cases: *cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn pages() -> Vec<String> {
    let mut pages: Vec<String> = SITE.pages().paths().cloned().collect();
    pages.sort();
    pages
}

fn sources() -> Vec<(String, String)> {
    SITE.content()
        .redirects
        .iter()
        .map(|r| (r.from.clone(), r.to.clone()))
        .collect()
}

/// Pieces a path is made of, hostile ones included.
fn path_piece() -> impl Strategy<Value = String> {
    let fixed = select(vec![
        "/",
        "//",
        "zh",
        "en",
        "/zh",
        "/en",
        "..",
        ".",
        "%2f",
        "%2F",
        "%5c",
        "\\",
        "evil.example",
        "%00",
        "%c0%ae",
        "%e0%80%af",
        "%",
        "%zz",
        "faq",
        "announcements",
        "about",
        "?",
        "#",
        " ",
        "\u{202e}",
        "托管",
        "\u{0}",
    ])
    .prop_map(str::to_owned);
    prop_oneof![
        4 => fixed,
        2 => select(pages()),
        2 => select(sources()).prop_map(|(from, _)| from),
        1 => "\\PC{0,6}",
        1 => any::<String>().prop_map(|s| s.chars().take(6).collect()),
    ]
}

/// Checks what resolving `path` gave: pages are pages, redirects lead in one step to a page of
/// this site or one of its sections (one leading `/`, no backslash), a 404 keeps the path's
/// language.
fn check_resolution(path: &str) -> Result<Resolution<'static>, TestCaseError> {
    let resolution = SITE.pages().resolver.resolve(path);
    match &resolution {
        Resolution::Page => prop_assert!(SITE.pages().contains(path)),
        Resolution::Redirect(target) => {
            prop_assert!(target.starts_with('/'), "{target}");
            prop_assert!(!target.starts_with("//"), "{target}");
            prop_assert!(!target.contains('\\'), "{target}");
            // A redirect may lead to a section of a page (`/entities#fees-flexible`).
            let page = target.split_once('#').map_or(*target, |(page, _)| page);
            prop_assert!(SITE.pages().contains(page), "{target} is a page");
            prop_assert_ne!(*target, path);
            prop_assert_eq!(SITE.pages().resolver.resolve(page), Resolution::Page);
        }
        Resolution::NotFound(Missing { lang, .. }) => {
            prop_assert!(!SITE.pages().contains(path));
            prop_assert_eq!(*lang, Lang::split(path).0);
        }
    }
    Ok(resolution)
}

proptest! {
    #![proptest_config(cases("resolve: arbitrary paths"))]
    #[test]
    fn resolving_any_text_never_panics_and_stays_on_the_site(path in any::<String>()) {
        check_resolution(&path)?;
        check_resolution(&format!("/{path}"))?;
    }
}

proptest! {
    #![proptest_config(cases("resolve: paths made of routing pieces"))]
    #[test]
    fn resolving_routing_pieces_stays_on_the_site(pieces in prop::collection::vec(path_piece(), 0..10)) {
        check_resolution(&pieces.concat())?;
        check_resolution(&format!("/{}", pieces.join("/")))?;
    }
}

proptest! {
    #![proptest_config(cases("redirects: sources under /zh and /en, trailing slashes"))]
    #[test]
    fn redirect_sources_keep_their_language(
        (from, to) in select(sources()),
        prefix in select(vec!["", "/zh", "/en", "/en/zh"]),
        slashes in 0usize..4,
    ) {
        let path = format!("{prefix}/{from}{}", "/".repeat(slashes));
        let lang = if prefix.ends_with("zh") { Lang::Zh } else { Lang::En };
        prop_assert_eq!(check_resolution(&path)?, Resolution::Redirect(&lang.localize(&to)));
    }
}

proptest! {
    #![proptest_config(cases("redirects: pages under /en and with trailing slashes"))]
    #[test]
    fn pages_redirect_to_their_canonical_path(page in select(pages()), slashes in 1usize..5) {
        let slashed = format!("{page}{}", "/".repeat(slashes));
        prop_assert_eq!(check_resolution(&slashed)?, Resolution::Redirect(&page));
        if Lang::split(&page).0 == Lang::En {
            let prefixed = if page == "/" { "/en".to_owned() } else { format!("/en{page}") };
            prop_assert_eq!(check_resolution(&prefixed)?, Resolution::Redirect(&page));
            prop_assert_eq!(
                check_resolution(&format!("{prefixed}/"))?,
                Resolution::Redirect(&page)
            );
        }
    }
}

proptest! {
    #![proptest_config(cases("redirects: junk around a source"))]
    #[test]
    fn junk_around_a_redirect_source_is_not_found(
        (from, _) in select(sources()),
        prefix in select(vec!["", "/zh", "/en"]),
        junk in "[%\\\\.~!$:@ ]{1,6}(evil\\.example)?",
        evil in select(vec!["//evil.example", "/\\evil.example", "/%5cevil.example", "/%2f%2fevil.example"]),
    ) {
        let lang = if prefix == "/zh" { Lang::Zh } else { Lang::En };
        for path in [
            format!("{prefix}/{from}/{junk}"),
            format!("{prefix}/{from}{junk}"),
            format!("{prefix}/{from}{evil}"),
            format!("{prefix}{evil}/{from}"),
            format!("{evil}{prefix}/{from}"),
        ] {
            match check_resolution(&path)? {
                Resolution::NotFound(Missing { lang: got, .. }) => {
                    let expected = if path.starts_with(evil) { Lang::En } else { lang };
                    prop_assert_eq!(got, expected, "{}", path);
                }
                other => prop_assert!(false, "{path}: {other:?}"),
            }
        }
    }
}

/// Query values of every kind: valid ones, near misses and arbitrary text, raw or encoded.
fn param_value() -> impl Strategy<Value = String> {
    let valid = select(vec![
        "sg",
        "hk",
        "all",
        "yes",
        "no",
        "en",
        "zh",
        "1",
        "2",
        "10",
        "20",
        "50",
        "100",
        "eth",
        "USDT",
        "0xA0b8",
        "以太坊",
    ])
    .prop_map(str::to_owned);
    prop_oneof![
        3 => valid,
        2 => "\\PC{0,12}".prop_map(|v| utf8_percent_encode(&v, NON_ALPHANUMERIC).to_string()),
        2 => "[%0-9a-fA-F+=&zZ]{0,12}",
        1 => any::<String>().prop_map(|s| s.chars().take(16).collect()),
        1 => (0usize..3).prop_map(|n| "x".repeat(99 + n)),
    ]
}

fn param_name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => select(vec![
            "entity", "network", "token", "contract", "warm", "cold", "defi", "oasis", "page",
            "size", "lang",
        ]).prop_map(str::to_owned),
        1 => "[a-z%0-9+]{0,8}",
        1 => any::<String>().prop_map(|s| s.chars().take(40).collect()),
    ]
}

/// A query string for an accepted query: `fold`ed filters are re-encoded as they are.
fn to_query(query: &SupportedAssetQuery) -> String {
    let encode = |text: &str| utf8_percent_encode(text, NON_ALPHANUMERIC).to_string();
    let entity = match query.entity {
        EntityId::Sg => "sg",
        EntityId::Hk => "hk",
    };
    format!(
        "entity={entity}&network={}&token={}&contract={}&warm={}&cold={}&defi={}&oasis={}&page={}&size={}",
        encode(&query.network),
        encode(&query.token),
        encode(&query.contract),
        query.warm.as_str(),
        query.cold.as_str(),
        query.defi.as_str(),
        query.oasis.as_str(),
        query.page,
        query.size,
    )
}

/// Checks one parse of the supported-assets parser.
fn check_supported_asset_query(raw: &str) -> Result<(), TestCaseError> {
    for fallback in Lang::ALL {
        match supported_asset_params::parse(raw, fallback) {
            Ok((query, _)) => {
                prop_assert!(PAGE_SIZES.contains(&query.size));
                prop_assert!((1..=1_000_000).contains(&query.page));
                for filter in [&query.network, &query.token, &query.contract] {
                    prop_assert_eq!(&fold(filter), filter, "filters are kept folded");
                    prop_assert!(!filter.chars().any(char::is_control));
                }
                // An accepted query, written out again, is read back as the same query (the
                // parser bounds what was typed; folding may lengthen it, as `İ` becomes `i̇`).
                let within = [&query.network, &query.token, &query.contract]
                    .iter()
                    .all(|f| f.chars().count() <= MAX_FILTER_CHARS);
                if within {
                    let again = supported_asset_params::parse(&to_query(&query), fallback);
                    prop_assert_eq!(again.map(|(q, _)| q), Ok(query));
                }
            }
            Err(errors) => {
                prop_assert!(!errors.fields.is_empty());
                prop_assert!(
                    errors.fields.len() <= 12,
                    "{} problems",
                    errors.fields.len()
                );
                for (name, message) in &errors.messages(SITE.content()) {
                    prop_assert!(name.chars().count() <= 32);
                    prop_assert!(!message.is_empty());
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases("supported-asset query: arbitrary and piecewise queries"))]
    #[test]
    fn the_supported_asset_query_parser_never_panics_and_bounds_its_report(
        raw in any::<String>(),
        pairs in prop::collection::vec((param_name(), param_value()), 0..20),
    ) {
        check_supported_asset_query(&raw)?;
        let built: Vec<String> = pairs.iter().map(|(n, v)| format!("{n}={v}")).collect();
        check_supported_asset_query(&built.join("&"))?;
    }
}

proptest! {
    #![proptest_config(cases("supported-asset query: valid queries round-trip"))]
    #[test]
    fn valid_supported_asset_queries_are_read_as_written(
        entity in select(vec!["sg", "hk"]),
        filters in prop::collection::vec("[\\PC&&[^\\p{Cc}]]{0,30}", 3),
        flags in prop::collection::vec(select(vec!["all", "yes", "no"]), 4),
        page in 1usize..=1_000_000,
        size in select(PAGE_SIZES.to_vec()),
        lang in select(vec!["en", "zh"]),
    ) {
        let encode = |text: &str| utf8_percent_encode(text, NON_ALPHANUMERIC).to_string();
        let raw = format!(
            "entity={entity}&network={}&token={}&contract={}&warm={}&cold={}&defi={}&oasis={}&page={page}&size={size}&lang={lang}",
            encode(&filters[0]), encode(&filters[1]), encode(&filters[2]),
            flags[0], flags[1], flags[2], flags[3],
        );
        let (query, got_lang) = supported_asset_params::parse(&raw, Lang::En).expect("a valid query");
        prop_assert_eq!(got_lang.code(), lang);
        prop_assert_eq!(&query.network, &fold(&filters[0]));
        prop_assert_eq!(&query.token, &fold(&filters[1]));
        prop_assert_eq!(&query.contract, &fold(&filters[2]));
        prop_assert_eq!((query.page, query.size), (page, size));
        prop_assert_eq!(
            [query.warm.as_str(), query.cold.as_str(), query.defi.as_str(), query.oasis.as_str()],
            [flags[0], flags[1], flags[2], flags[3]]
        );
        check_supported_asset_query(&raw)?;
    }
}

proptest! {
    #![proptest_config(cases("search: arbitrary queries"))]
    #[test]
    fn search_never_panics_and_bounds_its_answer(
        query in prop_oneof![any::<String>(), "[\\PC]{0,120}", "[a-z托管 ]{0,40}"],
    ) {
        for scope in [Scope::Faq, Scope::Announcements] {
            for lang in Lang::ALL {
                match SITE.api().search.index().search(scope, lang, &query) {
                    Ok(answer) => {
                        prop_assert_eq!(answer.query.as_str(), query.trim());
                        prop_assert!(answer.results.len() <= 50);
                        prop_assert!(answer.total >= answer.results.len());
                    }
                    Err(_) => prop_assert!(query.trim().chars().count() > 100),
                }
            }
        }
    }
}
