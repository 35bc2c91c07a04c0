//! `POST /api/contact` refusals through the real router with a real store in a temporary
//! directory: the refusals before the body is read (415, 413, 403, 405), unreadable bodies (400),
//! and the rate limit per network (429), with the proxy header naming the client.

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use custody_content::Lang;
use serde_json::json;

use crate::common::{PUBLIC, SITE, send_to};
use crate::contact::{app_in, json_of, post, records, valid};

#[tokio::test]
async fn refusals_before_the_body_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let body = valid("en").to_string();
    let errors = &SITE.content().locale(Lang::Zh).contact.error;

    let form = Request::post("/api/contact")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("origin", PUBLIC)
        .header("accept-language", "zh")
        .body(Body::from("company=Acme"))
        .unwrap();
    let answer = send_to(app.clone(), form).await;
    assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        json_of(&answer)["error"]["message"],
        errors.not_json.as_str()
    );

    let padding = "x".repeat(20_000);
    let mut huge = valid("en");
    huge["company"] = json!(padding);
    let answer = send_to(
        app.clone(),
        post().body(Body::from(huge.to_string())).unwrap(),
    )
    .await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    let streamed =
        futures_util::stream::iter((0..40).map(|_| Ok::<_, std::io::Error>(vec![b' '; 1024])));
    let answer = send_to(
        app.clone(),
        Request::post("/api/contact")
            .header("content-type", "application/json; charset=utf-8")
            .header("origin", PUBLIC)
            .body(Body::from_stream(streamed))
            .unwrap(),
    )
    .await;
    assert_eq!(
        answer.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "no Content-Length"
    );

    for (name, value) in [
        ("origin", "https://evil.example"),
        ("origin", "null"),
        ("sec-fetch-site", "cross-site"),
    ] {
        let request = Request::post("/api/contact")
            .header("content-type", "application/json")
            .header(name, value)
            .body(Body::from(body.clone()))
            .unwrap();
        let answer = send_to(app.clone(), request).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{name}: {value}");
    }
    let no_origin = Request::post("/api/contact")
        .header("content-type", "application/json")
        .body(Body::from(body.clone()))
        .unwrap();
    assert_eq!(
        send_to(app.clone(), no_origin).await.status,
        StatusCode::FORBIDDEN
    );
    let same_site_fetch = Request::post("/api/contact")
        .header("content-type", "application/json")
        .header("sec-fetch-site", "same-origin")
        .body(Body::from(body.clone()))
        .unwrap();
    assert_eq!(
        send_to(app.clone(), same_site_fetch).await.status,
        StatusCode::CREATED
    );
    let by_host = Request::post("/api/contact")
        .header("content-type", "application/json")
        .header("origin", "http://localhost:8080")
        .header("host", "localhost:8080")
        .body(Body::from(body.clone()))
        .unwrap();
    assert_eq!(
        send_to(app.clone(), by_host).await.status,
        StatusCode::CREATED,
        "the host it was sent to"
    );

    let get = Request::get("/api/contact").body(Body::empty()).unwrap();
    assert_eq!(
        send_to(app, get).await.status,
        StatusCode::METHOD_NOT_ALLOWED
    );
    assert_eq!(records(&log).len(), 2);
}

#[tokio::test]
async fn unreadable_bodies_get_a_localized_400() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let mut unknown_field = valid("en");
    unknown_field["admin"] = json!(true);
    let mut unknown_request = valid("en");
    unknown_request["request"] = json!("free-money");
    let mut bad_lang = valid("en");
    bad_lang["lang"] = json!("fr");
    let mut wrong_type = valid("en");
    wrong_type["consent"] = json!("yes");
    let mut bad_source = valid("en");
    bad_source["sourcePage"] = json!("https://evil.example/");
    for body in [
        "{".to_owned(),
        "[]".to_owned(),
        "\u{feff}".to_owned(),
        unknown_field.to_string(),
        unknown_request.to_string(),
        bad_lang.to_string(),
        wrong_type.to_string(),
        bad_source.to_string(),
    ] {
        let request = post()
            .header("accept-language", "zh")
            .body(Body::from(body.clone()))
            .unwrap();
        let answer = send_to(app.clone(), request).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(
            json_of(&answer)["error"]["message"],
            SITE.content()
                .locale(Lang::Zh)
                .contact
                .error
                .unreadable
                .as_str()
        );
    }
    let bad_key = post()
        .header("idempotency-key", "a key with spaces")
        .body(Body::from(valid("en").to_string()))
        .unwrap();
    assert_eq!(send_to(app, bad_key).await.status, StatusCode::BAD_REQUEST);
    assert!(records(&log).is_empty());
}

#[tokio::test]
async fn too_many_applications_from_one_network_wait() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |config| config.rate_limit_per_minute = 2);
    let from = |ip: &str| {
        let peer: SocketAddr = format!("{ip}:40000").parse().unwrap();
        let mut request = post().body(Body::from(valid("en").to_string())).unwrap();
        request.extensions_mut().insert(ConnectInfo(peer));
        request
    };
    for _ in 0..2 {
        assert_eq!(
            send_to(app.clone(), from("198.51.100.4")).await.status,
            StatusCode::CREATED
        );
    }
    let limited = send_to(app.clone(), from("198.51.100.4")).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = limited.header("retry-after").parse().unwrap();
    assert!((1..=30).contains(&wait), "Retry-After {wait}");
    assert_eq!(
        json_of(&limited)["error"]["message"],
        SITE.content()
            .locale(Lang::En)
            .contact
            .error
            .rate_limited
            .as_str()
    );
    assert_eq!(
        send_to(app, from("198.51.100.5")).await.status,
        StatusCode::CREATED
    );
    assert_eq!(records(&log).len(), 3);
}

#[tokio::test]
async fn the_proxy_header_names_the_client_when_configured() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |config| {
        config.rate_limit_per_minute = 1;
        config.client_ip_header = "x-forwarded-for".parse().ok();
    });
    let via_proxy = |chain: &str| {
        post()
            .header("x-forwarded-for", chain)
            .body(Body::from(valid("en").to_string()))
            .unwrap()
    };
    assert_eq!(
        send_to(app.clone(), via_proxy("10.0.0.1, 203.0.113.9"))
            .await
            .status,
        StatusCode::CREATED
    );
    assert_eq!(
        send_to(app.clone(), via_proxy("10.0.0.2, 203.0.113.9"))
            .await
            .status,
        StatusCode::TOO_MANY_REQUESTS,
        "the last entry is the one the proxy saw"
    );
    assert_eq!(
        send_to(app, via_proxy("203.0.113.10")).await.status,
        StatusCode::CREATED
    );
    assert_eq!(
        records(&log)[0].draft.client_ip.as_deref(),
        Some("203.0.113.9")
    );
}

#[tokio::test]
async fn a_body_that_breaks_off_is_unreadable_not_too_large() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let parts = futures_util::stream::iter([
        Ok(b"{\"company\":".to_vec()),
        Err(std::io::Error::other("the chunk size is not a number")),
    ]);
    let request = post()
        .header("accept-language", "zh")
        .body(Body::from_stream(parts))
        .unwrap();
    let answer = send_to(app, request).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let error = &json_of(&answer)["error"];
    assert_eq!(error["code"], "unreadable");
    assert_eq!(
        error["message"],
        SITE.content()
            .locale(Lang::Zh)
            .contact
            .error
            .unreadable
            .as_str()
    );
    assert!(records(&log).is_empty());
}
