//! Certificates from a real ACME server (Debian's pebble): the first certificate obtained at
//! start-up over TLS-ALPN-01 and served at once, renewed before it expires while visitors
//! request pages over HTTPS without one failure, reported to the service and on the metrics
//! listener, kept in a private cache that a restart serves from; and HTTP-01 on the redirect
//! listener. (A failed validation, which the metrics count, has a test binary of its own:
//! `acme_failure.rs`.) Each test's domain is its own, and each reads its own edge's log lines.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::os::unix::fs::PermissionsExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::body::Body;
use axum::http::StatusCode;
use custody_edge::config::AcmeChallenge;
use custody_edge::listeners::Role;
use custody_edge_test_support::bound;
use custody_edge_test_support::edge::{EdgeUnderTest, edge_config};
use custody_edge_test_support::metrics::metrics_text;
use custody_edge_test_support::pebble::Pebble;
use custody_edge_test_support::service::test_service;
use custody_edge_test_support::tally::Tally;
use custody_edge_test_support::test_ca::{TestCa, client_config, served_serial};
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::dns::Name;
use hyper_util::rt::TokioExecutor;

const WITHIN: Duration = Duration::from_secs(60);

/// An HTTPS client for `https://DOMAIN:PORT/` that reaches 127.0.0.1 and trusts `root_pem`;
/// `pooled: false` opens a connection (and a handshake) per request.
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_certificate_is_obtained_at_first_start_and_renewed_without_a_failed_request() {
    // pebble's DNS server answers this name (and every name) with 127.0.0.1.
    const DOMAIN: &str = "renewal.custody.test";
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    let ca_file = ca.write(dir.path());
    // The test keeps its copies of the sockets, as a socket unit does, so a restarted edge
    // gets the same ones.
    let (https, https_addr) = bound();
    let (metrics, metrics_addr) = bound();
    let port = https.local_addr().unwrap().port();
    let pebble = Pebble::start(dir.path(), &ca, port, 0, Duration::from_secs(24)).await;
    let origin = format!("https://{DOMAIN}:{port}");
    let mut config = edge_config(https.local_addr().unwrap(), &origin);
    config.tls.acme = pebble.acme_config(&ca_file, &dir.path().join("acme"), DOMAIN);
    config.metrics.listen = Some(metrics.local_addr().unwrap());
    let start = || {
        let sockets = vec![
            (Role::Site, https.try_clone().unwrap()),
            (Role::Metrics, metrics.try_clone().unwrap()),
        ];
        EdgeUnderTest::start(config.clone(), sockets, test_service)
    };
    let first = start().await;
    let mut log = first.log();
    let issued = log.wait_for("obtained a certificate", WITHIN).await;
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
    let renewed = log.wait_for("obtained a certificate", WITHIN).await;
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

    // The certificate the service is told of (what the site's readiness check reports), the
    // metrics and the private cache.
    let certificate = visitor(&pebble.root_pem, true)
        .get(format!("{origin}/certificate").parse().unwrap())
        .await
        .unwrap();
    assert_eq!(certificate.status(), StatusCode::OK);
    let certificate: serde_json::Value =
        serde_json::from_slice(&certificate.into_body().collect().await.unwrap().to_bytes())
            .unwrap();
    assert_eq!(certificate["valid"], true);
    assert_eq!(certificate["serial"], renewed_serial.as_str());
    let metrics_text = metrics_text(&metrics_addr).await;
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
    // another. Stopping the first edge drops its runtime, its renewal task with it, as the
    // process's exit would.
    first.stop().await.expect("a clean stop");
    let second = start().await;
    let mut log = second.log();
    log.wait_for("serving the ACME certificate kept in the cache", WITHIN)
        .await;
    assert_eq!(
        served_serial(&https_addr, DOMAIN, &pebble.root_pem).await,
        Ok(renewed_serial)
    );
    log.wait_for("renewal scheduled", WITHIN).await;
    assert!(
        !log.seen
            .iter()
            .any(|line| line.contains("obtained a certificate")),
        "the restart ordered a certificate instead of serving the cached one"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn http01_is_answered_on_the_redirect_listener() {
    const DOMAIN: &str = "http01.custody.test";
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    let ca_file = ca.write(dir.path());
    let (https, https_addr) = bound();
    let (plain, plain_addr) = bound();
    let port = https.local_addr().unwrap().port();
    let plain_port = plain.local_addr().unwrap().port();
    let pebble = Pebble::start(dir.path(), &ca, 0, plain_port, Duration::from_secs(3600)).await;
    let origin = format!("https://{DOMAIN}:{port}");
    let mut config = edge_config(https.local_addr().unwrap(), &origin);
    config.tls.acme = pebble.acme_config(&ca_file, &dir.path().join("acme"), DOMAIN);
    config.tls.acme.challenge = AcmeChallenge::Http01;
    config.tls.redirect_listen = Some(plain.local_addr().unwrap());
    let sockets = vec![(Role::Site, https), (Role::Redirect, plain)];
    let edge = EdgeUnderTest::start(config, sockets, test_service).await;
    edge.log().wait_for("obtained a certificate", WITHIN).await;
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
