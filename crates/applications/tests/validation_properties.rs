//! Properties of contact validation, checked with `proptest` on generated JSON bodies: every step
//! the site's endpoint runs never panics, and an accepted application is trimmed, bounded, free
//! of control and bidirectional characters and holds valid codes, and a refused one names its
//! fields. The request ids the form knows come from `content/` read from disk: neither the site
//! nor the UI build is needed. The site's other hostile-input properties are in `tests/site/hostile/properties.rs`.

use std::sync::LazyLock;

use custody_applications::accepted::broken_promise;
use custody_applications::application::{Application, Submission};
use custody_content::schema::contact::{BUSINESS_TYPES, ContactCopy};
use custody_content::schema::countries::COUNTRIES;
use custody_content::{Content, Lang};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::Config as ProptestConfig;
use serde_json::{Map, Value, json};

/// Generated bodies per run of the property.
const CASES: u32 = 2048;

/// The site's content, read from `content/` and parsed as the build parses it: the request ids
/// of the form.
static CONTENT: LazyLock<Content> = LazyLock::new(|| {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content");
    let files = custody_content::source::files::read_dir(std::path::Path::new(dir))
        .expect("content/ reads");
    custody_content::load::parse(&files).expect("content/ parses")
});

/// The contact form's copy in `lang`.
fn copy(lang: Lang) -> &'static ContactCopy {
    &CONTENT.locale(lang).contact
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

/// Runs every step the endpoint runs on a body (its request id read with each language's copy).
fn check_submission_bytes(bytes: &[u8]) -> Result<Option<Application>, TestCaseError> {
    let Ok(submission) = serde_json::from_slice::<Submission>(bytes) else {
        return Ok(None);
    };
    let _ = submission.language();
    let _ = submission.is_robot();
    let _ = submission.source_page();
    for lang in Lang::ALL {
        let _ = submission.request(copy(lang));
    }
    match submission.validate() {
        Ok(application) => {
            prop_assert_eq!(broken_promise(&application), None);
            Ok(Some(application))
        }
        Err(problems) => {
            prop_assert!(!problems.is_empty(), "a refusal names its fields");
            Ok(None)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]
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
