//! A failed ACME validation (Debian's pebble validating on a port where nothing listens): logged
//! with the problem document and the time to the next attempt, and counted on the metrics
//! listener, which shows no certificate expiry. A test binary of its own: the metrics are the
//! process's, and no other test's certificate may show in them.

use std::time::Duration;

use custody_edge::listeners::Role;
use custody_edge_test_support::bound;
use custody_edge_test_support::edge::{EdgeUnderTest, edge_config};
use custody_edge_test_support::metrics::metrics_text;
use custody_edge_test_support::pebble::Pebble;
use custody_edge_test_support::service::test_service;
use custody_edge_test_support::test_ca::TestCa;

const WITHIN: Duration = Duration::from_secs(60);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_failed_validation_is_logged_with_the_problem_document_and_counted() {
    // pebble's DNS server answers this name (and every name) with 127.0.0.1.
    const DOMAIN: &str = "failure.custody.test";
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
    let mut config = edge_config(https.local_addr().unwrap(), &origin);
    config.tls.acme = pebble.acme_config(&ca_file, &dir.path().join("acme"), DOMAIN);
    config.metrics.listen = Some(metrics.local_addr().unwrap());
    let sockets = vec![(Role::Site, https), (Role::Metrics, metrics)];
    let edge = EdgeUnderTest::start(config, sockets, test_service).await;
    let failure = edge
        .log()
        .wait_for("could not obtain a certificate", WITHIN)
        .await;
    assert!(failure.contains("urn:ietf:params:acme:error:"), "{failure}");
    assert!(failure.contains("retry_in_secs=30"), "{failure}");
    let metrics_text = metrics_text(&metrics_addr).await;
    assert!(
        metrics_text.contains("custody_site_tls_renewal_failures_total 1"),
        "{metrics_text}"
    );
    assert!(!metrics_text.contains("custody_site_tls_certificate_expiry_timestamp_seconds "));
}
