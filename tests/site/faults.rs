//! Faults around the release binary: a full disk (a file-size limit on the applications log)
//! answers `503` without corrupting the log, and SIGTERM under load finishes every request in
//! flight, slow uploads included, within the grace period.

use std::collections::HashSet;
use std::os::unix::process::CommandExt;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

use crate::activation::{BIN, Notifications, activated, bound, signal, wait_exit};
use crate::common::{Running, site_command};
use crate::contact::valid;

/// Sends one application over a new connection, its body in `pieces` spread over `spread`, and
/// returns the status and JSON answer. With `reading`, the request asks to continue
/// (`Expect: 100-continue`) and a permit is added to `reading` once the server answers that it
/// reads the body, before the body is sent.
async fn submit(
    addr: &str,
    origin: &str,
    company: &str,
    pieces: usize,
    spread: Duration,
    reading: Option<&Semaphore>,
) -> (u16, Value) {
    let mut body = valid("en");
    body["company"] = json!(company);
    let body = body.to_string();
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let expect = if reading.is_some() {
        "expect: 100-continue\r\n"
    } else {
        ""
    };
    let head = format!(
        "POST /api/contact HTTP/1.1\r\nhost: {addr}\r\norigin: {origin}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n{expect}\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    if let Some(reading) = reading {
        let mut interim = Vec::new();
        while !interim.ends_with(b"\r\n\r\n") {
            interim.push(stream.read_u8().await.unwrap());
        }
        let interim = String::from_utf8_lossy(&interim);
        assert!(interim.starts_with("HTTP/1.1 100"), "{interim}");
        reading.add_permits(1);
    }
    let chunk = body.len().div_ceil(pieces);
    for piece in body.as_bytes().chunks(chunk) {
        stream.write_all(piece).await.unwrap();
        // A slow upload is what this sends: the pause between pieces is the client's pace.
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
    let (listener, addr) = bound();
    let origin = format!("http://{addr}");
    let mut command = site_command(&[("listen", &listener)], &origin);
    // 16 KiB is all the log may grow to: the disk is full after some twenty applications.
    // SAFETY: runs between fork and exec and only calls the async-signal-safe `setrlimit`.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 16 * 1024,
                rlim_max: 16 * 1024,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command
        .env("CUSTODY_SITE_CONTACT_LOG", &log)
        .env("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let _site = Running(command.spawn().unwrap());
    drop(listener);

    let mut acknowledged = Vec::new();
    let mut refused = 0;
    for n in 0..60 {
        let (status, answer) = submit(
            &addr,
            &origin,
            &format!("Disk {n}"),
            1,
            Duration::ZERO,
            None,
        )
        .await;
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
    let origin = format!("http://{addr}");
    let notifications = Notifications::bind(dir.path());
    let mut command = activated(BIN.as_ref(), &[("listen", &listener)], &origin);
    command
        .env("CUSTODY_SITE_CONTACT_LOG", &log)
        .env("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0")
        .env("CUSTODY_SITE_SERVER_SHUTDOWN_GRACE_SECS", "6")
        .env("NOTIFY_SOCKET", notifications.path())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null());
    let mut site = Running(command.spawn().unwrap());
    // The server is the only owner of its socket: once it stops, connecting is refused.
    drop(listener);
    notifications.wait_for("READY=1", Duration::from_secs(20));
    // Slow uploads: each application's body trickles in over two seconds.
    let reading = Arc::new(Semaphore::new(0));
    let slow: Vec<_> = (0..20)
        .map(|n| {
            let (addr, origin, reading) = (addr.clone(), origin.clone(), reading.clone());
            tokio::spawn(async move {
                submit(
                    &addr,
                    &origin,
                    &format!("Slow {n}"),
                    8,
                    Duration::from_secs(2),
                    Some(&reading),
                )
                .await
            })
        })
        .collect();
    // SIGTERM once the server reads all twenty bodies.
    let all_reading = tokio::time::timeout(Duration::from_secs(20), reading.acquire_many(20));
    drop(all_reading.await.expect("the server reads every body"));
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
