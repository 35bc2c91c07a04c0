//! Native HTTPS: the release binary with a certificate from a test CA serves HTTP/2 and
//! HTTP/1.1 over TLS with HSTS, redirects plain HTTP to the same path, and refuses to start
//! (with the key named) when the certificate or key cannot be used.

use crate::activation::{BIN, bound};
use crate::common::{Running, site_command};
use crate::test_ca::{TestCa, https_client};
use axum::body::Body;
use axum::http::{Request, StatusCode, Version, header};
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::path::Path;
use std::process::{Command, Stdio};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_with_http2_hsts_and_a_redirect_from_plain_http() {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    ca.issue_local(dir.path(), "site");
    let ca = ca.pem;
    let (site, addr) = bound();
    let (redirect, redirect_addr) = bound();
    let origin = format!("https://{addr}");
    let _site = Running(
        site_command(&[("listen", &site), ("redirect", &redirect)], &origin)
            .env("CUSTODY_SITE_TLS_CERT", dir.path().join("site.pem"))
            .env("CUSTODY_SITE_TLS_KEY", dir.path().join("site.key"))
            .env(
                "CUSTODY_SITE_CONTACT_LOG",
                dir.path().join("applications.jsonl"),
            )
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    drop((site, redirect));
    // The connection waits in the socket's queue until the server, started, takes it.
    let h2 = https_client(&ca, true);
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

    // HTTP/1.1 over TLS too, with the same answers.
    let http1 = https_client(&ca, false);
    let request = Request::get(format!("{origin}/zh/faq"))
        .version(Version::HTTP_11)
        .body(Body::empty())
        .unwrap();
    let faq = http1.request(request).await.unwrap();
    assert_eq!(faq.status(), StatusCode::OK);

    // Plain HTTP on the redirect listener goes to the same path and query on the HTTPS site.
    let plain: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();
    let redirect = plain
        .get(
            format!("http://{redirect_addr}/zh/faq?q=%E6%89%98%E7%AE%A1")
                .parse()
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(redirect.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(
        redirect.headers()[header::LOCATION],
        format!("{origin}/zh/faq?q=%E6%89%98%E7%AE%A1")
    );
    assert_eq!(redirect.headers()["x-content-type-options"], "nosniff");

    // A plain-HTTP request to the HTTPS port gets no page.
    let refused = plain.get(format!("http://{addr}/").parse().unwrap()).await;
    assert!(refused.is_err() || refused.unwrap().status() != StatusCode::OK);
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
