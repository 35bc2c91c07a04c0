//! The contact form posted without scripts (`POST` to the contact page, urlencoded) through the
//! real router with a real store in a temporary directory: a valid application stored once and
//! answered `303` to its confirmation (found by another instance with the same key, by no other), a repeat stored nothing
//! new, invalid answers shown again with their messages, escaped, in both languages (the
//! refusals and the socket are in `contact_form_refusals.rs`, hostile bodies in
//! `hostile/form_posts.rs`).

use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use custody_applications::secret::Secret;
use custody_content::Lang;
use custody_content::schema::contact::ContactCopy;
use custody_content::schema::form_field::Field;
use custody_site::http::contact::unknown_names;
use custody_site::render::answer_documents::AnswerKind;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::Value;

use crate::common::{Answer, PUBLIC, SITE, as_read, send_to};
use crate::contact::{app_in, records, said};

/// The contact page in `lang`.
pub fn page(lang: Lang) -> String {
    lang.localize("/contact-us")
}

/// The answers of a valid application, as the served form names its fields.
pub fn valid_form(company: &str) -> Vec<(&'static str, String)> {
    [
        ("company", company),
        ("country", "SG"),
        ("businessType", "fund"),
        ("website", "www.acme.example"),
        ("contactPerson", "陈美 Tan"),
        ("email", "mei@Acme.example"),
        ("areaCode", "SG"),
        ("phone", "6123 4567"),
        ("consent", "on"),
        ("fax", ""),
    ]
    .into_iter()
    .map(|(name, value)| (name, value.to_owned()))
    .collect()
}

/// `pairs` as a browser posts them: `application/x-www-form-urlencoded`.
pub fn encoded(pairs: &[(&str, String)]) -> String {
    pairs
        .iter()
        .map(|(name, value)| format!("{name}={}", utf8_percent_encode(value, NON_ALPHANUMERIC)))
        .collect::<Vec<_>>()
        .join("&")
}

/// A browser's post of the form at `target` (the contact page, perhaps with its query) from the
/// site's own page.
pub fn post_form(target: &str, body: String) -> Request<Body> {
    Request::post(target)
        .header("content-type", "application/x-www-form-urlencoded")
        .header("origin", PUBLIC)
        .header("accept-encoding", "br, gzip")
        .header("accept-language", "fr")
        .body(Body::from(body))
        .unwrap()
}

/// The state an answer page carries for the form to hydrate from.
pub fn state_of(answer: &Answer) -> Value {
    let start = r#"<script type="application/json" id="form-answer">"#;
    let json = answer.text.split_once(start).expect("the answer's state").1;
    serde_json::from_str(json.split_once("</script>").unwrap().0).expect("JSON")
}

/// Expects a page of the site in `lang` with every security header, kept by no cache.
pub fn expect_answer_page(answer: &Answer, lang: Lang) {
    assert_eq!(answer.header("content-type"), "text/html; charset=utf-8");
    assert_eq!(answer.header("cache-control"), "private, no-store");
    for name in SITE.security_headers().keys() {
        assert!(answer.headers.contains_key(name), "{name}");
    }
    let html_lang = format!("<html lang=\"{}\"", lang.html_lang());
    assert!(answer.text.starts_with("<!DOCTYPE html>") && answer.text.contains(&html_lang));
    assert!(
        answer
            .text
            .contains(r#"<meta name="robots" content="noindex, nofollow">"#)
    );
}

fn copy(lang: Lang) -> &'static ContactCopy {
    &SITE.content().locale(lang).contact
}

/// The values of every field of the posted form, and the `Location` of an answer: none may
/// appear in an address.
fn expect_no_field_in(location: &str, pairs: &[(&str, String)]) {
    for (name, value) in pairs {
        let encoded = utf8_percent_encode(value, NON_ALPHANUMERIC).to_string();
        if value.len() > 2 {
            assert!(
                !location.contains(value.as_str()) && !location.contains(&encoded),
                "{name} in {location}"
            );
        }
        assert!(
            !location.contains(&format!("{name}=")),
            "{name} in {location}"
        );
    }
}

