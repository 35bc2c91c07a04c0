//! Certificates from files, reloaded without a restart: SIGHUP puts a new pair in service for
//! new handshakes while open connections carry on, and a broken or mismatched pair is refused
//! with an error line while the old certificate stays in service.

use std::time::Duration;

use axum::http::StatusCode;

use crate::activation::{BIN, Notifications, activated, bound, signal, spawn_logged};
use crate::common::Running;
use crate::test_ca::{TestCa, https_client, served_serial};

const WITHIN: Duration = Duration::from_secs(15);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sighup_reloads_the_certificate_files_and_refuses_a_broken_pair() {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    let first = ca.issue_local(dir.path(), "first");
    let (listener, addr) = bound();
    let origin = format!("https://{addr}");
    let notifications = Notifications::bind(dir.path());
    let (child, mut log) = spawn_logged(
        activated(BIN.as_ref(), &[("listen", &listener)], &origin)
            .env("CUSTODY_SITE_TLS_CERT", &first.cert)
            .env("CUSTODY_SITE_TLS_KEY", &first.key)
            .env(
                "CUSTODY_SITE_CONTACT_LOG",
                dir.path().join("applications.jsonl"),
            )
            .env("NOTIFY_SOCKET", notifications.path())
            .env("RUST_LOG", "info"),
    );
    let site = Running(child);
    let pid = site.0.id();
    notifications.wait_for("READY=1", WITHIN);
    assert_eq!(
        served_serial(&addr, "localhost", &ca.pem).await,
        Ok(first.serial.clone())
    );

    // An HTTP/2 connection opened before the reload keeps serving after it.
    let client = https_client(&ca.pem, true);
    let home = format!("{origin}/");
    assert_eq!(
        client.get(home.parse().unwrap()).await.unwrap().status(),
        StatusCode::OK
    );

    // Swapped files and SIGHUP: new handshakes get the new certificate.
    let second = ca.issue_local(dir.path(), "second");
    std::fs::copy(&second.cert, &first.cert).unwrap();
    std::fs::copy(&second.key, &first.key).unwrap();
    signal(pid, "-HUP");
    notifications.wait_for("RELOADING=1", WITHIN);
    log.wait_for("reloaded the certificate", WITHIN);
    notifications.wait_for("READY=1", WITHIN);
    assert_eq!(
        served_serial(&addr, "localhost", &ca.pem).await,
        Ok(second.serial.clone())
    );
    assert_eq!(
        client.get(home.parse().unwrap()).await.unwrap().status(),
        StatusCode::OK
    );

    // Garbage, then a key that belongs to another certificate: refused, the second stays.
    std::fs::write(&first.cert, "not a certificate").unwrap();
    signal(pid, "-HUP");
    let refused = log.wait_for("were not reloaded", WITHIN);
    assert!(refused.contains("tls.cert"), "{refused}");
    assert_eq!(
        served_serial(&addr, "localhost", &ca.pem).await,
        Ok(second.serial.clone())
    );
    let third = ca.issue_local(dir.path(), "third");
    std::fs::copy(&third.cert, &first.cert).unwrap();
    std::fs::copy(&second.key, &first.key).unwrap();
    signal(pid, "-HUP");
    let mismatched = log.wait_for("were not reloaded", WITHIN);
    assert!(mismatched.contains("does not belong"), "{mismatched}");
    assert_eq!(
        served_serial(&addr, "localhost", &ca.pem).await,
        Ok(second.serial)
    );
    assert_eq!(
        client.get(home.parse().unwrap()).await.unwrap().status(),
        StatusCode::OK
    );
    assert!(
        std::fs::metadata(format!("/proc/{pid}")).is_ok(),
        "the process is alive"
    );
}
