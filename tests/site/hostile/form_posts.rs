//! Hostile posts of the contact form without scripts (`POST /contact-us`, urlencoded), through
//! the router and over a socket (chunked and not): names the form does not have, repeated
//! fields, broken percent-encoding and UTF-8, NUL, control and bidirectional characters, markup,
//! bodies at and past the size limit. Every answer is a page of the form in its language with
//! its own words, or the `303` to a confirmation; nothing gets a 5xx, no markup typed comes back
//! unescaped, and only valid applications are stored, once. (Other media types, methods and
//! paths: `contact_form_refusals.rs`.)

use std::collections::HashSet;

use axum::http::StatusCode;
use custody_content::Lang;
use custody_content::schema::contact::MAX_CHARS;
use custody_site::http::contact::MAX_BODY_BYTES;

use super::report;
use super::wire::Server;
use crate::common::{PUBLIC, SITE, as_read, send_to};
use crate::contact::{app_in, records};
use crate::contact_form::{encoded, expect_answer_page, page, post_form, state_of, valid_form};

/// What a hostile post must get.
#[derive(Debug, Clone, Copy)]
enum Outcome {
    /// 400: the form again, its alert "could not be read".
    Unreadable,
    /// 413: the form again, its alert "too large".
    TooLarge,
    /// 422: the form again, this field's message beside it.
    Field(&'static str),
    /// 303 to a confirmation: stored.
    Stored,
}

/// The markup typed into the form by these cases: it must never come back as markup.
const MARKUP: &str = "<script>alert(1)</script>";

/// A valid form with `name` set to `value` (as typed; the body encodes it).
fn with(name: &str, value: &str) -> String {
    changed(&[(name, value)])
}

/// A valid form with each of `changes` (name, value as typed).
fn changed(changes: &[(&str, &str)]) -> String {
    let mut pairs = valid_form("Acme Hostile Changed");
    for (name, value) in changes {
        let pair = pairs
            .iter_mut()
            .find(|(field, _)| field == name)
            .expect("a field of the form");
        pair.1 = (*value).to_owned();
    }
    encoded(&pairs)
}

/// A valid form with `raw` (already encoded) in place of the pair of `name`.
fn with_raw(name: &str, raw: &str) -> String {
    let pairs: Vec<_> = valid_form("Acme Hostile Raw")
        .into_iter()
        .filter(|(field, _)| *field != name)
        .collect();
    format!("{}&{raw}", encoded(&pairs))
}

fn hostile_form_bodies() -> Vec<(&'static str, String, Outcome)> {
    use Outcome::{Field, Stored, TooLarge, Unreadable};
    let valid = encoded(&valid_form("Acme Hostile"));
    // A valid form padded with spaces (trimmed away) to exactly the largest body read, and to
    // one byte more.
    let padding = MAX_BODY_BYTES - with("company", "Acme Padded").len();
    let padded = with("company", "Acme Padded").replacen(
        "company=Acme",
        &format!("company={}Acme", "+".repeat(padding)),
        1,
    );
    let one_byte_over = padded.replacen("company=", "company=+", 1);
    vec![
        // Shapes a browser never sends.
        ("empty", String::new(), Field("company")),
        ("only separators", "&&&&&&".into(), Field("company")),
        ("a name without a value", "company".into(), Field("company")),
        ("an empty name", format!("{valid}&=x"), Unreadable),
        ("an unknown name", format!("{valid}&admin=1"), Unreadable),
        (
            "a name in brackets",
            format!("{valid}&company[]=x"),
            Unreadable,
        ),
        (
            "a name in capitals",
            with_raw("company", "Company=Acme"),
            Unreadable,
        ),
        (
            "a repeated field",
            format!("{valid}&company=Evil"),
            Unreadable,
        ),
        ("a repeated box", format!("{valid}&consent=on"), Unreadable),
        (
            "a box with another value",
            with_raw("consent", "consent=yes"),
            Unreadable,
        ),
        ("an empty box", with_raw("consent", "consent="), Unreadable),
        ("the language", format!("{valid}&lang=en"), Unreadable),
        (
            "the source page",
            format!("{valid}&sourcePage=/evil"),
            Unreadable,
        ),
        (
            "10,000 unknown names",
            "a=&".repeat(10_000)[..MAX_BODY_BYTES / 2].to_owned(),
            Unreadable,
        ),
        // Broken percent-encoding and UTF-8.
        (
            "invalid UTF-8",
            with_raw("company", "company=%FF%FE"),
            Unreadable,
        ),
        (
            "overlong UTF-8",
            with_raw("company", "company=%C0%AE"),
            Unreadable,
        ),
        (
            "a lone surrogate",
            with_raw("company", "company=%ED%A0%80"),
            Unreadable,
        ),
        (
            "a cut sequence",
            with_raw("company", "company=Acme%E6%89"),
            Unreadable,
        ),
        (
            "invalid UTF-8 in the honeypot",
            with_raw("fax", "fax=%FF"),
            Unreadable,
        ),
        (
            "an unfinished escape",
            with_raw("company", "company=Acme+100%"),
            Stored,
        ),
        (
            "a name percent-encoded",
            with_raw("company", "%63ompany=Acme+Encoded"),
            Stored,
        ),
        // Control and bidirectional characters in answers.
        (
            "NUL in company",
            with("company", "Acme\u{0}"),
            Field("company"),
        ),
        (
            "escape in company",
            with("company", "\u{1b}[31mAcme"),
            Field("company"),
        ),
        (
            "line break in person",
            with("contactPerson", "Tan\r\nWei"),
            Field("contactPerson"),
        ),
        (
            "RLO in person",
            with("contactPerson", "Tan \u{202e}gnim"),
            Field("contactPerson"),
        ),
        (
            "line separator in company",
            with("company", "Acme\u{2028}Corp"),
            Field("company"),
        ),
        (
            "NUL in email",
            with("email", "ops@acme.com\u{0}x"),
            Field("email"),
        ),
        (
            "letters in phone",
            with("phone", "6123 ABCD"),
            Field("phone"),
        ),
        (
            "DEL in website",
            with("website", "acme.com/\u{7f}"),
            Field("website"),
        ),
        (
            "a script website",
            with("website", "javascript:alert(1)"),
            Field("website"),
        ),
        (
            "a port past 65535",
            with("website", "acme.com:123456"),
            Field("website"),
        ),
        (
            "an unknown country",
            with("country", "ZZ"),
            Field("country"),
        ),
        (
            "markup as a country",
            with("country", MARKUP),
            Field("country"),
        ),
        (
            "an unknown business type",
            with("businessType", MARKUP),
            Field("businessType"),
        ),
        (
            "markup as an area code",
            with("areaCode", MARKUP),
            Field("areaCode"),
        ),
        (
            "a company too long",
            with("company", &"托".repeat(MAX_CHARS.company + 1)),
            Field("company"),
        ),
        // Markup and other scripts are text like any other.
        ("markup in company", with("company", MARKUP), Stored),
        (
            "markup kept beside a message",
            changed(&[("contactPerson", "<img src=x>"), ("email", "x")]),
            Field("email"),
        ),
        (
            "emoji and scripts",
            with("company", "🦀 Acme 托管 Кастоди عربي"),
            Stored,
        ),
        (
            "the longest company",
            with("company", &"托".repeat(MAX_CHARS.company)),
            Stored,
        ),
        ("exactly the largest body", padded, Stored),
        // Sizes.
        ("one byte too large", one_byte_over, TooLarge),
        (
            "1 MB company",
            with("company", &"a".repeat(1 << 20)),
            TooLarge,
        ),
    ]
}

/// Checks a page answer of `what` in `lang`: the form's page, no markup typed echoed as markup.
fn expect_form_page(answer: &crate::common::Answer, lang: Lang, what: &str) {
    expect_answer_page(answer, lang);
    assert!(
        !answer.text.contains("<script>alert"),
        "{what}: markup echoed"
    );
    assert!(!answer.text.contains("<img src=x"), "{what}: markup echoed");
    assert!(
        !answer.text.contains('\u{E000}') && !answer.text.contains('\u{E002}'),
        "{what}: every marker of the template is filled"
    );
}

#[tokio::test]
async fn hostile_form_posts_get_the_form_again_in_its_language_and_store_nothing_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let mut sent = 0;
    // A repeat of the same application (the same case in the other language) is answered with
    // the first one's confirmation: one application per id.
    let mut stored = HashSet::new();
    for lang in Lang::ALL {
        let copy = &SITE.content().locale(lang).contact;
        for (name, body, outcome) in hostile_form_bodies() {
            let what = format!("{name} ({})", lang.code());
            let answer = send_to(app.clone(), post_form(&page(lang), body)).await;
            sent += 1;
            assert!(answer.status.as_u16() < 500, "{what}: {}", answer.status);
            let alert = |status: StatusCode, message: &str| {
                assert_eq!(answer.status, status, "{what}");
                expect_form_page(&answer, lang, &what);
                assert_eq!(state_of(&answer)["alert"], message, "{what}");
            };
            match outcome {
                Outcome::Stored => {
                    assert_eq!(
                        answer.status,
                        StatusCode::SEE_OTHER,
                        "{what}: {}",
                        answer.text
                    );
                    let location = answer.header("location");
                    let id = location
                        .strip_prefix(&format!("{}/received/", page(lang)))
                        .and_then(|tagged| tagged.split_once('.'))
                        .map(|(id, _)| id)
                        .unwrap_or_else(|| panic!("{what}: {location}"));
                    assert!(
                        id.len() == 36 && id.chars().all(|c| c == '-' || c.is_ascii_hexdigit()),
                        "{what}: {location}"
                    );
                    stored.insert(id.to_owned());
                }
                Outcome::Unreadable => alert(StatusCode::BAD_REQUEST, &copy.error.unreadable),
                Outcome::TooLarge => alert(StatusCode::PAYLOAD_TOO_LARGE, &copy.error.too_large),
                Outcome::Field(field) => {
                    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{what}");
                    expect_form_page(&answer, lang, &what);
                    let state = state_of(&answer);
                    let message = state["errors"][field].as_str().unwrap_or_default();
                    assert!(!message.is_empty(), "{what}: {}", state["errors"]);
                    assert!(
                        as_read(&answer.text).contains(&format!(">{message}<")),
                        "{what}: the message is beside its field"
                    );
                }
            }
        }
    }
    let records = records(&log);
    assert_eq!(
        records.len(),
        stored.len(),
        "only accepted applications are stored, once"
    );
    for record in &records {
        let application = &record.draft.application;
        for text in [&application.company, &application.contact_person] {
            assert_eq!(text.trim(), text, "stored trimmed");
            assert!(!text.chars().any(char::is_control), "{text:?}");
        }
    }
    report("bodies: the contact form posted without scripts", sent);
}