async fn submit(
    app: &custody_site::http::SiteService,
    target: &str,
    pairs: &[(&str, String)],
) -> Answer {
    send_to(app.clone(), post_form(target, encoded(pairs))).await
}

async fn get(app: &custody_site::http::SiteService, path: &str) -> Answer {
    let request = Request::get(path)
        .header("accept-encoding", "br")
        .body(Body::empty())
        .unwrap();
    send_to(app.clone(), request).await
}

fn stored(log: &Path) -> usize {
    records(log).len()
}

#[tokio::test]
async fn a_posted_application_is_stored_once_and_answered_with_its_confirmation() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    for (lang, n) in [(Lang::En, 1), (Lang::Zh, 2)] {
        let pairs = valid_form(&format!("Acme Digital {lang:?} Pte. Ltd."));
        let target = format!("{}?request=oasis-demo", page(lang));
        let answer = submit(&app, &target, &pairs).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.text);
        assert_eq!(answer.header("cache-control"), "no-store");
        let location = answer.header("location").to_owned();
        expect_no_field_in(&location, &pairs);
        let record = records(&log).pop().expect("stored before the answer");
        assert_eq!(stored(&log), n);
        let confirmation = format!("{}/received/{}.", page(lang), record.id);
        assert!(location.starts_with(&confirmation), "{location}");
        assert_eq!(record.draft.lang, lang.code());
        assert_eq!(record.draft.request.as_deref(), Some("oasis-demo"));
        assert_eq!(
            record.draft.source_page.as_deref(),
            Some(page(lang).as_str())
        );
        assert!(
            record
                .draft
                .idempotency_key
                .as_deref()
                .is_some_and(|key| key.starts_with("content-sha256 "))
        );
        let application = &record.draft.application;
        assert_eq!(application.website, "https://www.acme.example");
        assert_eq!(application.email, "mei@acme.example");
        assert_eq!(application.phone_e164, "+6561234567");
        assert_eq!(application.contact_person, "陈美 Tan");

        let confirmation = get(&app, &location).await;
        assert_eq!(confirmation.status, StatusCode::OK);
        expect_answer_page(&confirmation, lang);
        let text = as_read(&confirmation.text);
        let success = &copy(lang).success;
        for shown in [
            &success.title,
            &success.detail,
            &success.reference,
            &record.id,
        ] {
            assert!(text.contains(shown.as_str()), "{shown}");
        }
        assert!(
            !text.contains("<form"),
            "the confirmation replaces the form"
        );
        assert!(
            !text.contains(&application.company),
            "nothing of the application is shown"
        );
        assert_eq!(state_of(&confirmation)["receipt"]["id"], record.id.as_str());

        // A reload of the confirmation, a second click, back and submit again: the same answer.
        assert_eq!(get(&app, &location).await.status, StatusCode::OK);
        for _ in 0..2 {
            let again = submit(&app, &target, &pairs).await;
            assert_eq!(again.status, StatusCode::SEE_OTHER);
            assert_eq!(again.header("location"), location);
        }
        assert_eq!(stored(&log), n, "a repeat stores nothing");
    }
    assert_eq!(
        copy(Lang::En).success.title,
        "Your application has been submitted"
    );
    assert_eq!(
        copy(Lang::En).success.detail,
        "and account manager will contact you shortly."
    );
}

#[tokio::test]
async fn a_different_application_is_a_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let first = submit(&app, &page(Lang::En), &valid_form("Acme One")).await;
    let mut changed = valid_form("Acme One");
    changed[3].1 = "www.acme-one.example".into();
    let second = submit(&app, &page(Lang::En), &changed).await;
    assert_eq!(
        (first.status, second.status),
        (StatusCode::SEE_OTHER, StatusCode::SEE_OTHER)
    );
    assert_ne!(first.header("location"), second.header("location"));
    assert_eq!(stored(&log), 2);
    // Spacing that validation takes away makes no new application.
    let mut spaced = valid_form("  Acme One ");
    spaced[3].1 = "www.acme-one.example ".into();
    let third = submit(&app, &page(Lang::En), &spaced).await;
    assert_eq!(third.header("location"), second.header("location"));
    assert_eq!(stored(&log), 2);
}

