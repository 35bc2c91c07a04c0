//! The webhook as the binary's operator meets it: the secret checked at start-up and never
//! printed, the status without the URL's credentials. Delivery itself is tested with the
//! applications crate (`crates/applications/tests/webhook.rs`), the release binary's deliveries
//! in `webhook_binary.rs`.

use std::process::Command;

use custody_applications::ContactConfig;
use custody_applications::secret::Secret;
use custody_edge_test_support::webhook_receiver::SECRET;

use crate::contact_store::cli_with;

#[test]
fn the_webhook_secret_is_checked_and_never_printed() {
    let bad = Command::new(env!("CARGO_BIN_EXE_custody-site"))
        .arg("check")
        .env(
            "CUSTODY_SITE_CONTACT_WEBHOOK_URL",
            "https://hooks.example/applications",
        )
        .env("CUSTODY_SITE_CONTACT_WEBHOOK_SECRET", "whsec_dG9vLXNob3J0")
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(
        stderr.contains("contact.webhook_secret") && stderr.contains("24 to 64 bytes"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("dG9vLXNob3J0"),
        "the secret is not echoed: {stderr}"
    );
    let config = ContactConfig {
        webhook_secret: Secret::new(SECRET),
        ..ContactConfig::default()
    };
    assert!(!format!("{config:?}").contains("MfKQ9"));
}

#[test]
fn the_status_shows_the_webhook_without_credentials_or_query() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("applications.jsonl");
    std::fs::write(&log, "").unwrap();
    let status = cli_with(
        &["submissions", "status"],
        &[
            ("CUSTODY_SITE_CONTACT_LOG", log.to_str().unwrap()),
            (
                "CUSTODY_SITE_CONTACT_WEBHOOK_URL",
                "https://hook-user:s3cret-pass@hooks.example/in/applications?token=s3cret-token",
            ),
            ("CUSTODY_SITE_CONTACT_WEBHOOK_SECRET", SECRET),
        ],
    );
    assert!(
        status.contains("webhook:    https://hooks.example/in/applications\n"),
        "{status}"
    );
    assert!(
        !status.contains("s3cret") && !status.contains("hook-user"),
        "{status}"
    );
}
