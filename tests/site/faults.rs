//! Faults around the release binary: a full disk (a file-size limit on the applications log)
//! answers `503` without corrupting the log, and SIGTERM under load finishes every request in
//! flight, slow uploads included, within the grace period.

use std::collections::HashSet;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::activation::{BIN, Notifications, activated, bound, signal, wait_exit};
use crate::common::{Running, connect, free_port, site_command};
use crate::contact::valid;

/// Sends one application over a new connection, its body in `pieces` spread over `spread`, and
/// returns the status and JSON answer.
async fn submit(
    addr: &str,
    origin: &str,
    company: &str,
    pieces: usize,
    spread: Duration,
) -> (u16, Value) {
    let mut body = valid("en");
    body["company"] = json!(company);
    let body = body.to_string();
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /api/contact HTTP/1.1\r\nhost: {addr}\r\norigin: {origin}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let chunk = body.len().div_ceil(pieces);
    for piece in body.as_bytes().chunks(chunk) {
        stream.write_all(piece).await.unwrap();
        tokio::time::sleep(spread / pieces as u32).await;
    }
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let status = answer[9..12].parse().unwrap();
    let json = answer
        .split_once("\r\n\r\n")
        .and_then(|(_, body)| serde_json::from_str(body).ok())
        .unwrap_or(Value::Null);
    (status, json)
}

fn stored_ids(log: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|line| {
            let record: Value =
                serde_json::from_str(line).expect("every line of the log is a record");
            record["id"].as_str().unwrap().to_owned()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_full_disk_answers_503_and_leaves_every_stored_line_whole() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("applications.jsonl");
    let port = free_port();
    let origin = format!("http://127.0.0.1:{port}");
    let addr = format!("127.0.0.1:{port}");
    // 16 KiB is all the log may grow to: the disk is full after some twenty applications.
    let site = site_command(port, &origin);
    let mut command = std::process::Command::new("bash");
    command
        .arg("-c")
        .arg("ulimit -f 16 && exec \"$0\" \"$@\"")
        .arg(site.get_program())
        .args(site.get_args())
        .env_remove("CUSTODY_SITE_CONFIG")
        .env("CUSTODY_SITE_CONTACT_LOG", &log)
        .env("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let _site = Running(command.spawn().unwrap());
    drop(connect(&addr, Duration::from_secs(10)).await);

    let mut acknowledged = Vec::new();
    let mut refused = 0;
    for n in 0..60 {
        let (status, answer) =
            submit(&addr, &origin, &format!("Disk {n}"), 1, Duration::ZERO).await;
        match status {
            201 => {
                assert_eq!(
                    refused, 0,
                    "an application was stored after the disk was full"
                );
                acknowledged.push(answer["id"].as_str().unwrap().to_owned());
            }
            503 => {
                refused += 1;
                assert_eq!(answer["error"]["code"], "unavailable", "{answer}");
            }
            other => panic!("application {n}: status {other}: {answer}"),
        }
    }
    assert!(
        acknowledged.len() >= 10,
        "{} stored before the disk was full",
        acknowledged.len()
    );
    assert!(refused >= 10, "{refused} refused");
    // The log holds exactly the acknowledged applications, every line whole.
    assert_eq!(stored_ids(&log), acknowledged);
    assert!(std::fs::metadata(&log).unwrap().len() <= 16 * 1024);
    // The process is still up and serving, and no longer ready for applications.
    for (path, status) in [("/healthz", "200"), ("/readyz", "503")] {
        let mut stream = TcpStream::connect(&addr).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{path}: {answer}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn sigterm_under_load_finishes_every_request_in_flight_within_the_grace_period() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("applications.jsonl");
    let (listener, addr) = bound();
    let (metrics, metrics_addr) = bound();
    let origin = format!("http://{addr}");
    let notifications = Notifications::bind(dir.path());
    let mut command = activated(
        BIN.as_ref(),
        &[("listen", &listener), ("metrics", &metrics)],
        &origin,
    );
    command
        .env("CUSTODY_SITE_CONTACT_LOG", &log)
        .env("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0")
        .env("CUSTODY_SITE_SERVER_SHUTDOWN_GRACE_SECS", "6")
        .env("CUSTODY_SITE_METRICS_LISTEN", &metrics_addr)
        .env("NOTIFY_SOCKET", notifications.path())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null());
    let mut site = Running(command.spawn().unwrap());
    // The server is the only owner of its socket: once it stops, connecting is refused.
    drop(listener);
    notifications.wait_for("READY=1", Duration::from_secs(20));
    // Slow uploads: each application's body trickles in over two seconds.
    let slow: Vec<_> = (0..20)
        .map(|n| {
            let (addr, origin) = (addr.clone(), origin.clone());
            tokio::spawn(async move {
                submit(
                    &addr,
                    &origin,
                    &format!("Slow {n}"),
                    8,
                    Duration::from_secs(2),
                )
                .await
            })
        })
        .collect();
    // SIGTERM once the server holds all twenty connections.
    wait_for_metric(&metrics_addr, "custody_site_connections_open 20").await;
    let signalled = Instant::now();
    signal(site.0.id(), "-TERM");
    let mut acknowledged = HashSet::new();
    for task in slow {
        let (status, answer) = task.await.unwrap();
        assert_eq!(
            status, 201,
            "a request in flight at SIGTERM was not finished: {answer}"
        );
        acknowledged.insert(answer["id"].as_str().unwrap().to_owned());
    }
    // New connections are no longer taken once the signal arrived.
    assert!(TcpStream::connect(&addr).await.is_err());
    let exit = wait_exit(&mut site.0, Duration::from_secs(8));
    assert!(
        signalled.elapsed() < Duration::from_secs(8),
        "not stopped within the grace period"
    );
    assert!(exit.success(), "{exit:?}");
    let stored: HashSet<String> = stored_ids(&log).into_iter().collect();
    assert_eq!(stored, acknowledged);
}

/// Waits until the metrics at `addr` contain `line`.
async fn wait_for_metric(addr: &str, line: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let request = "GET /metrics HTTP/1.1\r\nhost: metrics\r\nconnection: close\r\n\r\n";
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        if answer.lines().any(|l| l == line) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "no `{line}` in the metrics: {answer}"
        );
    }
}
