//! Certificates from a real ACME server (Debian's pebble): the first certificate obtained at
//! start-up over TLS-ALPN-01 and served at once, renewed before it expires while visitors
//! request pages over HTTPS without one failure, kept in a private cache that a restart
//! serves from; HTTP-01 on the redirect listener; and a failed validation logged with the
//! problem document and counted in the metrics.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::body::Body;
use axum::http::StatusCode;
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::dns::Name;
use hyper_util::rt::TokioExecutor;

use crate::activation::{
    BIN, LogLines, Notifications, activated, bound, signal, spawn_logged, wait_exit,
};
use crate::common::Running;
use crate::pebble::Pebble;
use crate::test_ca::{TestCa, client_config, served_serial};
use crate::traffic::Tally;

/// The site's domain: pebble's DNS server answers it (and every name) with 127.0.0.1.
const DOMAIN: &str = "site.custody.test";
const WITHIN: Duration = Duration::from_secs(60);

/// An HTTPS client for `https://site.custody.test:PORT/` that reaches 127.0.0.1 and trusts
/// `root_pem`; `pooled: false` opens a connection (and a handshake) per request.
fn visitor(
    root_pem: &str,
    pooled: bool,
) -> Client<hyper_rustls::HttpsConnector<HttpConnector<Loopback>>, Body> {
    let mut http = HttpConnector::new_with_resolver(Loopback);
    http.enforce_http(false);
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(client_config(root_pem, &[]))
        .https_only()
        .enable_http1()
        .enable_http2()
        .wrap_connector(http);
    let mut builder = Client::builder(TokioExecutor::new());
    if !pooled {
        builder.pool_max_idle_per_host(0);
    }
    builder.build(connector)
}

/// Resolves every name to 127.0.0.1.
#[derive(Clone)]
struct Loopback;

impl tower::Service<Name> for Loopback {
    type Response = std::iter::Once<SocketAddr>;
    type Error = Infallible;
    type Future = std::future::Ready<Result<Self::Response, Infallible>>;

    fn poll_ready(
        &mut self,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Infallible>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, _: Name) -> Self::Future {
        std::future::ready(Ok(std::iter::once(SocketAddr::from(([127, 0, 0, 1], 0)))))
    }
}

/// The site configured for ACME against `pebble`, socket-activated on `sockets`.
fn site(
    dir: &Path,
    ca: &Path,
    pebble: &Pebble,
    sockets: &[(&str, &std::net::TcpListener)],
    public_url: &str,
) -> std::process::Command {
    let mut command = activated(BIN.as_ref(), sockets, public_url);
    command
        .env("CUSTODY_SITE_TLS_ACME_DOMAINS", DOMAIN)
        .env("CUSTODY_SITE_TLS_ACME_EMAIL", "operations@custody.example")
        .env("CUSTODY_SITE_TLS_ACME_DIRECTORY", &pebble.directory)
        .env("CUSTODY_SITE_TLS_ACME_DIRECTORY_CA", ca)
        .env("CUSTODY_SITE_TLS_ACME_CACHE_DIR", dir.join("acme"))
        .env("CUSTODY_SITE_CONTACT_LOG", dir.join("applications.jsonl"))
        .env("RUST_LOG", "info");
    command
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_certificate_is_obtained_at_first_start_and_renewed_without_a_failed_request() {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    let ca_file = ca.write(dir.path());
    let (https, https_addr) = bound();
    let (metrics, metrics_addr) = bound();
    let port = https.local_addr().unwrap().port();
    let pebble = Pebble::start(dir.path(), &ca, port, 0, Duration::from_secs(24)).await;
    let origin = format!("https://{DOMAIN}:{port}");
    let notifications = Notifications::bind(dir.path());
    let sockets = [("listen", &https), ("metrics", &metrics)];
    let start = || {
        let mut command = site(dir.path(), &ca_file, &pebble, &sockets, &origin);
        command
            .env("CUSTODY_SITE_METRICS_LISTEN", &metrics_addr)
            .env("NOTIFY_SOCKET", notifications.path());
        spawn_logged(&mut command)
    };
    let (first, mut log) = start();
    let mut first = Running(first);
    let issued = log.wait_for("obtained a certificate", WITHIN);
    notifications.wait_for("READY=1", WITHIN);
    let serial = served_serial(&https_addr, DOMAIN, &pebble.root_pem)
        .await
        .unwrap_or_else(|error| panic!("{error}; {issued}"));

    // Visitors on kept-alive connections and on a new handshake per request, until the
    // certificate has been renewed and served for a while.
    let tally = Arc::new(Tally::default());
    let stop = Arc::new(AtomicBool::new(false));
    let visitors: Vec<_> = [true, false]
        .into_iter()
        .map(|pooled| {
            let client = visitor(&pebble.root_pem, pooled);
            let (tally, stop) = (tally.clone(), stop.clone());
            let url: axum::http::Uri = format!("{origin}/").parse().unwrap();
            tokio::spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    match client.get(url.clone()).await {
                        Ok(response) if response.status() == StatusCode::OK => {
                            match response.into_body().collect().await {
                                Ok(_) => tally.answered(),
                                Err(error) => tally.failed(format!("body: {error}")),
                            }
                        }
                        Ok(response) => tally.failed(format!("status {}", response.status())),
                        Err(error) => tally.failed(format!("{error:?}")),
                    }
                }
            })
        })
        .collect();
    let renewed = log.wait_for("obtained a certificate", WITHIN);
    let renewed_serial = served_serial(&https_addr, DOMAIN, &pebble.root_pem)
        .await
        .unwrap();
    assert_ne!(renewed_serial, serial, "{renewed}");
    tally.wait_for_more(200, WITHIN).await;
    stop.store(true, Ordering::Relaxed);
    for visitor in visitors {
        visitor.await.unwrap();
    }
    let failures = tally.failures();
    println!(
        "ACME renewal: first serial {serial}, renewed serial {renewed_serial}; {} requests answered over HTTPS across the renewal, {} failed",
        tally.answered.load(Ordering::Relaxed),
        failures.len()
    );
    assert_eq!(failures, Vec::<String>::new());

    // Readiness, metrics and the private cache.
    let ready = visitor(&pebble.root_pem, true)
        .get(format!("{origin}/readyz").parse().unwrap())
        .await
        .unwrap();
    assert_eq!(ready.status(), StatusCode::OK);
    let ready: serde_json::Value =
        serde_json::from_slice(&ready.into_body().collect().await.unwrap().to_bytes()).unwrap();
    assert_eq!(ready["certificate"]["valid"], true);
    assert_eq!(ready["certificate"]["serial"], renewed_serial.as_str());
    let metrics_text = reqwest_text(&format!("http://{metrics_addr}/metrics")).await;
    assert!(
        metrics_text.contains("custody_site_tls_certificate_expiry_timestamp_seconds "),
        "{metrics_text}"
    );
    assert!(metrics_text.contains("custody_site_tls_renewal_failures_total 0"));
    let cache = dir.path().join("acme");
    assert_eq!(
        std::fs::metadata(&cache).unwrap().permissions().mode() & 0o777,
        0o700
    );
    for file in std::fs::read_dir(&cache).unwrap() {
        let file = file.unwrap();
        assert_eq!(
            file.metadata().unwrap().permissions().mode() & 0o777,
            0o600,
            "{file:?}"
        );
    }

    // A restart serves the cached certificate and schedules its renewal instead of ordering
    // another (the first process's READY=1 was read above, so this one is the new process's).
    signal(first.0.id(), "-TERM");
    assert!(wait_exit(&mut first.0, WITHIN).success());
    let (second, mut log) = start();
    let _second = Running(second);
    log.wait_for("serving the ACME certificate kept in the cache", WITHIN);
    notifications.wait_for("READY=1", WITHIN);
    assert_eq!(
        served_serial(&https_addr, DOMAIN, &pebble.root_pem).await,
        Ok(renewed_serial)
    );
    log.wait_for("renewal scheduled", WITHIN);
    assert!(
        !log.seen
            .iter()
            .any(|line| line.contains("obtained a certificate")),
        "the restart ordered a certificate instead of serving the cached one"
    );
}

