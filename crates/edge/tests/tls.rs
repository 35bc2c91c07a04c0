//! The edge serving HTTPS with certificate files: HTTP/2 and HTTP/1.1 by ALPN, plain HTTP on
//! the redirect listener sent to the same path; the TLS policy as OpenSSL's own client sees it
//! (the server's cipher-suite order wins, TLS 1.2 only with ECDHE and AEAD, sessions resumed
//! from tickets); and SIGHUP reloading the files for new handshakes while open connections
//! carry on, a broken or mismatched pair refused with an error line and the old certificate
//! kept. SIGHUP goes to the whole test process: every edge of this binary serving HTTPS reloads
//! its own, unchanged, files, and each test reads its own server's lines.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use axum::body::Body;
use axum::http::{StatusCode, Version, header};
use custody_edge::listeners::Role;
use custody_edge_test_support::bound;
use custody_edge_test_support::edge::{EdgeUnderTest, edge_config};
use custody_edge_test_support::process::signal;
use custody_edge_test_support::service::{PAGE_BYTES, test_service};
use custody_edge_test_support::test_ca::{TestCa, https_client, https_client_http1, served_serial};
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

const WITHIN: Duration = Duration::from_secs(15);

/// An edge serving HTTPS on a socket of its own with the certificate files `cert` and `key`;
/// its address.
async fn https_edge(cert: &Path, key: &Path) -> (EdgeUnderTest, String) {
    let (site, addr) = bound();
    let mut config = edge_config(site.local_addr().unwrap(), &format!("https://{addr}"));
    config.tls.cert = Some(cert.to_path_buf());
    config.tls.key = Some(key.to_path_buf());
    let edge = EdgeUnderTest::start(config, vec![(Role::Site, site)], test_service).await;
    (edge, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_over_http2_and_http11_and_a_redirect_from_plain_http() {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    let issued = ca.issue_local(dir.path(), "site");
    let (site, addr) = bound();
    let (redirect, redirect_addr) = bound();
    let origin = format!("https://{addr}");
    let mut config = edge_config(site.local_addr().unwrap(), &origin);
    config.tls.cert = Some(issued.cert);
    config.tls.key = Some(issued.key);
    config.tls.redirect_listen = Some(redirect.local_addr().unwrap());
    let sockets = vec![(Role::Site, site), (Role::Redirect, redirect)];
    let _edge = EdgeUnderTest::start(config, sockets, test_service).await;

    let h2 = https_client(&ca.pem, true);
    let home = h2.get(format!("{origin}/").parse().unwrap()).await.unwrap();
    assert_eq!(home.status(), StatusCode::OK);
    assert_eq!(home.version(), Version::HTTP_2);
    let body = home.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(body.len(), PAGE_BYTES);

    // HTTP/1.1 over TLS too, for a client that offers nothing else.
    let http1 = https_client_http1(&ca.pem);
    let health = http1
        .get(format!("{origin}/healthz").parse().unwrap())
        .await
        .unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    assert_eq!(health.version(), Version::HTTP_11);

    // Plain HTTP on the redirect listener goes to the same path and query on the HTTPS site,
    // with the headers the service gave for redirects.
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sighup_reloads_the_certificate_files_and_refuses_a_broken_pair() {
    let dir = tempfile::tempdir().unwrap();
    let ca = TestCa::new();
    let first = ca.issue_local(dir.path(), "first");
    // Ready, so its SIGHUP handler is installed: the signal no longer ends the process.
    let (edge, addr) = https_edge(&first.cert, &first.key).await;
    let mut log = edge.log();
    let origin = format!("https://{addr}");
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
    signal(std::process::id(), "-HUP");
    let reloaded = log.wait_for("reloaded the certificate", WITHIN).await;
    assert!(reloaded.contains(&second.serial), "{reloaded}");
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
    signal(std::process::id(), "-HUP");
    let refused = log.wait_for("were not reloaded", WITHIN).await;
    assert!(refused.contains("tls.cert"), "{refused}");
    assert_eq!(
        served_serial(&addr, "localhost", &ca.pem).await,
        Ok(second.serial.clone())
    );
    let third = ca.issue_local(dir.path(), "third");
    std::fs::copy(&third.cert, &first.cert).unwrap();
    std::fs::copy(&second.key, &first.key).unwrap();
    signal(std::process::id(), "-HUP");
    let mismatched = log.wait_for("were not reloaded", WITHIN).await;
    assert!(mismatched.contains("does not belong"), "{mismatched}");
    assert_eq!(
        served_serial(&addr, "localhost", &ca.pem).await,
        Ok(second.serial)
    );
    assert_eq!(
        client.get(home.parse().unwrap()).await.unwrap().status(),
        StatusCode::OK
    );
    assert!(edge.is_running(), "the edge still serves");
}

/// An RSA certificate for 127.0.0.1 made with openssl in `dir` (`site.pem`, `site.key`): with
/// RSA, plain RSA key exchange and finite-field DHE are suites a permissive server could pick.
fn rsa_certificate(dir: &Path) {
    let status = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        ])
        .args([
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ])
        .arg("-keyout")
        .arg(dir.join("site.key"))
        .arg("-out")
        .arg(dir.join("site.pem"))
        .stderr(Stdio::null())
        .status()
        .expect("openssl runs");
    assert!(status.success(), "openssl made a certificate");
}

/// One handshake by `openssl s_client` with `args`, a request for `/healthz` sent once it is
/// done; what OpenSSL printed.
fn connect_with(port: u16, args: &[&str]) -> String {
    let mut client = Command::new("openssl")
        .args([
            "s_client",
            "-connect",
            &format!("127.0.0.1:{port}"),
            "-ign_eof",
        ])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("openssl runs");
    // Ask for an answer and read until the server closes: TLS 1.3 tickets come after the
    // handshake, and s_client stores them only once it has read them.
    let request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    std::io::Write::write_all(&mut client.stdin.take().unwrap(), request).unwrap();
    let output = client.wait_with_output().unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The line OpenSSL prints about the session of a handshake with `args` (`New, TLSv1.3, Cipher
/// is …`, `Reused, …`), or `None` when no session was established.
fn handshake(port: u16, args: &[&str]) -> Option<String> {
    session(&connect_with(port, args)).map(str::to_owned)
}

fn session(printed: &str) -> Option<&str> {
    printed
        .lines()
        .find(|line| line.starts_with("New, ") || line.starts_with("Reused, "))
        .filter(|line| !line.contains("(NONE)"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_cipher_order_wins_tls12_is_ecdhe_with_aead_and_sessions_resume() {
    let dir = tempfile::tempdir().unwrap();
    rsa_certificate(dir.path());
    let (_edge, addr) =
        https_edge(&dir.path().join("site.pem"), &dir.path().join("site.key")).await;
    let port: u16 = addr.rsplit(':').next().unwrap().parse().unwrap();
    // openssl's client blocks this test's thread; the edge serves on threads of its own.
    // The client prefers ChaCha20, then AES-256; the server's first choice wins.
    let tls13 = handshake(
        port,
        &[
            "-tls1_3",
            "-ciphersuites",
            "TLS_CHACHA20_POLY1305_SHA256:TLS_AES_256_GCM_SHA384:TLS_AES_128_GCM_SHA256",
        ],
    );
    assert_eq!(
        tls13.as_deref(),
        Some("New, TLSv1.3, Cipher is TLS_AES_128_GCM_SHA256")
    );
    let tls12 = handshake(
        port,
        &[
            "-tls1_2",
            "-cipher",
            "ECDHE-RSA-CHACHA20-POLY1305:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-AES128-GCM-SHA256",
        ],
    );
    assert_eq!(
        tls12.as_deref(),
        Some("New, TLSv1.2, Cipher is ECDHE-RSA-AES128-GCM-SHA256")
    );

    // Offered alone, an ECDHE suite with an AEAD cipher is accepted; RSA key exchange,
    // finite-field DHE and CBC are refused.
    let chacha = handshake(port, &["-tls1_2", "-cipher", "ECDHE-RSA-CHACHA20-POLY1305"]);
    assert_eq!(
        chacha.as_deref(),
        Some("New, TLSv1.2, Cipher is ECDHE-RSA-CHACHA20-POLY1305")
    );
    for refused in [
        "AES128-GCM-SHA256",
        "AES256-GCM-SHA384",
        "DHE-RSA-AES128-GCM-SHA256",
        "ECDHE-RSA-AES128-SHA256",
        "ECDHE-RSA-AES128-SHA",
    ] {
        let offered = handshake(port, &["-tls1_2", "-cipher", refused]);
        assert_eq!(offered, None, "{refused} is refused");
    }

    // A second connection resumes the first one's session from its ticket. TLS 1.2 gets a
    // ticket only from a ticketer (rustls otherwise resumes by session id): the rotating one
    // names a lifetime of 12 hours, twice its 6 hours of key rotation.
    for version in ["-tls1_3", "-tls1_2"] {
        let saved = dir.path().join(format!("session{version}"));
        let saved = saved.to_str().unwrap();
        let first = connect_with(port, &[version, "-sess_out", saved]);
        assert!(session(&first).unwrap().starts_with("New, "), "{first}");
        if version == "-tls1_2" {
            assert!(
                first.contains("TLS session ticket lifetime hint: 43200 (seconds)"),
                "{first}"
            );
        }
        let second = handshake(port, &[version, "-sess_in", saved]).unwrap();
        assert!(second.starts_with("Reused, "), "{version}: {second}");
    }
}