/// A UUID v7 as the store writes one, made `seconds_ago` (its first 48 bits, the millisecond).
fn id_made(seconds_ago: u64) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    let ms = (now.as_secs() - seconds_ago) * 1000;
    format!(
        "{:08x}-{:04x}-7a2b-9d4e-1f2a3b4c5d6e",
        ms >> 16,
        ms & 0xffff
    )
}

/// The router of an instance storing in `dir` with the confirmations' key `key`.
fn instance(dir: &Path, key: &str) -> custody_site::http::SiteService {
    let key = Secret::new(key);
    app_in(dir, |config| config.confirmation_key = key).0
}

#[tokio::test]
async fn a_confirmation_is_shown_only_for_an_application_an_instance_with_the_key_stored() {
    let (shared, other_key) = ("s".repeat(32), "o".repeat(32));
    let dir = tempfile::tempdir().unwrap();
    let app = instance(dir.path(), &shared);
    let location = submit(&app, &page(Lang::En), &valid_form("Acme Confirm")).await;
    let tagged = location.header("location").rsplit('/').next().unwrap();
    let (id, tag) = tagged.split_once('.').unwrap();
    let url_safe = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    assert!(tag.len() == 16 && tag.chars().all(url_safe), "{tagged}");
    let other_language = get(&app, &format!("/zh/contact-us/received/{tagged}")).await;
    assert_eq!(other_language.status, StatusCode::OK);
    assert!(other_language.text.contains(&copy(Lang::Zh).success.title));

    // Behind a balancer, another instance (its own store) sharing the key is asked for it.
    let other = tempfile::tempdir().unwrap();
    let elsewhere = get(
        &instance(other.path(), &shared),
        &format!("/contact-us/received/{tagged}"),
    )
    .await;
    assert_eq!(elsewhere.status, StatusCode::OK);
    let shown = as_read(&elsewhere.text);
    assert!(shown.contains(&copy(Lang::En).success.reference) && shown.contains(id));
    assert_eq!(state_of(&elsewhere)["receipt"]["id"], id);
    assert_eq!(stored(&other.path().join("applications.jsonl")), 0);
    // One with another key, or with a key of its own (none configured), is not.
    let third = tempfile::tempdir().unwrap();
    for stranger in [
        instance(third.path(), &other_key),
        app_in(third.path(), |_| {}).0,
    ] {
        let refused = get(&stranger, &format!("/contact-us/received/{tagged}")).await;
        assert_eq!(refused.status, StatusCode::NOT_FOUND);
    }

    // A forged id (a recent UUID v7 in the store's form), alone or with a borrowed tag, is not.
    let forged = id_made(3_600);
    for path in [
        format!("/contact-us/received/{forged}"),
        format!("/contact-us/received/{forged}.{tag}"),
        format!("/contact-us/received/{id}"),
        format!("/contact-us/received/{id}.{}", "A".repeat(16)),
        format!("/contact-us/received/{}.{tag}", tagged.to_uppercase()),
        "/contact-us/received/%3Cscript%3E".to_owned(),
        format!("/contact-us/received/{tagged}x"),
        format!("/about/received/{tagged}"),
    ] {
        let answer = get(&app, &path).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            !answer.text.contains(&copy(Lang::En).success.title),
            "{path}"
        );
    }
    let head = Request::head(format!("/contact-us/received/{tagged}"))
        .body(Body::empty())
        .unwrap();
    let head = send_to(app.clone(), head).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.raw.is_empty() && head.header("content-length").parse::<usize>().unwrap() > 0);
}

