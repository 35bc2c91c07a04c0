//! Debian's `pebble`, the ACME test server of Let's Encrypt, started for one test on
//! 127.0.0.1 with its own certificate from a [`TestCa`], and `pebble-challtestsrv` as its DNS
//! server answering every name with 127.0.0.1, so that it validates challenges against the
//! ports the test gives.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use custody_edge::config::{AcmeChallenge, AcmeConfig};
use http_body_util::BodyExt;

use crate::process::{LogLines, Running};
use crate::test_ca::{TestCa, https_client};

/// A running pebble and its DNS server.
pub struct Pebble {
    _pebble: Running,
    _dns: Running,
    /// The ACME directory URL.
    pub directory: String,
    /// Pebble's root CA of this run, PEM: what a visitor trusts.
    pub root_pem: String,
}

impl Pebble {
    /// Starts pebble validating TLS-ALPN-01 on `tls_port` and HTTP-01 on `http_port` of
    /// 127.0.0.1, issuing certificates valid for `validity`. Its HTTPS listener has a
    /// certificate of `ca`. Nonces are rejected and authorizations reused at pebble's default
    /// rates, as the real service may.
    pub async fn start(
        dir: &Path,
        ca: &TestCa,
        tls_port: u16,
        http_port: u16,
        validity: Duration,
    ) -> Self {
        let listener = ca.issue_local(dir, "pebble");
        // pebble and pebble-challtestsrv bind their own ports and take no socket from the
        // test, so these are ports that were free a moment ago.
        let (acme_port, management_port, dns_port, dns_management_port) =
            (free_port(), free_port(), free_port(), free_port());
        let mut dns = Command::new("pebble-challtestsrv");
        dns.args(["-dns01", &format!("127.0.0.1:{dns_port}")])
            .args(["-http01", "", "-https01", "", "-tlsalpn01", ""])
            .args(["-management", &format!("127.0.0.1:{dns_management_port}")])
            .args(["-defaultIPv4", "127.0.0.1", "-defaultIPv6", ""]);
        let (dns, mut dns_log) = logged(&mut dns);
        let dns = Running(dns);
        dns_log.wait_for("Starting challenge servers", Duration::from_secs(10));
        let config = serde_json::json!({ "pebble": {
            "listenAddress": format!("127.0.0.1:{acme_port}"),
            "managementListenAddress": format!("127.0.0.1:{management_port}"),
            "certificate": listener.cert,
            "privateKey": listener.key,
            "httpPort": http_port,
            "tlsPort": tls_port,
            "ocspResponderURL": "",
            "externalAccountBindingRequired": false,
            "certificateValidityPeriod": validity.as_secs(),
        }});
        let config_file = dir.join("pebble-config.json");
        std::fs::write(&config_file, config.to_string()).unwrap();
        let mut pebble = Command::new("pebble");
        pebble
            .arg("-config")
            .arg(&config_file)
            .args(["-dnsserver", &format!("127.0.0.1:{dns_port}")])
            .env("PEBBLE_VA_NOSLEEP", "1");
        let (pebble, mut pebble_log) = logged(&mut pebble);
        let pebble = Running(pebble);
        pebble_log.wait_for("ACME directory available", Duration::from_secs(10));
        for port in [acme_port, management_port] {
            listening(port, Duration::from_secs(10)).await;
        }
        let roots = https_client(&ca.pem, false)
            .get(
                format!("https://127.0.0.1:{management_port}/roots/0")
                    .parse()
                    .unwrap(),
            )
            .await
            .unwrap();
        let root_pem = String::from_utf8(
            roots
                .into_body()
                .collect()
                .await
                .unwrap()
                .to_bytes()
                .to_vec(),
        )
        .unwrap();
        Self {
            _pebble: pebble,
            _dns: dns,
            directory: format!("https://127.0.0.1:{acme_port}/dir"),
            root_pem,
        }
    }
}

impl Pebble {
    /// The `[tls.acme]` section of an edge that orders a certificate for `domain` from this
    /// pebble over TLS-ALPN-01, trusting its HTTPS by the test CA's file `ca_file` and keeping
    /// its account and certificates in `cache_dir`.
    pub fn acme_config(&self, ca_file: &Path, cache_dir: &Path, domain: &str) -> AcmeConfig {
        AcmeConfig {
            domains: vec![domain.to_owned()],
            email: Some("operations@custody.example".into()),
            directory: self.directory.parse().expect("pebble's directory URL"),
            directory_ca: Some(ca_file.to_path_buf()),
            cache_dir: cache_dir.to_path_buf(),
            challenge: AcmeChallenge::TlsAlpn01,
        }
    }
}

/// Spawns `command` with its output (pebble writes its log to standard output) read as lines.
fn logged(command: &mut Command) -> (std::process::Child, LogLines) {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {command:?} (apt-get install pebble): {e}"));
    let lines = LogLines::of_stdout(&mut child);
    (child, lines)
}

/// A TCP port on 127.0.0.1 that is free now, for a program that binds its own.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Waits until `port` of 127.0.0.1 takes connections; panics after `within`. pebble writes its
/// last line just before it binds its listeners and has no other signal, so this is the one
/// place a connection is retried, at a short interval.
async fn listening(port: u16, within: Duration) {
    let deadline = std::time::Instant::now() + within;
    while let Err(error) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await {
        assert!(
            std::time::Instant::now() < deadline,
            "pebble does not listen on {port}: {error}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
