//! Many connections: the cap on connections answers `503` and recovers, and the release binary
//! holds 10,000 open connections with bounded memory while pages and the API still answer.

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::{Running, connect, free_port, site_command};

/// How long a connection may take to be accepted (the binary starting, or a burst of connects).
const CONNECT_WITHIN: Duration = Duration::from_secs(15);

/// The release binary on a free port with at most `max_connections` connections.
fn start(
    dir: &std::path::Path,
    max_connections: usize,
    header_timeout_secs: u64,
) -> (Running, String) {
    let port = free_port();
    let origin = format!("http://127.0.0.1:{port}");
    let child = site_command(port, &origin)
        .env("CUSTODY_SITE_CONTACT_LOG", dir.join("applications.jsonl"))
        .env(
            "CUSTODY_SITE_SERVER_MAX_CONNECTIONS",
            max_connections.to_string(),
        )
        .env(
            "CUSTODY_SITE_SERVER_HEADER_READ_TIMEOUT_SECS",
            header_timeout_secs.to_string(),
        )
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the release binary starts");
    (Running(child), format!("127.0.0.1:{port}"))
}

/// Sends one keep-alive `GET path` on `stream` and reads its answer (a `Content-Length` body).
async fn exchange(stream: &mut TcpStream, path: &str) -> String {
    let request = format!("GET {path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept-encoding: br\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut received = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    loop {
        let read = stream.read(&mut buffer).await.unwrap();
        assert!(
            read > 0,
            "the connection closed before the answer was complete"
        );
        received.extend_from_slice(&buffer[..read]);
        let text = String::from_utf8_lossy(&received);
        if let Some(end) = text.find("\r\n\r\n") {
            let length: usize = text[..end]
                .lines()
                .find_map(|line| {
                    line.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(|n| n.trim().parse().unwrap())
                })
                .unwrap_or(0);
            if received.len() >= end + 4 + length {
                return text[..end].to_owned();
            }
        }
    }
}

/// The resident memory of process `pid`, in MB.
fn resident_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: f64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    kb / 1024.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_get_503_and_the_site_recovers() {
    let dir = tempfile::tempdir().unwrap();
    let (_site, addr) = start(dir.path(), 20, 10);
    let mut held = Vec::new();
    for _ in 0..20 {
        let mut stream = connect(&addr, CONNECT_WITHIN).await;
        assert!(
            exchange(&mut stream, "/healthz")
                .await
                .starts_with("HTTP/1.1 200")
        );
        held.push(stream);
    }
    let mut over = connect(&addr, CONNECT_WITHIN).await;
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
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut stream = connect(&addr, CONNECT_WITHIN).await;
        let mut head = String::new();
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n")
            .await
            .unwrap();
        stream.read_to_string(&mut head).await.unwrap();
        if head.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "slots were not freed: {head}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_open_connections_are_held_with_bounded_memory() {
    const CONNECTIONS: usize = 10_000;
    let limit = rlimit::increase_nofile_limit(u64::MAX).unwrap();
    assert!(
        limit >= CONNECTIONS as u64 + 200,
        "this test opens {CONNECTIONS} connections; the open-file limit is {limit}"
    );
    let dir = tempfile::tempdir().unwrap();
    // Idle keep-alive connections are closed after the header read timeout; this test holds
    // them longer than the default 10 s takes to open them all.
    let (site, addr) = start(dir.path(), CONNECTIONS + 100, 120);
    let pid = site.0.id();
    let mut stream = connect(&addr, CONNECT_WITHIN).await;
    assert!(exchange(&mut stream, "/").await.starts_with("HTTP/1.1 200"));
    let idle_mb = resident_mb(pid);

    let started = Instant::now();
    let mut held = Vec::with_capacity(CONNECTIONS);
    for batch in 0..CONNECTIONS / 500 {
        let opened: Vec<_> = (0..500)
            .map(|_| {
                let addr = addr.clone();
                tokio::spawn(async move {
                    let mut stream = connect(&addr, CONNECT_WITHIN).await;
                    let head = exchange(&mut stream, "/healthz").await;
                    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
                    stream
                })
            })
            .collect();
        for task in opened {
            held.push(task.await.unwrap());
        }
        assert_eq!(held.len(), (batch + 1) * 500);
    }
    let opening = started.elapsed();
    // With every connection open, a page and an API answer come promptly.
    for path in ["/zh/faq", "/api/supported-assets?entity=sg&page=2&size=20"] {
        let mut stream = connect(&addr, CONNECT_WITHIN).await;
        let asked = Instant::now();
        assert!(
            exchange(&mut stream, path)
                .await
                .starts_with("HTTP/1.1 200"),
            "{path}"
        );
        assert!(
            asked.elapsed() < Duration::from_secs(1),
            "{path} took {:?}",
            asked.elapsed()
        );
    }
    let loaded_mb = resident_mb(pid);
    // Every connection is still open and served: a sample of them asks again.
    for stream in held.iter_mut().step_by(50) {
        assert!(
            exchange(stream, "/healthz")
                .await
                .starts_with("HTTP/1.1 200")
        );
    }
    println!(
        "{CONNECTIONS} connections opened and served in {opening:?} and held; resident memory {idle_mb:.1} MB idle, {loaded_mb:.1} MB with them open"
    );
    assert!(
        loaded_mb < idle_mb + 400.0,
        "{loaded_mb:.1} MB with {CONNECTIONS} connections (idle {idle_mb:.1} MB)"
    );
    drop(held);
}
