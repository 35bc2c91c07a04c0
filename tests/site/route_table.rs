//! The route table (`crates/site/src/http/routes.rs`) walked through the real site: every declared
//! route answers each of its methods from what the table says answers it, so a route another
//! answer takes first (a page not found, a redirect, another route, a method refused) fails here.

use axum::body::Body;
use axum::extract::MatchedPath;
use axum::http::{Method, Request, StatusCode, header};
use custody_site::http::{self, routes::Kind};
use tower::ServiceExt;

use crate::common::{CONTACT, SITE};

/// `pattern` with a sample segment for each `{name}`.
fn sample(pattern: &str) -> String {
    pattern
        .split('/')
        .map(|segment| match segment {
            "{scope}" => "faq",
            "{file}" => "unknown.json",
            other if other.starts_with('{') => "sample",
            other => other,
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn every_declared_route_is_reached_by_each_of_its_methods() {
    let (app, routes) = http::app_and_routes(SITE.clone(), CONTACT.clone());
    let mut walked = 0;
    for declared in routes.declared() {
        let methods: &[Method] = match declared.kind {
            // The mounts take what no route takes: their answers are the other tests'.
            _ if declared.mount => continue,
            Kind::AssetQuery => &[Method::GET, Method::HEAD],
            _ => declared.methods,
        };
        assert!(
            !methods.is_empty(),
            "{} declares no method",
            declared.pattern
        );
        let path = sample(&declared.pattern);
        for method in methods {
            let what = format!("{method} {path} ({:?})", declared.kind);
            let request = Request::builder()
                .method(method)
                .uri(&path)
                .header(header::ACCEPT_ENCODING, "br, gzip")
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(Body::empty())
                .unwrap();
            let response = app.clone().oneshot(request).await.unwrap();
            let status = response.status();
            assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{what}");
            assert!(!status.is_server_error(), "{what}: {status}");
            let matched = response.extensions().get::<MatchedPath>();
            let routed = matched.map(MatchedPath::as_str);
            match (declared.kind, method) {
                (Kind::Page | Kind::File | Kind::AssetQuery, &Method::GET | &Method::HEAD) => {
                    assert_eq!(status, StatusCode::OK, "{what}");
                    assert_eq!(routed, None, "{what}: answered from memory, not the router");
                }
                _ => assert_eq!(routed, Some(&*declared.pattern), "{what}: {status}"),
            }
            walked += 1;
        }
    }
    let pages = SITE.pages().len();
    assert!(
        walked > 2 * pages,
        "{walked} answers walked for {pages} pages"
    );
}

#[tokio::test]
async fn each_path_resolves_to_the_route_that_answers_it() {
    let (_, routes) = http::app_and_routes(SITE.clone(), CONTACT.clone());
    for (path, kind, mount) in [
        ("/faq", Some(Kind::Page), false),
        ("/zh/contact-us", Some(Kind::Page), false),
        ("/robots.txt", Some(Kind::File), false),
        ("/_app/builds/latest.json", Some(Kind::File), false),
        ("/_app/data", Some(Kind::Endpoint), false),
        (
            "/_app/builds/meta/other.json",
            Some(Kind::PreviousBuild),
            false,
        ),
        ("/api/faq/search", Some(Kind::Endpoint), false),
        ("/contact-us/received/k1", Some(Kind::Endpoint), false),
        ("/healthz", Some(Kind::Endpoint), false),
        ("/api/supported-assets", Some(Kind::AssetQuery), false),
        // The interface's mount: a previous build's file, or (in the live preview) Vite's module.
        (
            "/_app/src/entry-client.tsx",
            Some(Kind::PreviousBuild),
            true,
        ),
        ("/_app/@vite/client", Some(Kind::PreviousBuild), true),
        ("/api/nothing", Some(Kind::ApiMount), true),
        ("/contact-us/received/", None, false),
        ("/faq/", None, false),
        ("/no-such-page", None, false),
    ] {
        assert_eq!(routes.resolve(path).kind(), kind, "{path}");
        assert_eq!(routes.resolve(path).is_mount(), mount, "{path}");
    }
}
