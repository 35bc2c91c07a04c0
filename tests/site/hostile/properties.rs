//! Properties of the parsers a visitor's input reaches first, checked with `proptest` on
//! generated input: path resolution and redirects, the supported-assets query parser, contact
//! validation and search. Each property states its case count ([`CASES`]).

use std::collections::BTreeSet;

use custody_content::Lang;
use custody_content::asset_query::{AssetQuery, MAX_FILTER_CHARS, PAGE_SIZES, fold};
use custody_content::contact::{BUSINESS_TYPES, MAX_CHARS};
use custody_content::countries::{COUNTRIES, is_country};
use custody_content::section_items::EntityId;
use custody_site::contact::application::{Application, Submission};
use custody_site::http::asset_params;
use custody_site::search::Scope;
use custody_site::site::redirects::Resolution;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{Map, Value, json};

use crate::common::SITE;

/// Generated cases per property, by property.
pub const CASES: [(&str, u32); 9] = [
    ("resolve: arbitrary paths", 4096),
    ("resolve: paths made of routing pieces", 4096),
    (
        "redirects: sources under /zh and /en, trailing slashes",
        1024,
    ),
    ("redirects: pages under /en and with trailing slashes", 1024),
    ("redirects: junk around a source", 2048),
    ("asset query: arbitrary and piecewise queries", 4096),
    ("asset query: valid queries round-trip", 2048),
    ("contact: generated JSON bodies", 2048),
    ("search: arbitrary queries", 2048),
];

fn cases(name: &str) -> ProptestConfig {
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
    let mut pages: Vec<String> = SITE.pages.keys().cloned().collect();
    pages.sort();
    pages
}

