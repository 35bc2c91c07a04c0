//! The real server over a socket: serving, HEAD, header timeout and graceful shutdown.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::routing::get;
use custody_applications::ContactDesk;
use custody_site::ServedSite;
use custody_site::http;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

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

async fn raw_request(addr: std::net::SocketAddr, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    String::from_utf8_lossy(&response).into_owned()
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
async fn requests_in_flight_at_shutdown_complete() {
    // The handler says when it has the request, then answers only once the shutdown began.
    let arrived = Arc::new(Notify::new());
    let shutting_down = Arc::new(Notify::new());
    let slow = Router::new().route(
        "/slow",
        get({
            let (arrived, shutting_down) = (arrived.clone(), shutting_down.clone());
            || async move {
                arrived.notify_one();
                shutting_down.notified().await;
                "finished"
            }
        }),
    );
    let app = custody_site::testing::app_with(SITE.clone(), CONTACT.clone(), slow);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = edge_config();
    let stopping = shutting_down.clone();
    let server = tokio::spawn(async move {
        custody_edge::serve_app(app, &config, listener, async move {
            let _ = stopped.await;
            stopping.notify_one();
        })
        .await
    });
    let in_flight = tokio::spawn(raw_request(
        addr,
        "GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    ));
    arrived.notified().await;
    stop.send(()).unwrap();
    let response = tokio::time::timeout(Duration::from_secs(5), in_flight)
        .await
        .expect("the request in flight is answered")
        .unwrap();
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");
    assert!(response.ends_with("finished"));
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("shutdown finishes")
        .unwrap()
        .unwrap();
}

/// The site served on a listener of its own with `seconds` as the header read timeout.
async fn serving_with_header_timeout(
    seconds: u64,
) -> (
    std::net::SocketAddr,
    tokio::task::JoinHandle<anyhow::Result<()>>,
) {
    let config = custody_edge::config::EdgeConfig {
        server: custody_edge::config::ServerConfig {
            header_read_timeout_secs: seconds,
            ..Default::default()
        },
        ..edge_config()
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = custody_site::http::app(SITE.clone(), CONTACT.clone());
    let server = tokio::spawn(async move {
        custody_edge::serve_app(app, &config, listener, std::future::pending()).await
    });
    (addr, server)
}

#[tokio::test]
async fn clients_that_never_finish_their_headers_are_cut_off() {
    let (addr, server) = serving_with_header_timeout(1).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut response = Vec::new();
    let read =
        tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut response)).await;
    assert!(
        read.is_ok(),
        "the server closed the connection within the header timeout"
    );
    server.abort();
}

#[tokio::test]
async fn kept_alive_connections_are_closed_idle_without_an_obsolete_keep_alive_field() {
    let (addr, server) = serving_with_header_timeout(2).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"HEAD /about HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    while !received.windows(4).any(|window| window == b"\r\n\r\n") {
        let read = stream.read(&mut buffer).await.unwrap();
        assert!(
            read > 0,
            "the answer's head arrives before the connection ends"
        );
        received.extend_from_slice(&buffer[..read]);
    }
    let head = String::from_utf8_lossy(&received).to_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(!head.contains("\r\nkeep-alive:"), "{head}");
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut rest)).await;
    assert!(
        matches!(closed, Ok(Ok(0))),
        "the idle connection is closed by the server after its idle time, without another byte"
    );
    server.abort();
}

/// A request over HTTP/2 (prior knowledge) to a running server: status, headers, body bytes.
pub async fn http2_request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
) -> (u16, axum::http::HeaderMap, Vec<u8>) {
    use http_body_util::{BodyExt, Empty};
    use hyper_util::rt::{TokioExecutor, TokioIo};
    let stream = TcpStream::connect(addr).await.unwrap();
    let (mut sender, connection) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(stream))
            .await
            .unwrap();
    tokio::spawn(connection);
    let request = axum::http::Request::builder()
        .method(method)
        .uri(format!("http://{addr}{path}"))
        .header("accept-encoding", "br")
        .body(Empty::<axum::body::Bytes>::new())
        .unwrap();
    let response = sender.send_request(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let body = body.collect().await.expect("a clean stream").to_bytes();
    (parts.status.as_u16(), parts.headers, body.to_vec())
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
        .files
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