#[tokio::test]
async fn invalid_answers_come_back_with_the_forms_messages_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    for lang in [Lang::En, Lang::Zh] {
        let messages = &copy(lang).message;
        let empty = submit(&app, &page(lang), &[("fax", String::new())]).await;
        assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
        expect_answer_page(&empty, lang);
        let text = as_read(&empty.text);
        for message in [
            said(messages, Field::Company),
            said(messages, Field::Country),
            said(messages, Field::BusinessType),
            said(messages, Field::Website),
            said(messages, Field::ContactPerson),
            said(messages, Field::AreaCode),
            said(messages, Field::Phone),
            said(messages, Field::Email),
            messages.consent.as_str(),
        ] {
            // Beside its field, and in the summary.
            assert_eq!(
                text.matches(&format!(">{message}<")).count(),
                2,
                "{message}"
            );
        }
        assert_eq!(text.matches(r#"aria-invalid="true""#).count(), 9);
        assert!(text.contains(r#"class="contact-summary""#));
        assert_eq!(state_of(&empty)["errors"].as_object().unwrap().len(), 9);

        let hostile = "<script>alert(\"x\")</script>&'";
        let mut pairs = valid_form(hostile);
        pairs[5].1 = format!("{hostile}@acme");
        pairs.retain(|(name, _)| *name != "consent");
        let answer = submit(&app, &page(lang), &pairs).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
        let text = as_read(&answer.text);
        assert!(
            !text.contains("<script>alert"),
            "markup in a value is escaped"
        );
        let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;";
        assert!(
            text.contains(&format!(r#"value="{escaped}""#)),
            "the company is kept"
        );
        assert!(
            text.contains(&format!(r#"value="{escaped}@acme""#)),
            "the email is kept"
        );
        assert!(
            text.contains(r#"<option value="SG" selected>"#),
            "the choices are kept"
        );
        assert!(text.contains(r#"<option value="fund" selected>"#));
        assert!(text.contains(&format!(">{}<", said(messages, Field::Email))));
        assert!(text.contains(&format!(">{}<", messages.consent)));
        assert!(
            !text.contains(&format!(">{}<", said(messages, Field::Company))),
            "the company is fine"
        );
        assert_eq!(text.matches(r#"aria-invalid="true""#).count(), 2);
        assert!(
            !text.contains('\u{E000}') && !text.contains('\u{E002}'),
            "every marker is filled"
        );
        let state = state_of(&answer);
        assert_eq!(state["values"]["company"], hostile);
        assert_eq!(state["values"]["consent"], false);
        assert_eq!(state["errors"]["email"], said(messages, Field::Email));
        assert!(
            answer.text.contains(r"\u003cscript\u003e"),
            "the state is script-safe"
        );
    }
    assert_eq!(stored(&log), 0);
    let english = &copy(Lang::En).message;
    assert_eq!(said(english, Field::Company), "Please input company");
    assert_eq!(said(english, Field::Country), "Please select country");
    assert_eq!(
        said(english, Field::ContactPerson),
        "Please input the contact person"
    );
}

#[tokio::test]
async fn a_filled_honeypot_looks_confirmed_but_is_never_stored() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let mut pairs = valid_form("Robot Ltd");
    pairs[9].1 = "+65 6000 0000".into();
    let answer = submit(&app, &page(Lang::Zh), &pairs).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.text.contains(&copy(Lang::Zh).success.title));
    assert_eq!(stored(&log), 0);
}

#[test]
fn every_place_and_condition_of_the_answer_templates_is_one_an_answer_fills() {
    for lang in [Lang::En, Lang::Zh] {
        for kind in AnswerKind::ALL {
            let template = SITE.answer_documents().template(lang, kind);
            assert!(template.slots().len() > 1, "{lang:?} {kind:?}");
            assert_eq!(
                unknown_names(template),
                Vec::<String>::new(),
                "{lang:?} {kind:?}"
            );
        }
    }
}
