//! Native HTTPS as the release binary serves the site: its pages over HTTP/2 with HSTS and the
//! HTTPS origin in their canonical links, the readiness check reporting the certificate in
//! service, the site's security headers on the plain-HTTP redirects, a certificate reload
//! (SIGHUP) announced to the service manager and reported by the readiness check at once; and a
//! start refused, with the key named, when the certificate or key cannot be used. What the edge
//! does over TLS for any service (HTTP/1.1 and HTTP/2 by ALPN, where the redirects lead, the
//! TLS policy, a broken pair refused on reload, ACME) is tested in crates/edge/tests/.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::activation::{BIN, Notifications, bound, signal};
use crate::common::{Running, site_command};
use crate::test_ca::{TestCa, https_client};
use axum::body::Body;
use axum::http::{StatusCode, Version, header};
use http_body_util::BodyExt;
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

const WITHIN: Duration = Duration::from_secs(15);

/// The readiness check's answer at `origin`, asked with `client`.
async fn readiness(client: &Client<HttpsConnector<HttpConnector>, Body>, origin: &str) -> Value {
    let ready = client
        .get(format!("{origin}/readyz").parse().unwrap())
        .await
        .unwrap();
    assert_eq!(ready.status(), StatusCode::OK);
    let body = ready.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&body).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_over_https_with_hsts_its_certificate_in_readiness_and_a_reload() {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    let first = ca.issue_local(dir.path(), "site");
    let (site, addr) = bound();
    let (redirect, redirect_addr) = bound();
    let origin = format!("https://{addr}");
    let notifications = Notifications::bind(dir.path());
    let running = Running(
        site_command(&[("listen", &site), ("redirect", &redirect)], &origin)
            .env("CUSTODY_SITE_TLS_CERT", &first.cert)
            .env("CUSTODY_SITE_TLS_KEY", &first.key)
            .env(
                "CUSTODY_SITE_CONTACT_LOG",
                dir.path().join("applications.jsonl"),
            )
            .env("NOTIFY_SOCKET", notifications.path())
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    drop((site, redirect));
    notifications.wait_for("READY=1", WITHIN);
    let h2 = https_client(&ca.pem, true);
    let home = h2.get(format!("{origin}/").parse().unwrap()).await.unwrap();
    assert_eq!(home.status(), StatusCode::OK);
    assert_eq!(home.version(), Version::HTTP_2);
    assert_eq!(
        home.headers()[header::STRICT_TRANSPORT_SECURITY],
        "max-age=63072000; includeSubDomains"
    );
    let body = home.into_body().collect().await.unwrap().to_bytes();
    assert!(
        String::from_utf8_lossy(&body)
            .contains(&format!("<link rel=\"canonical\" href=\"{origin}/\">"))
    );
    let ready = readiness(&h2, &origin).await;
    assert_eq!(ready["certificate"]["valid"], true);
    assert_eq!(ready["certificate"]["serial"], first.serial.as_str());

    // Plain HTTP on the redirect listener is redirected with the site's security headers.
    let plain: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();
    let redirect = plain
        .get(format!("http://{redirect_addr}/zh/faq").parse().unwrap())
        .await
        .unwrap();
    assert_eq!(redirect.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(redirect.headers()["x-content-type-options"], "nosniff");

    // Swapped files and SIGHUP: the reload is announced to the service manager, and the
    // readiness check reports the new certificate.
    let second = ca.issue_local(dir.path(), "second");
    std::fs::copy(&second.cert, &first.cert).unwrap();
    std::fs::copy(&second.key, &first.key).unwrap();
    signal(running.0.id(), "-HUP");
    notifications.wait_for("RELOADING=1", WITHIN);
    notifications.wait_for("READY=1", WITHIN);
    let ready = readiness(&h2, &origin).await;
    assert_eq!(ready["certificate"]["valid"], true);
    assert_eq!(ready["certificate"]["serial"], second.serial.as_str());
}

#[test]
fn unusable_certificates_and_half_configurations_stop_the_start_with_the_key_named() {
    let dir = tempfile::tempdir().unwrap();
    TestCa::new().issue_local(dir.path(), "site");
    let check = |env: &[(&str, &Path)], public_url: &str| {
        let mut command = Command::new(BIN);
        command
            .args(["check", "--public-url", public_url])
            .env_remove("CUSTODY_SITE_CONFIG");
        for (key, value) in env {
            command.env(key, value);
        }
        let output = command.output().unwrap();
        assert!(!output.status.success());
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let cert = dir.path().join("site.pem");
    let key = dir.path().join("site.key");
    let missing = dir.path().join("missing.pem");
    let https = "https://custody.example";
    assert!(
        check(&[("CUSTODY_SITE_TLS_CERT", &cert)], https)
            .contains("tls.cert and tls.key go together")
    );
    assert!(
        check(
            &[
                ("CUSTODY_SITE_TLS_CERT", &missing),
                ("CUSTODY_SITE_TLS_KEY", &key)
            ],
            https
        )
        .contains("tls.cert: cannot read")
    );
    assert!(
        check(
            &[
                ("CUSTODY_SITE_TLS_CERT", &key),
                ("CUSTODY_SITE_TLS_KEY", &key)
            ],
            https
        )
        .contains("tls.cert")
    );
    assert!(
        check(
            &[
                ("CUSTODY_SITE_TLS_CERT", &cert),
                ("CUSTODY_SITE_TLS_KEY", &cert)
            ],
            https
        )
        .contains("tls.key")
    );
    assert!(
        check(
            &[
                ("CUSTODY_SITE_TLS_CERT", &cert),
                ("CUSTODY_SITE_TLS_KEY", &key)
            ],
            "http://custody.example"
        )
        .contains("public_url must start with https://")
    );
}