#[tokio::test]
async fn hostile_form_posts_over_a_socket_are_answered_once() {
    let server = Server::start().await;
    let mut sent = 0;
    for (name, body, outcome) in hostile_form_bodies() {
        for chunked in [false, true] {
            let mut request = format!(
                "POST /zh/contact-us HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nOrigin: {PUBLIC}\r\nConnection: close\r\n"
            )
            .into_bytes();
            if chunked {
                request.extend_from_slice(b"Transfer-Encoding: chunked\r\n\r\n");
                for part in body.as_bytes().chunks(4096) {
                    request.extend_from_slice(format!("{:x}\r\n", part.len()).as_bytes());
                    request.extend_from_slice(part);
                    request.extend_from_slice(b"\r\n");
                }
                request.extend_from_slice(b"0\r\n\r\n");
            } else {
                request.extend_from_slice(
                    format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes(),
                );
                request.extend_from_slice(body.as_bytes());
            }
            let answer = server.exchange(&request).await.only_answer(name.as_bytes());
            let expected = match outcome {
                Outcome::Stored => 303,
                Outcome::Unreadable => 400,
                Outcome::TooLarge => 413,
                Outcome::Field(_) => 422,
            };
            assert_eq!(answer.status, expected, "{name} (chunked: {chunked})");
            sent += 1;
        }
    }
    for record in records(&server.log) {
        let company = &record.draft.application.company;
        assert!(!company.chars().any(char::is_control), "{company:?}");
    }
    report(
        "bodies: the contact form posted without scripts, over a socket",
        sent,
    );
}