fn sources() -> Vec<(String, String)> {
    SITE.content
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
/// this site (one leading `/`, no backslash), a 404 keeps the path's language.
fn check_resolution(path: &str) -> Result<Resolution, TestCaseError> {
    let resolution = SITE.resolver.resolve(path);
    match &resolution {
        Resolution::Page => prop_assert!(SITE.pages.contains_key(path)),
        Resolution::Redirect(target) => {
            prop_assert!(target.starts_with('/'), "{target}");
            prop_assert!(!target.starts_with("//"), "{target}");
            prop_assert!(!target.contains('\\'), "{target}");
            prop_assert!(SITE.pages.contains_key(target), "{target} is a page");
            prop_assert_ne!(target.as_str(), path);
            prop_assert_eq!(SITE.resolver.resolve(target), Resolution::Page);
        }
        Resolution::NotFound { lang, .. } => {
            prop_assert!(!SITE.pages.contains_key(path));
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
        prop_assert_eq!(check_resolution(&path)?, Resolution::Redirect(lang.localize(&to)));
    }
}

proptest! {
    #![proptest_config(cases("redirects: pages under /en and with trailing slashes"))]
    #[test]
    fn pages_redirect_to_their_canonical_path(page in select(pages()), slashes in 1usize..5) {
        let slashed = format!("{page}{}", "/".repeat(slashes));
        prop_assert_eq!(check_resolution(&slashed)?, Resolution::Redirect(page.clone()));
        if Lang::split(&page).0 == Lang::En {
            let prefixed = if page == "/" { "/en".to_owned() } else { format!("/en{page}") };
            prop_assert_eq!(check_resolution(&prefixed)?, Resolution::Redirect(page.clone()));
            prop_assert_eq!(
                check_resolution(&format!("{prefixed}/"))?,
                Resolution::Redirect(page.clone())
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
                Resolution::NotFound { lang: got, .. } => {
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
fn to_query(query: &AssetQuery) -> String {
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
fn check_asset_query(raw: &str) -> Result<(), TestCaseError> {
    for fallback in Lang::ALL {
        match asset_params::parse(raw, fallback) {
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
                    let again = asset_params::parse(&to_query(&query), fallback);
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
                for (name, message) in &errors.fields {
                    prop_assert!(name.chars().count() <= 32);
                    prop_assert!(!message.is_empty());
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases("asset query: arbitrary and piecewise queries"))]
    #[test]
    fn the_asset_query_parser_never_panics_and_bounds_its_report(
        raw in any::<String>(),
        pairs in prop::collection::vec((param_name(), param_value()), 0..20),
    ) {
        check_asset_query(&raw)?;
        let built: Vec<String> = pairs.iter().map(|(n, v)| format!("{n}={v}")).collect();
        check_asset_query(&built.join("&"))?;
    }
}

proptest! {
    #![proptest_config(cases("asset query: valid queries round-trip"))]
    #[test]
    fn valid_asset_queries_are_read_as_written(
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
        let (query, got_lang) = asset_params::parse(&raw, Lang::En).expect("a valid query");
        prop_assert_eq!(got_lang.code(), lang);
        prop_assert_eq!(&query.network, &fold(&filters[0]));
        prop_assert_eq!(&query.token, &fold(&filters[1]));
        prop_assert_eq!(&query.contract, &fold(&filters[2]));
        prop_assert_eq!((query.page, query.size), (page, size));
        prop_assert_eq!(
            [query.warm.as_str(), query.cold.as_str(), query.defi.as_str(), query.oasis.as_str()],
            [flags[0], flags[1], flags[2], flags[3]]
        );
        check_asset_query(&raw)?;
    }
}

/// Text for a free-text answer: plausible, padded, or hostile.
fn answer_text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[ \t]{0,2}[A-Za-z0-9 .,&'()\\-]{1,30}[ \t]{0,2}",
        2 => "[\\PC]{0,40}",
        1 => "[\u{0}-\u{1f}\u{7f}-\u{9f}\u{200b}-\u{200f}\u{2028}-\u{202e}\u{2066}-\u{2069}\u{feff} a-zİΣ]{0,12}",
        1 => any::<String>().prop_map(|s| s.chars().take(300).collect()),
        1 => (190usize..260).prop_map(|n| "字".repeat(n)),
    ]
}

/// A value of any JSON type, to put where a string belongs.
fn wrong_type() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        Just(json!([])),
        Just(json!({"$ne": null})),
        Just(json!(["a", 1, null])),
    ]
}

/// A plausible answer for a free-text field, trimmed or not.
fn plausible_text() -> impl Strategy<Value = String> {
    "[ \t]{0,2}[A-Za-z0-9托管李 .,&'()\\-]{0,30}[A-Za-z托管李][ \t]{0,2}"
}

/// A contact body as JSON: each field mostly plausible, so that many bodies are accepted, and
/// otherwise hostile text, a value of the wrong type, or missing; sometimes an unknown field.
fn submission_json() -> impl Strategy<Value = Value> {
    fn field(
        plausible: impl Strategy<Value = Value> + 'static,
    ) -> impl Strategy<Value = Option<Value>> {
        prop_oneof![
            24 => plausible.prop_map(Some),
            1 => answer_text().prop_map(|t| Some(Value::from(t))),
            1 => wrong_type().prop_map(Some),
            1 => Just(None),
        ]
    }
    let text = |strategy: BoxedStrategy<String>| strategy.prop_map(Value::from);
    let lang = field(select(vec!["en", "zh"]).prop_map(Value::from));
    let company = field(text(plausible_text().boxed()));
    let country = field(prop_oneof![
        4 => select(vec!["SG", "HK", "CN", "US", "GB"]).prop_map(Value::from),
        1 => select(COUNTRIES.to_vec()).prop_map(|c| Value::from(format!(" {} ", c.to_lowercase()))),
    ]);
    let business = field(select(BUSINESS_TYPES.to_vec()).prop_map(Value::from));
    let website = field(text(
        "((https?|HTTP)://)?[a-z0-9\\-]{1,12}[a-z0-9]\\.[a-zİ]{2,6}(:[0-9]{1,5})?(/[\\PC]{0,12})?"
            .boxed(),
    ));
    let person = field(text(plausible_text().boxed()));
    let area = field(prop_oneof![6 => Just(Value::from("SG")), 1 => Just(Value::from(" sg "))]);
    let phone = field(text("[89][0-9]{3} ?[0-9]{4}".boxed()));
    // Addresses of every shape, and long ones whose domain changes length when lower-cased
    // (`İ` becomes `i̇`): what is stored must stay within the limit.
    let email = field(text(
        prop_oneof![
            6 => "[a-zA-Z0-9_+]{1,20}@[a-zA-Z0-9İ]{1,12}\\.(com|sg|COM|中国|xn--fiqs8s)",
            1 => "[a-z]{40,64}@İ{40,60}\\.İ{40,60}\\.com",
        ]
        .boxed(),
    ));
    let consent = field(Just(json!(true)));
    let request = field(select(vec![Value::Null, json!("oasis-demo"), json!("")]));
    let source = field(Just(json!("/contact-us")));
    let fax = prop_oneof![12 => Just(Some(json!(""))), 1 => Just(None), 1 => answer_text().prop_map(|t| Some(Value::from(t)))];
    (
        (lang, company, country, business, website, person, area),
        (phone, email, consent, request, source, fax),
        prop::bool::weighted(0.02),
    )
        .prop_map(
            |(
                (lang, company, country, business, website, person, area),
                (phone, email, consent, request, source, fax),
                unknown,
            )| {
                let names = [
                    "lang",
                    "company",
                    "country",
                    "businessType",
                    "website",
                    "contactPerson",
                    "areaCode",
                    "phone",
                    "email",
                    "consent",
                    "request",
                    "sourcePage",
                    "fax",
                ];
                let values = [
                    lang, company, country, business, website, person, area, phone, email, consent,
                    request, source, fax,
                ];
                let mut body = Map::new();
                for (name, value) in names.iter().zip(values) {
                    if let Some(value) = value {
                        body.insert((*name).to_owned(), value);
                    }
                }
                if unknown {
                    body.insert("admin".into(), json!(true));
                }
                Value::Object(body)
            },
        )
}

/// Characters an accepted answer never holds: control characters, line and paragraph
/// separators, bidirectional embeddings, overrides and isolates.
fn forbidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Checks an accepted application: trimmed, bounded, free of control characters, codes valid.
fn check_application(application: &Application) -> Result<(), TestCaseError> {
    let texts = [
        ("company", &application.company, MAX_CHARS.company),
        (
            "contactPerson",
            &application.contact_person,
            MAX_CHARS.contact_person,
        ),
        ("phone", &application.phone, MAX_CHARS.phone),
        ("email", &application.email, MAX_CHARS.email),
        // The website gains its scheme when none was typed.
        (
            "website",
            &application.website,
            MAX_CHARS.website + "https://".len(),
        ),
    ];
    for (field, text, limit) in texts {
        prop_assert_eq!(text.trim(), text.as_str(), "{} is trimmed", field);
        prop_assert!(!text.chars().any(forbidden), "{field}: {text:?}");
        prop_assert!(
            text.chars().count() <= limit,
            "{field}: {} characters",
            text.chars().count()
        );
    }
    prop_assert!(!application.company.is_empty() && !application.contact_person.is_empty());
    prop_assert!(is_country(&application.country));
    prop_assert!(BUSINESS_TYPES.contains(&application.business_type.as_str()));
    prop_assert!(is_country(&application.area_code));
    prop_assert!(application.calling_code.starts_with('+'));
    let digits = &application.phone_e164[1..];
    prop_assert!(
        application.phone_e164.starts_with('+') && digits.bytes().all(|b| b.is_ascii_digit())
    );
    prop_assert!(
        application
            .phone_e164
            .starts_with(&application.calling_code)
    );
    prop_assert!(application.website.is_empty() || application.website.starts_with("http"));
    prop_assert!(application.email.contains('@'));
    prop_assert!(application.consent);
    Ok(())
}

/// Runs every step the endpoint runs on a body, in both languages.
fn check_submission_bytes(bytes: &[u8]) -> Result<Option<Application>, TestCaseError> {
    let Ok(submission) = serde_json::from_slice::<Submission>(bytes) else {
        return Ok(None);
    };
    let _ = submission.language();
    let _ = submission.is_robot();
    let _ = submission.source_page();
    let mut accepted = None;
    for lang in Lang::ALL {
        let copy = &SITE.content.locale(lang).contact;
        let _ = submission.request(copy);
        match submission.validate(copy) {
            Ok(application) => {
                check_application(&application)?;
                if let Some(previous) = &accepted {
                    prop_assert_eq!(previous, &application, "the language changes only messages");
                }
                accepted = Some(application);
            }
            Err(fields) => {
                prop_assert!(accepted.is_none(), "accepted in one language only");
                let known: BTreeSet<&str> = [
                    "company",
                    "country",
                    "businessType",
                    "website",
                    "contactPerson",
                    "areaCode",
                    "phone",
                    "email",
                    "consent",
                ]
                .into();
                for (field, message) in &fields {
                    prop_assert!(known.contains(field.as_str()), "{field}");
                    prop_assert!(!message.is_empty());
                }
            }
        }
    }
    Ok(accepted)
}

proptest! {
    #![proptest_config(cases("contact: generated JSON bodies"))]
    #[test]
    fn contact_validation_never_panics_and_accepts_only_clean_fields(
        body in submission_json(),
        bytes in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        check_submission_bytes(body.to_string().as_bytes())?;
        check_submission_bytes(&bytes)?;
    }
}

#[test]
fn the_generated_bodies_reach_acceptance() {
    // The generator is worth little if it never produces an accepted application.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = submission_json();
    let accepted = (0..500)
        .filter(|_| {
            let body = strategy.new_tree(&mut runner).unwrap().current();
            matches!(
                check_submission_bytes(body.to_string().as_bytes()),
                Ok(Some(_))
            )
        })
        .count();
    println!("hostile inputs: generated contact bodies accepted: {accepted} of 500");
    assert!(
        accepted >= 25,
        "only {accepted} of 500 generated bodies were accepted"
    );
}

proptest! {
    #![proptest_config(cases("search: arbitrary queries"))]
    #[test]
    fn search_never_panics_and_bounds_its_answer(
        query in prop_oneof![any::<String>(), "[\\PC]{0,120}", "[a-z托管 ]{0,40}"],
    ) {
        for scope in [Scope::Faq, Scope::Announcements] {
            for lang in Lang::ALL {
                match SITE.search.index().search(scope, lang, &query) {
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