/// The body of a plain-HTTP GET.
async fn reqwest_text(url: &str) -> String {
    let client: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();
    let response = client.get(url.parse().unwrap()).await.unwrap();
    String::from_utf8(
        response
            .into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec(),
    )
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn http01_is_answered_on_the_redirect_listener() {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    let ca_file = ca.write(dir.path());
    let (https, https_addr) = bound();
    let (plain, plain_addr) = bound();
    let port = https.local_addr().unwrap().port();
    let plain_port = plain.local_addr().unwrap().port();
    let pebble = Pebble::start(dir.path(), &ca, 0, plain_port, Duration::from_secs(3600)).await;
    let origin = format!("https://{DOMAIN}:{port}");
    let mut command = site(
        dir.path(),
        &ca_file,
        &pebble,
        &[("listen", &https), ("redirect", &plain)],
        &origin,
    );
    command
        .env("CUSTODY_SITE_TLS_ACME_CHALLENGE", "http-01")
        .env("CUSTODY_SITE_TLS_REDIRECT_LISTEN", &plain_addr);
    let (child, mut log) = spawn_logged(&mut command);
    let _site = Running(child);
    log.wait_for("obtained a certificate", WITHIN);
    assert!(
        served_serial(&https_addr, DOMAIN, &pebble.root_pem)
            .await
            .is_ok()
    );
    let home = visitor(&pebble.root_pem, true)
        .get(format!("{origin}/").parse().unwrap())
        .await
        .unwrap();
    assert_eq!(home.status(), StatusCode::OK);
    // Everything else on the plain listener is still redirected, unknown tokens included.
    let client: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();
    let other = client
        .get(
            format!("http://{plain_addr}/.well-known/acme-challenge/unknown")
                .parse()
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(other.status(), StatusCode::MOVED_PERMANENTLY);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_failed_validation_is_logged_with_the_problem_document_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    let ca_file = ca.write(dir.path());
    let (https, _) = bound();
    let (metrics, metrics_addr) = bound();
    // Pebble validates on a port where nothing listens.
    let (closed, _) = bound();
    let closed_port = closed.local_addr().unwrap().port();
    drop(closed);
    let port = https.local_addr().unwrap().port();
    let pebble = Pebble::start(dir.path(), &ca, closed_port, 0, Duration::from_secs(3600)).await;
    let origin = format!("https://{DOMAIN}:{port}");
    let mut command = site(
        dir.path(),
        &ca_file,
        &pebble,
        &[("listen", &https), ("metrics", &metrics)],
        &origin,
    );
    command.env("CUSTODY_SITE_METRICS_LISTEN", &metrics_addr);
    let (child, mut log): (_, LogLines) = spawn_logged(&mut command);
    let _site = Running(child);
    let failure = log.wait_for("could not obtain a certificate", WITHIN);
    assert!(failure.contains("urn:ietf:params:acme:error:"), "{failure}");
    assert!(failure.contains("retry_in_secs=30"), "{failure}");
    let metrics_text = reqwest_text(&format!("http://{metrics_addr}/metrics")).await;
    assert!(
        metrics_text.contains("custody_site_tls_renewal_failures_total 1"),
        "{metrics_text}"
    );
    assert!(!metrics_text.contains("custody_site_tls_certificate_expiry_timestamp_seconds "));
}
