//! The TLS policy of the release binary, seen by OpenSSL's own client: the server's cipher-suite
//! order wins over the client's, TLS 1.2 is limited to ECDHE key exchange with AEAD ciphers, and
//! sessions resume with tickets (TLS 1.3 and 1.2).

use std::path::Path;
use std::process::{Command, Stdio};

use crate::activation::bound;
use crate::common::{Running, site_command};

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

#[test]
fn the_servers_cipher_order_wins_tls12_is_ecdhe_with_aead_and_sessions_resume() {
    let dir = tempfile::tempdir().unwrap();
    rsa_certificate(dir.path());
    let (listener, addr) = bound();
    let port = listener.local_addr().unwrap().port();
    let _site = Running(
        site_command(&[("listen", &listener)], &format!("https://{addr}"))
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
    // The handshakes wait in the socket's queue until the server, started, takes them.
    drop(listener);

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
