//! What operators rely on: request ids, readiness, the metrics listener, JSON logs and the
//! version.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;

use crate::activation::bound;
use crate::common::{app, send_to, site_command};
use crate::contact::{app_in, valid};

const BIN: &str = env!("CARGO_BIN_EXE_custody-site");

/// The binary serving on a socket the test bound, with `env`; stderr captured. Killed when
/// dropped.
struct Running {
    child: Option<Child>,
    addr: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Running {
    /// Starts the binary with `args` and `env`, `others` (`metrics`) beside its own socket.
    /// Requests sent at once wait in the socket's queue until the server takes them.
    fn start(
        args: &[&str],
        env: &[(&str, &str)],
        others: &[(&str, &std::net::TcpListener)],
    ) -> Running {
        let (listener, addr) = bound();
        let mut sockets = vec![("listen", &listener)];
        sockets.extend_from_slice(others);
        let mut command = site_command(&sockets, &format!("http://{addr}"));
        command
            .args(args)
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let child = command.spawn().expect("the binary starts");
        Running {
            child: Some(child),
            addr,
        }
    }

    fn get(&self, path: &str) -> String {
        request(
            &self.addr,
            &format!("GET {path} HTTP/1.1\r\nHost: x\r\n"),
            "",
        )
    }

    /// Stops the binary with SIGTERM and returns what it wrote to standard error.
    fn stop(mut self) -> String {
        let child = self.child.take().expect("running");
        let pid = child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        let output = child.wait_with_output().unwrap();
        String::from_utf8_lossy(&output.stderr).into_owned()
    }
}

/// One request over a fresh connection; the whole answer as text ("" when nothing answers).
fn request(addr: &str, head: &str, body: &str) -> String {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return String::new();
    };
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let message = format!(
        "{head}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(message.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
}

#[tokio::test]
async fn request_ids_are_kept_or_made_and_sent_back() {
    for path in ["/about", "/no-such-page", "/api/faq/search?q=key&lang=en"] {
        let sent = Request::get(path)
            .header("x-request-id", "trace-7f3a.42")
            .body(Body::empty())
            .unwrap();
        let answer = send_to(app(), sent).await;
        assert_eq!(answer.header("x-request-id"), "trace-7f3a.42", "{path}");
        let unmarked = send_to(app(), Request::get(path).body(Body::empty()).unwrap()).await;
        let made = unmarked.header("x-request-id");
        assert_eq!(made.len(), 16, "{path}: {made}");
        assert!(made.bytes().all(|b| b.is_ascii_hexdigit()));
    }
    let hostile = Request::get("/about")
        .header("x-request-id", "<script>alert(1)</script>")
        .body(Body::empty())
        .unwrap();
    let answer = send_to(app(), hostile).await;
    assert_eq!(
        answer.header("x-request-id").len(),
        16,
        "replaced, not echoed"
    );
}

#[tokio::test]
async fn readiness_follows_the_applications_log() {
    let dir = tempfile::tempdir().unwrap();
    let (site, _) = app_in(dir.path(), |_| {});
    let ready = send_to(site, Request::get("/readyz").body(Body::empty()).unwrap()).await;
    assert_eq!(ready.status, 200, "{}", ready.text);
    assert!(ready.text.contains(r#""contactLog":"writable""#));

    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, "a file where the log's directory should be").unwrap();
    let (site, _) = app_in(&blocked, |_| {});
    let answer = send_to(
        site.clone(),
        Request::get("/readyz").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(answer.status, 503, "{}", answer.text);
    assert!(answer.text.contains("not ready"));
    assert_eq!(
        send_to(
            site.clone(),
            Request::get("/healthz").body(Body::empty()).unwrap()
        )
        .await
        .status,
        200,
        "alive all the same"
    );

    std::fs::remove_file(&blocked).unwrap();
    std::fs::create_dir(&blocked).unwrap();
    let again = send_to(site, Request::get("/readyz").body(Body::empty()).unwrap()).await;
    assert_eq!(
        again.status, 200,
        "ready once the log can be opened: {}",
        again.text
    );
}

#[test]
fn metrics_count_requests_and_applications_on_their_own_listener() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("applications.jsonl");
    let (metrics, metrics_addr) = bound();
    let site = Running::start(
        &[],
        &[
            ("RUST_LOG", "warn"),
            ("CUSTODY_SITE_CONTACT_LOG", log.to_str().unwrap()),
        ],
        &[("metrics", &metrics)],
    );
    drop(metrics);
    assert!(site.get("/about").starts_with("HTTP/1.1 200"));
    assert!(site.get("/about").starts_with("HTTP/1.1 200"));
    assert!(site.get("/no-such-page").starts_with("HTTP/1.1 404"));
    let body = valid("en").to_string();
    let origin = format!("http://{}", site.addr);
    let stored = request(
        &site.addr,
        &format!(
            "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nOrigin: {origin}\r\n"
        ),
        &body,
    );
    assert!(stored.starts_with("HTTP/1.1 201"), "{stored}");
    assert!(
        site.get("/metrics").starts_with("HTTP/1.1 404"),
        "not on the public listener"
    );

    let scrape = request(&metrics_addr, "GET /metrics HTTP/1.1\r\nHost: x\r\n", "");
    assert!(scrape.starts_with("HTTP/1.1 200"), "{scrape}");
    assert!(scrape.contains("application/openmetrics-text"));
    for line in [
        r#"custody_site_http_requests_total{route="/about",status="200"} 2"#,
        // /no-such-page, and /metrics asked of the public listener.
        r#"custody_site_http_requests_total{route="not-found",status="404"} 2"#,
        r#"custody_site_http_requests_total{route="/api/contact",status="201"} 1"#,
        r#"custody_site_http_request_duration_seconds_count{route="/about"} 2"#,
        "custody_site_contact_applications_stored_total 1",
        "custody_site_contact_log_applications 1",
        "custody_site_webhook_pending_applications 0",
        "custody_site_build_info{version=",
    ] {
        assert!(scrape.contains(line), "missing {line}:\n{scrape}");
    }
    site.stop();
}

#[test]
fn json_logs_carry_the_route_status_and_request_id() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("applications.jsonl");
    let site = Running::start(
        &["--log-format", "json"],
        &[
            ("RUST_LOG", "info"),
            ("CUSTODY_SITE_CONTACT_LOG", log.to_str().unwrap()),
        ],
        &[],
    );
    let answer = request(
        &site.addr,
        "GET /zh/faq/security HTTP/1.1\r\nHost: x\r\nX-Request-Id: follow-me-1\r\n",
        "",
    );
    assert!(answer.starts_with("HTTP/1.1 200"));
    let stderr = site.stop();
    let lines: Vec<serde_json::Value> = stderr
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let logged = lines
        .iter()
        .find(|line| line["request_id"] == "follow-me-1")
        .expect("the request's line");
    assert_eq!(logged["path"], "/zh/faq/security");
    assert_eq!(logged["route"], "/faq/{id}");
    assert_eq!(logged["status"], 200);
    assert_eq!(logged["level"], "INFO");
    assert!(lines.iter().any(
        |line| line["message"] == "site loaded: each document is rendered when first asked for"
    ));
}

#[test]
fn the_version_names_the_embedded_build() {
    let output = Command::new(BIN).arg("--version").output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let build = &crate::common::SITE.build().build_id;
    assert_eq!(
        text.trim(),
        format!("custody-site {} (build {build})", env!("CARGO_PKG_VERSION"))
    );
}
