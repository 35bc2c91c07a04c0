//! Many connections: the release binary holds 10,000 open connections with bounded memory while
//! pages and the API still answer, and hundreds of slow clients at once (slow headers, slow
//! applications) are cut off by the timeouts without starving anyone else. Both need the site's
//! pages and contact form, and a process of their own: the two ends of 10,000 connections would
//! pass the open-file limit of one process. The connection cap is tested with the edge
//! (crates/edge/tests/serving.rs).

use std::time::{Duration, Instant};

use custody_content::Lang;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::activation::bound;
use crate::common::{Running, SITE, Stderr, site_command};
use crate::contact::valid;
use custody_edge_test_support::http1::{connect, exchange};
use custody_edge_test_support::process::resident_mb;

/// Warnings, and the accept loop's own lines (`listening on`).
const ACCEPT_INFO: &str = "warn,custody_edge::accept=info";

/// The release binary on a socket of its own with at most `max_connections` connections, whose
/// clients have `timeout_secs` for their request headers and a contact application for its
/// body (no rate limit: the tests' applications all come from one address), logging at
/// [`ACCEPT_INFO`] (which lets through the accept loop's `listening on`: this waits for it, so
/// that no measure counts the start-up).
async fn start(
    dir: &std::path::Path,
    max_connections: usize,
    timeout_secs: u64,
) -> (Running, String, Stderr) {
    let (listener, addr) = bound();
    let mut child = site_command(&[("listen", &listener)], &format!("http://{addr}"))
        .env("CUSTODY_SITE_CONTACT_LOG", dir.join("applications.jsonl"))
        .env(
            "CUSTODY_SITE_SERVER_MAX_CONNECTIONS",
            max_connections.to_string(),
        )
        .env(
            "CUSTODY_SITE_SERVER_HEADER_READ_TIMEOUT_SECS",
            timeout_secs.to_string(),
        )
        .env(
            "CUSTODY_SITE_CONTACT_REQUEST_TIMEOUT_SECS",
            timeout_secs.to_string(),
        )
        .env("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0")
        .env("RUST_LOG", ACCEPT_INFO)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the release binary starts");
    let stderr = Stderr::collect(&mut child);
    let site = Running(child);
    stderr.wait_for("listening on http://", 1).await;
    (site, addr, stderr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
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
    let (site, addr, _log) = start(dir.path(), CONNECTIONS + 100, 120).await;
    let pid = site.0.id();
    let mut stream = connect(&addr).await;
    assert!(exchange(&mut stream, "/").await.starts_with("HTTP/1.1 200"));
    let idle_mb = resident_mb(pid);

    let started = Instant::now();
    let mut held = Vec::with_capacity(CONNECTIONS);
    for batch in 0..CONNECTIONS / 500 {
        let opened: Vec<_> = (0..500)
            .map(|_| {
                let addr = addr.clone();
                tokio::spawn(async move {
                    let mut stream = connect(&addr).await;
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
        let mut stream = connect(&addr).await;
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

/// How a slow client's connection ended: after how long, and what the server sent.
struct CutOff {
    after: Duration,
    received: String,
}

/// Writes `pieces` to a new connection one every `every`, reading all the while, until the
/// server closes the connection or `give_up` passes. Writing stops at the first byte of an
/// answer or the first failed write, and reading goes on, so the answer is read whole.
async fn trickle(addr: String, pieces: Vec<Vec<u8>>, every: Duration, give_up: Duration) -> CutOff {
    let mut stream = connect(&addr).await;
    let opened = Instant::now();
    let mut pieces = pieces.into_iter();
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    let mut tick = tokio::time::interval(every);
    while opened.elapsed() < give_up {
        tokio::select! {
            read = stream.read(&mut buffer) => match read {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            },
            _ = tick.tick(), if received.is_empty() => {
                if let Some(piece) = pieces.next()
                    && stream.write_all(&piece).await.is_err()
                {
                    pieces = Vec::new().into_iter();
                }
            }
        }
    }
    CutOff {
        after: opened.elapsed(),
        received: String::from_utf8_lossy(&received).into_owned(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn hundreds_of_slow_clients_are_cut_off_while_others_are_served() {
    const TRICKLED_HEADERS: usize = 400;
    const TRICKLED_BODIES: usize = 100;
    const TIMEOUT: Duration = Duration::from_secs(3);
    const EVERY: Duration = Duration::from_millis(200);
    // Far longer than the timeout: a client that is not cut off keeps trickling until then.
    const GIVE_UP: Duration = Duration::from_secs(12);
    let dir = tempfile::tempdir().unwrap();
    let (_site, addr, _log) = start(dir.path(), 10_000, TIMEOUT.as_secs()).await;

    // Slowloris: a request line, then one more header line every 200 ms, never the blank line
    // that ends the headers.
    let headers = (0..TRICKLED_HEADERS).map(|_| {
        let mut pieces = vec![b"GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n".to_vec()];
        pieces.extend((0..100).map(|n| format!("x-trickle-{n}: {n}\r\n").into_bytes()));
        tokio::spawn(trickle(addr.clone(), pieces, EVERY, GIVE_UP))
    });
    let headers: Vec<_> = headers.collect();
    // Slow uploads: complete headers of an application, then its body 8 bytes every 200 ms
    // (some 10 s for all of it), half of them in each language.
    let origin = format!("http://{addr}");
    let bodies: Vec<_> = (0..TRICKLED_BODIES)
        .map(|i| {
            let lang = ["en", "zh"][i % 2];
            let body = valid(lang).to_string();
            let head = format!(
                "POST /api/contact HTTP/1.1\r\nhost: {addr}\r\norigin: {origin}\r\naccept-language: {lang}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                body.len()
            );
            let mut pieces = vec![head.into_bytes()];
            pieces.extend(body.as_bytes().chunks(8).map(<[u8]>::to_vec));
            (lang, tokio::spawn(trickle(addr.clone(), pieces, EVERY, GIVE_UP)))
        })
        .collect();

    // Meanwhile other visitors, each on a new connection, are answered promptly, until the slow
    // clients should all be cut off. (Before the listen backlog was raised, the burst of slow
    // connections overflowed the accept queue and a visitor waited 1 s for a SYN retry.)
    let mut slowest = Duration::ZERO;
    let mut served = 0;
    let visiting = Instant::now();
    while visiting.elapsed() < TIMEOUT + Duration::from_secs(1) {
        for path in ["/", "/api/supported-assets?entity=sg&page=1&size=20"] {
            let asked = Instant::now();
            let mut stream = connect(&addr).await;
            let head = exchange(&mut stream, path).await;
            assert!(head.starts_with("HTTP/1.1 200"), "{path}: {head}");
            if asked.elapsed() > slowest {
                println!(
                    "slow {:?} at {:?} {path}",
                    asked.elapsed(),
                    visiting.elapsed()
                );
            }
            slowest = slowest.max(asked.elapsed());
            served += 1;
        }
        // Pacing of the other visitors, part of the load the test makes, not an ordering.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }

    let mut header_cut = Duration::ZERO;
    for task in headers {
        let cut = task.await.unwrap();
        assert!(
            cut.received.is_empty() || cut.received.starts_with("HTTP/1.1 408"),
            "a request whose headers never ended was answered: {}",
            cut.received
        );
        header_cut = header_cut.max(cut.after);
    }
    let mut body_cut = Duration::ZERO;
    for (lang, task) in bodies {
        let cut = task.await.unwrap();
        let (head, body) = cut.received.split_once("\r\n\r\n").unwrap_or_default();
        assert!(head.starts_with("HTTP/1.1 408"), "{lang}: {}", cut.received);
        let answer: Value = serde_json::from_str(body).expect("a JSON answer");
        let lang = if lang == "zh" { Lang::Zh } else { Lang::En };
        let message = &SITE.content().locale(lang).contact.error.timeout;
        assert_eq!(answer["error"]["code"], "timeout");
        assert_eq!(answer["error"]["message"], message.as_str());
        body_cut = body_cut.max(cut.after);
    }
    let stored = std::fs::read_to_string(dir.path().join("applications.jsonl")).unwrap_or_default();
    assert_eq!(
        stored.lines().count(),
        0,
        "an unfinished application was stored"
    );
    println!(
        "{TRICKLED_HEADERS} trickled headers cut off within {header_cut:?}, {TRICKLED_BODIES} trickled bodies answered 408 within {body_cut:?} (timeouts {TIMEOUT:?}); meanwhile {served} other requests served, the slowest in {slowest:?}"
    );
    let limit = TIMEOUT + Duration::from_secs(2);
    assert!(
        header_cut < limit,
        "slowloris held a connection for {header_cut:?}"
    );
    assert!(
        body_cut < limit,
        "a slow body held a connection for {body_cut:?}"
    );
    assert!(served >= 20, "only {served} other requests were served");
    assert!(
        slowest < Duration::from_secs(1),
        "another visitor waited {slowest:?}"
    );
}
