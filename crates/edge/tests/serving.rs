//! The edge serving a service of the test's own over plain HTTP on a real socket: requests in
//! flight at shutdown finish, clients that never finish their headers are cut off, kept-alive
//! connections are closed once idle, and the connection cap answers `503` and recovers.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::routing::get;
use custody_edge::config::{EdgeConfig, ServerConfig};
use custody_edge::listeners::Role;
use custody_edge_test_support::bound;
use custody_edge_test_support::edge::{EdgeUnderTest, edge_config};
use custody_edge_test_support::http1::{connect, exchange, raw_request};
use custody_edge_test_support::log::LogReader;
use custody_edge_test_support::service::test_service;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// The public URL the edge's configuration names (plain HTTP serves no redirect to it).
const PUBLIC_URL: &str = "http://127.0.0.1:8080";

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
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = edge_config(addr, PUBLIC_URL);
    let stopping = shutting_down.clone();
    let server = tokio::spawn(async move {
        custody_edge::serve_app(slow, &config, listener, async move {
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

/// The test's service served on a listener of its own with `seconds` as the header read
/// timeout.
async fn serving_with_header_timeout(
    seconds: u64,
) -> (
    std::net::SocketAddr,
    tokio::task::JoinHandle<anyhow::Result<()>>,
) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = EdgeConfig {
        server: ServerConfig {
            header_read_timeout_secs: seconds,
            ..Default::default()
        },
        ..edge_config(addr, PUBLIC_URL)
    };
    let server = tokio::spawn(async move {
        custody_edge::serve_app(
            test_service(None),
            &config,
            listener,
            std::future::pending(),
        )
        .await
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
        .write_all(b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n")
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn connections_over_the_cap_get_503_and_the_server_recovers() {
    let (site, addr) = bound();
    let mut config = edge_config(site.local_addr().unwrap(), PUBLIC_URL);
    config.server.max_connections = 20;
    let _edge = EdgeUnderTest::start(config, vec![(Role::Site, site)], test_service).await;
    // The accept loop logs each connection it closes, with its peer, once its slot is free.
    let mut log = LogReader::from_now();
    let mut held = Vec::new();
    for _ in 0..20 {
        let mut stream = connect(&addr).await;
        assert!(
            exchange(&mut stream, "/healthz")
                .await
                .starts_with("HTTP/1.1 200")
        );
        held.push(stream);
    }
    let mut over = connect(&addr).await;
    over.write_all(b"GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    over.read_to_string(&mut answer).await.unwrap();
    assert!(
        answer.starts_with("HTTP/1.1 503 Service Unavailable"),
        "{answer}"
    );
    assert!(answer.contains("retry-after: 1"), "{answer}");
    // The held connections are still served.
    assert!(
        exchange(&mut held[0], "/")
            .await
            .starts_with("HTTP/1.1 200")
    );
    let mut peers: Vec<String> = held
        .iter()
        .map(|stream| format!("peer={}", stream.local_addr().unwrap()))
        .collect();
    drop(held);
    while !peers.is_empty() {
        let freed = log
            .wait_for("its slot is free", Duration::from_secs(20))
            .await;
        peers.retain(|peer| !freed.split_whitespace().any(|field| field == peer));
    }
    let mut stream = connect(&addr).await;
    let mut head = String::new();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n")
        .await
        .unwrap();
    stream.read_to_string(&mut head).await.unwrap();
    assert!(
        head.starts_with("HTTP/1.1 200"),
        "slots were not freed: {head}"
    );
}
