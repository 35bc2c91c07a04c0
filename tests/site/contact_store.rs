//! The applications store behind the site: an unwritable log answered 503 in the request's
//! language, and the operator's export and status commands of the binary. The store's own
//! behaviour on a real file system (concurrency, torn lines, rotations) is tested with the
//! applications crate, in `crates/applications/tests/store.rs`.

use std::process::Command;

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::contact::{app_in, submit, valid};

const BIN: &str = env!("CARGO_BIN_EXE_custody-site");

#[tokio::test]
async fn an_unwritable_log_is_a_503_never_a_201() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-directory");
    std::fs::write(&blocker, "a file where the log's directory should be").unwrap();
    let (app, _) = app_in(&blocker, |_| {});
    for lang in ["en", "zh"] {
        let answer = submit(&app, &valid(lang)).await;
        assert_eq!(
            answer.status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{}",
            answer.text
        );
        let reply: Value = serde_json::from_str(&answer.text).unwrap();
        assert_eq!(reply["error"]["code"], "unavailable");
        let expected = &crate::common::SITE
            .content()
            .locale(custody_content::Lang::from_code(lang).unwrap())
            .contact
            .error
            .unavailable;
        assert_eq!(reply["error"]["message"], expected.as_str());
    }
    if std::path::Path::new("/dev/full").exists() {
        let (full_disk, _) = app_in(dir.path(), |config| config.log = "/dev/full".into());
        let answer = submit(&full_disk, &valid("en")).await;
        assert_eq!(
            answer.status,
            StatusCode::SERVICE_UNAVAILABLE,
            "a full disk: {}",
            answer.text
        );
    }
}

#[tokio::test]
async fn export_and_status_for_operators() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let mut tricky = valid("en");
    tricky["company"] = json!("=HYPERLINK(\"http://evil.example\",\"Acme, \"\"Best\"\"\")");
    tricky["contactPerson"] = json!("@SUM(A1)");
    assert_eq!(submit(&app, &tricky).await.status, StatusCode::CREATED);
    assert_eq!(submit(&app, &valid("zh")).await.status, StatusCode::CREATED);
    let log_env = ("CUSTODY_SITE_CONTACT_LOG", log.to_str().unwrap());

    let csv = cli(&["submissions", "export"], log_env);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[0].starts_with("id,receivedAt,lang,company,"));
    assert!(
        lines[1].contains(r#","'=HYPERLINK(""http://evil.example"",""Acme, """"Best"""""")","#),
        "quoted and defused: {}",
        lines[1]
    );
    assert!(lines[1].contains(",'@SUM(A1),"));

    let jsonl = cli(&["submissions", "export", "--format", "jsonl"], log_env);
    assert_eq!(jsonl, std::fs::read_to_string(&log).unwrap());
    let future = cli(&["submissions", "export", "--since", "2999-01-01"], log_env);
    assert_eq!(future.lines().count(), 1, "only the header");
    let today = jiff::Timestamp::now()
        .to_zoned(jiff::tz::TimeZone::UTC)
        .date();
    let since_today = cli(
        &[
            "submissions",
            "export",
            "--format",
            "jsonl",
            "--since",
            &today.to_string(),
        ],
        log_env,
    );
    assert_eq!(since_today.lines().count(), 2);

    let status = cli(&["submissions", "status"], log_env);
    assert!(status.contains("stored:     2"), "{status}");
    assert!(status.contains("pending:    2"), "{status}");
    assert!(status.contains("webhook:    not configured"), "{status}");

    let missing = Command::new(BIN)
        .args(["submissions", "export", "--since", "yesterday"])
        .env("CUSTODY_SITE_CONTACT_LOG", log.to_str().unwrap())
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("--since"));
}

/// Runs the binary with one environment variable and returns its standard output.
pub fn cli(args: &[&str], variable: (&str, &str)) -> String {
    cli_with(args, &[variable])
}

/// Runs the binary with environment variables `env` and returns its standard output.
pub fn cli_with(args: &[&str], env: &[(&str, &str)]) -> String {
    let output = Command::new(BIN)
        .args(args)
        .env_remove("CUSTODY_SITE_CONFIG")
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}
