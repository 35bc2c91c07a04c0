//! The site served by the edge over a socket: pages, HEAD and the health check over HTTP/1.1
//! and HTTP/2, and a graceful shutdown. What the edge does for any service (requests in flight
//! at shutdown, header and idle timeouts) is tested in crates/edge/tests/serving.rs.

use std::sync::Arc;
use std::time::Duration;

use custody_applications::ContactDesk;
use custody_edge_test_support::http1::raw_request;
use custody_edge_test_support::http2::http2_request;
use custody_site::ServedSite;
use custody_site::http;
use tokio::net::{TcpListener, TcpStream};

use crate::common::{CONTACT, SITE, edge_config};

/// Serves the site (without previous builds) on `listener` until `shutdown` completes, as the
/// server does over plain HTTP.
async fn serve(
    site: Arc<ServedSite>,
    contact: Arc<ContactDesk>,
    listener: TcpListener,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let config = edge_config();
    custody_edge::serve_app(http::app(site, contact), &config, listener, shutdown).await
}

#[tokio::test]
async fn serves_over_a_socket_and_shuts_down_gracefully() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(SITE.clone(), CONTACT.clone(), listener, async {
        let _ = stopped.await;
    }));

    let page = raw_request(
        addr,
        "GET /zh/about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{}", &page[..80]);
    assert!(page.contains("<html lang=\"zh-Hans\""));

    let head = raw_request(
        addr,
        "HEAD /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(head.starts_with("HTTP/1.1 200 OK"));
    assert!(head.to_ascii_lowercase().contains("content-length:"));
    assert!(!head.contains("<html"), "HEAD has no body");

    let health = raw_request(
        addr,
        "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(health.ends_with("ok"));

    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("shutdown finishes")
        .unwrap()
        .unwrap();
    assert!(
        TcpStream::connect(addr).await.is_err(),
        "the listener is closed"
    );
}

#[tokio::test]
async fn http2_answers_get_and_head_of_pages_and_files() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve(
        SITE.clone(),
        CONTACT.clone(),
        listener,
        std::future::pending(),
    ));
    let static_file = SITE
        .files()
        .static_files
        .keys()
        .find(|path| path.ends_with(".js"))
        .unwrap()
        .clone();
    for path in [
        "/zh/about",
        static_file.as_str(),
        "/sitemap.xml",
        "/no-such-page",
    ] {
        let (status, headers, body) = http2_request(addr, "GET", path).await;
        let expected = if path == "/no-such-page" { 404 } else { 200 };
        assert_eq!(status, expected, "GET {path}");
        assert!(!body.is_empty(), "GET {path} has a body");
        assert!(headers.contains_key("content-security-policy"), "{path}");
        assert!(
            !headers.contains_key("keep-alive"),
            "no connection header over HTTP/2: {path}"
        );
        let (head_status, head_headers, head_body) = http2_request(addr, "HEAD", path).await;
        assert_eq!(head_status, expected, "HEAD {path}");
        assert!(head_body.is_empty(), "HEAD {path} has no body");
        assert_eq!(
            head_headers
                .get("content-length")
                .map(|v| v.to_str().unwrap()),
            Some(body.len().to_string().as_str()),
            "HEAD {path} announces the length GET sends"
        );
        assert_eq!(head_headers.get("etag"), headers.get("etag"), "{path}");
    }
}
