//! Refusals of the contact form posted without scripts, each a page of the form in the form's
//! language with the form's own words (never JSON, never a 5xx): another origin, the rate limit
//! (the answers kept), a body too large, another media type, a body the form never sends; other
//! methods and paths (hostile bodies are in `hostile/form_posts.rs`); and the whole journey over
//! a real socket, where no request or answer carries a field in an address.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, Request, StatusCode};
use custody_applications::{ContactConfig, ContactDesk};
use custody_content::Lang;
use custody_site::http;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::common::{PUBLIC, SITE, as_read, edge_config, send_to};
use crate::contact::{app_in, records};
use crate::contact_form::{encoded, expect_answer_page, page, post_form, state_of, valid_form};

fn alert_in(text: &str, message: &str) -> bool {
    as_read(text).contains(&format!(
        r#"<div role="alert" class="contact-form__alert">{message}</div>"#
    ))
}

#[tokio::test]
async fn refusals_are_pages_of_the_form_in_its_language() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let valid = encoded(&valid_form("Acme Refused"));
    for lang in [Lang::En, Lang::Zh] {
        let errors = &SITE.content().locale(lang).contact.error;
        let from = |origin: &str| {
            Request::post(page(lang))
                .header("content-type", "application/x-www-form-urlencoded")
                .header("origin", origin)
                .body(Body::from(valid.clone()))
                .unwrap()
        };
        let refusals = [
            (
                from("https://evil.example"),
                StatusCode::FORBIDDEN,
                &errors.forbidden,
            ),
            (from("null"), StatusCode::FORBIDDEN, &errors.forbidden),
            (
                post_form(&page(lang), format!("company={}", "x".repeat(20_000))),
                StatusCode::PAYLOAD_TOO_LARGE,
                &errors.too_large,
            ),
            (
                Request::post(page(lang))
                    .header("content-type", "multipart/form-data; boundary=x")
                    .header("origin", PUBLIC)
                    .body(Body::from(valid.clone()))
                    .unwrap(),
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                &errors.unreadable,
            ),
            (
                post_form(&page(lang), format!("{valid}&lang=en")),
                StatusCode::BAD_REQUEST,
                &errors.unreadable,
            ),
            (
                post_form(&page(lang), "company=%FF".to_owned()),
                StatusCode::BAD_REQUEST,
                &errors.unreadable,
            ),
        ];
        for (request, status, message) in refusals {
            let answer = send_to(app.clone(), request).await;
            assert_eq!(answer.status, status, "{message}");
            expect_answer_page(&answer, lang);
            assert!(alert_in(&answer.text, message), "{status}: {message}");
            assert_eq!(state_of(&answer)["alert"], message.as_str());
        }
    }
    assert!(records(&log).is_empty());
}

#[tokio::test]
async fn the_rate_limit_keeps_the_answers_for_later() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |config| config.rate_limit_per_minute = 1);
    let from = |company: &str| {
        let mut request = post_form(&page(Lang::Zh), encoded(&valid_form(company)));
        let peer: SocketAddr = "198.51.100.7:40000".parse().unwrap();
        request.extensions_mut().insert(ConnectInfo(peer));
        request
    };
    assert_eq!(
        send_to(app.clone(), from("Acme First")).await.status,
        StatusCode::SEE_OTHER
    );
    let limited = send_to(app.clone(), from("Acme Second")).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = limited.header("retry-after").parse().unwrap();
    assert!((1..=60).contains(&wait), "Retry-After {wait}");
    expect_answer_page(&limited, Lang::Zh);
    let rate_limited = &SITE.content().locale(Lang::Zh).contact.error.rate_limited;
    assert!(alert_in(&limited.text, rate_limited));
    assert!(
        limited.text.contains(r#"value="Acme Second""#),
        "the answers are kept"
    );
    assert_eq!(records(&log).len(), 1);
}

