//! Native HTTPS: the release binary with a certificate from a test CA serves HTTP/2 and
//! HTTP/1.1 over TLS with HSTS, redirects plain HTTP to the same path, and refuses to start
//! (with the key named) when the certificate or key cannot be used.

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::{Running, free_port, site_command};
use axum::body::Body;
use axum::http::{Request, StatusCode, Version, header};
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};

const BIN: &str = env!("CARGO_BIN_EXE_custody-site");

/// A CA and a certificate it signed for 127.0.0.1 and localhost, as PEM files in `dir`;
/// returns the CA's certificate (PEM) for the client to trust.
pub(crate) fn certificates(dir: &Path) -> String {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(DnType::CommonName, "custody-site test CA");
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let issuer = Issuer::new(ca, ca_key);
    let key = KeyPair::generate().unwrap();
    let site = CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])
        .unwrap()
        .signed_by(&key, &issuer)
        .unwrap();
    std::fs::write(dir.join("site.pem"), site.pem() + &ca_cert.pem()).unwrap();
    std::fs::write(dir.join("site.key"), key.serialize_pem()).unwrap();
    ca_cert.pem()
}

fn https_client(
    ca_pem: &str,
    http2_only: bool,
) -> Client<hyper_rustls::HttpsConnector<hyper_util::client::legacy::connect::HttpConnector>, Body>
{
    let mut roots = rustls::RootCertStore::empty();
    let ca = rustls::pki_types::CertificateDer::from_pem_slice(ca_pem.as_bytes()).unwrap();
    roots.add(ca).unwrap();
    let tls = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(tls)
        .https_only()
        .enable_http1()
        .enable_http2()
        .build();
    Client::builder(TokioExecutor::new())
        .http2_only(http2_only)
        .build(connector)
}

use rustls::pki_types::pem::PemObject;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_with_http2_hsts_and_a_redirect_from_plain_http() {
    let dir = tempfile::tempdir().unwrap();
    let ca = certificates(dir.path());
    let (port, redirect_port) = (free_port(), free_port());
    let origin = format!("https://127.0.0.1:{port}");
    let _site = Running(
        site_command(port, &origin)
            .env("CUSTODY_SITE_TLS_CERT", dir.path().join("site.pem"))
            .env("CUSTODY_SITE_TLS_KEY", dir.path().join("site.key"))
            .env(
                "CUSTODY_SITE_TLS_REDIRECT_LISTEN",
                format!("127.0.0.1:{redirect_port}"),
            )
            .env(
                "CUSTODY_SITE_CONTACT_LOG",
                dir.path().join("applications.jsonl"),
            )
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let h2 = https_client(&ca, true);
    let deadline = Instant::now() + Duration::from_secs(15);
    let home = loop {
        match h2.get(format!("{origin}/").parse().unwrap()).await {
            Ok(response) => break response,
            Err(error) => {
                assert!(Instant::now() < deadline, "no HTTPS answer: {error:?}");
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
        }
    };
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
            format!("http://127.0.0.1:{redirect_port}/zh/faq?q=%E6%89%98%E7%AE%A1")
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
    let refused = plain
        .get(format!("http://127.0.0.1:{port}/").parse().unwrap())
        .await;
    assert!(refused.is_err() || refused.unwrap().status() != StatusCode::OK);
}

#[test]
fn unusable_certificates_and_half_configurations_stop_the_start_with_the_key_named() {
    let dir = tempfile::tempdir().unwrap();
    certificates(dir.path());
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