#[tokio::test]
/// Media types the form may be posted in (any case, with parameters) and others; methods and
/// paths around the page's: never a 5xx, never markup echoed.
async fn other_media_types_methods_and_paths_never_get_a_5xx() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let valid = encoded(&valid_form("Acme Types"));
    let unreadable = &SITE.content().locale(Lang::Zh).contact.error.unreadable;
    for (media, accepted) in [
        (
            Some("application/x-www-form-urlencoded;charset=UTF-8"),
            true,
        ),
        (Some("APPLICATION/X-WWW-FORM-URLENCODED"), true),
        (Some("application/x-www-form-urlencodedx"), false),
        (Some("text/plain"), false),
        (Some("application/json"), false),
        (Some("multipart/form-data; boundary=x"), false),
        (Some(""), false),
        (None, false),
    ] {
        let mut request = Request::post(page(Lang::Zh)).header("origin", PUBLIC);
        if let Some(media) = media {
            request = request.header("content-type", media);
        }
        let answer = send_to(
            app.clone(),
            request.body(Body::from(valid.clone())).unwrap(),
        )
        .await;
        if accepted {
            assert_eq!(answer.status, StatusCode::SEE_OTHER, "{media:?}");
        } else {
            assert_eq!(
                answer.status,
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "{media:?}"
            );
            expect_answer_page(&answer, Lang::Zh);
            assert_eq!(state_of(&answer)["alert"], unreadable.as_str());
        }
    }
    // The same valid form, deduplicated: the two accepted posts are one application.
    assert_eq!(records(&log).len(), 1);

    for (method, path) in [
        (Method::PUT, "/contact-us"),
        (Method::DELETE, "/zh/contact-us"),
        (Method::PATCH, "/contact-us"),
        (Method::POST, "/contact-us/"),
        (Method::POST, "/en/contact-us"),
        (Method::POST, "/contact-us/received/x"),
        (Method::POST, "/contact-us?request=%3Cscript%3E"),
        (Method::POST, "/contact-us?request=oasis-demo&request=x"),
        (Method::POST, "/contact-us%00"),
        (Method::POST, "/zh/contact-us/../contact-us"),
    ] {
        let request = Request::builder()
            .method(method.clone())
            .uri(path)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("origin", PUBLIC)
            .body(Body::from(valid.clone()))
            .unwrap();
        let answer = send_to(app.clone(), request).await;
        assert!(
            answer.status.as_u16() < 500,
            "{method} {path}: {}",
            answer.status
        );
        assert!(!answer.text.contains("<script>"), "{method} {path}");
        if answer.status == StatusCode::METHOD_NOT_ALLOWED {
            assert!(
                answer.header("allow").starts_with("GET, HEAD"),
                "{method} {path}"
            );
        }
    }
    let records = records(&log);
    assert!(
        records
            .iter()
            .all(|record| record.draft.request.as_deref() != Some("<script>")),
        "a request the page does not know is not kept"
    );
}

/// The site on a free loopback port, its applications logged in `dir`.
async fn serve(dir: &std::path::Path) -> SocketAddr {
    let config = ContactConfig {
        log: dir.join("applications.jsonl"),
        rate_limit_per_minute: 0,
        ..ContactConfig::default()
    };
    let app = http::app(SITE.clone(), Arc::new(ContactDesk::open(&config)));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let edge = edge_config();
    tokio::spawn(async move {
        custody_edge::serve_app(app, &edge, listener, std::future::pending()).await
    });
    addr
}

/// Sends `request` on a connection of its own that closes after the answer, and reads the answer
/// to the end: its status, `Location` and body.
async fn exchange(addr: SocketAddr, request: String) -> (u16, Option<String>, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut received = Vec::new();
    stream.read_to_end(&mut received).await.unwrap();
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut response = httparse::Response::new(&mut headers);
    let httparse::Status::Complete(length) = response.parse(&received).unwrap() else {
        panic!("a complete answer");
    };
    let location = response
        .headers
        .iter()
        .find(|header| header.name.eq_ignore_ascii_case("location"))
        .map(|header| String::from_utf8_lossy(header.value).into_owned());
    let body = String::from_utf8_lossy(&received[length..]).into_owned();
    (response.code.unwrap(), location, body)
}

#[tokio::test]
async fn over_a_socket_an_application_is_stored_once_and_no_address_carries_a_field() {
    let dir = tempfile::tempdir().unwrap();
    let addr = serve(dir.path()).await;
    let pairs = valid_form("Acme Socket & Co");
    let body = encoded(&pairs);
    let post = format!(
        "POST /contact-us HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut addresses = vec!["/contact-us".to_owned()];
    let (status, location, _) = exchange(addr, post.clone()).await;
    assert_eq!(status, 303);
    let location = location.expect("a Location");
    addresses.push(location.clone());
    let get = format!("GET {location} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let (status, _, page) = exchange(addr, get).await;
    assert_eq!(status, 200);
    assert!(page.contains(&SITE.content().locale(Lang::En).contact.success.title));
    let (status, again, _) = exchange(addr, post).await;
    assert_eq!((status, again.as_deref()), (303, Some(location.as_str())));
    let log = dir.path().join("applications.jsonl");
    assert_eq!(records(&log).len(), 1);
    assert_eq!(
        records(&log)[0].draft.application.company,
        "Acme Socket & Co"
    );
    for address in addresses {
        for (name, value) in &pairs {
            assert!(!address.contains(&format!("{name}=")), "{address}");
            assert!(
                value.len() < 3 || !address.contains(value.as_str()),
                "{address}"
            );
        }
    }
}
