//! The applications store on a real file system: concurrent submissions, torn-line recovery,
//! unwritable logs, a rotation that cannot happen, and the operator's export and status
//! commands.

use std::collections::HashSet;
use std::process::Command;

use axum::http::StatusCode;
use custody_applications::archives;
use serde_json::{Value, json};

use crate::contact::{app_in, desk_in, ids_across_rotations, records, submit, valid};

const BIN: &str = env!("CARGO_BIN_EXE_custody-site");

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_thousand_concurrent_applications_are_two_thousand_lines() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    let tasks: Vec<_> = (0..2000)
        .map(|n| {
            let app = app.clone();
            tokio::spawn(async move {
                let mut body = valid(if n % 2 == 0 { "en" } else { "zh" });
                body["company"] = json!(format!("Company {n}"));
                let answer = submit(&app, &body).await;
                assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
                serde_json::from_str::<Value>(&answer.text).unwrap()["id"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
        })
        .collect();
    let mut acknowledged = HashSet::new();
    for task in tasks {
        acknowledged.insert(task.await.unwrap());
    }
    let stored = records(&log);
    assert_eq!(stored.len(), 2000);
    let ids: HashSet<String> = stored.iter().map(|r| r.id.clone()).collect();
    assert_eq!(ids.len(), 2000, "ids are unique");
    assert_eq!(ids, acknowledged, "every acknowledged id is in the log");
    let companies: HashSet<&str> = stored
        .iter()
        .map(|r| r.draft.application.company.as_str())
        .collect();
    assert_eq!(companies.len(), 2000);
    let mut sorted = stored.iter().map(|r| r.id.clone()).collect::<Vec<_>>();
    sorted.sort();
    assert_eq!(
        sorted,
        stored.iter().map(|r| r.id.clone()).collect::<Vec<_>>(),
        "UUID v7 ids follow the log order"
    );
}

#[tokio::test]
async fn a_torn_last_line_is_skipped_and_earlier_records_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (app, log) = app_in(dir.path(), |_| {});
    assert_eq!(submit(&app, &valid("en")).await.status, StatusCode::CREATED);
    drop(app);
    let mut text = std::fs::read_to_string(&log).unwrap();
    let first = text.clone();
    text.push_str("{\"id\":\"0190-torn\",\"receivedAt\":\"2026-11-");
    std::fs::write(&log, &text).unwrap();

    let (app, log) = app_in(dir.path(), |_| {});
    let answer = submit(&app, &valid("zh")).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    let stored = records(&log);
    assert_eq!(
        stored.len(),
        2,
        "the earlier record and the new one, nothing torn"
    );
    assert!(std::fs::read_to_string(&log).unwrap().starts_with(&first));
    assert_eq!(stored[1].draft.lang, "zh");
}

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
            .content
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
async fn the_log_directory_is_created_and_private() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("var/lib/custody");
    let (app, log) = app_in(&nested, |_| {});
    assert_eq!(submit(&app, &valid("en")).await.status, StatusCode::CREATED);
    assert_eq!(records(&log).len(), 1);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&nested).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rotation_that_fails_keeps_the_log_in_service() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let (desk, app, log) = desk_in(dir.path(), |_| {});
    assert_eq!(submit(&app, &valid("en")).await.status, StatusCode::CREATED);

    // A directory where the rotation makes the new log: the rotation cannot happen.
    let in_the_way = dir.path().join("applications.jsonl.rotating");
    std::fs::create_dir_all(in_the_way.join("something")).unwrap();
    assert!(desk.store.rotate().await.is_err());
    assert_eq!(submit(&app, &valid("zh")).await.status, StatusCode::CREATED);
    assert_eq!(records(&log).len(), 2, "the log stayed in service");
    assert!(archives::list(&log).unwrap().is_empty());

    std::fs::remove_dir_all(&in_the_way).unwrap();
    let archive = desk.store.rotate().await.expect("the rotation succeeds");
    assert_eq!(records(&archive).len(), 2);
    let mode = std::fs::metadata(&archive).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    assert_eq!(submit(&app, &valid("en")).await.status, StatusCode::CREATED);
    assert_eq!(records(&log).len(), 1, "a new log after the rotation");
    assert_eq!(archives::list(&log).unwrap().len(), 1);
    assert!(!in_the_way.exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn applications_sent_during_rotations_are_each_stored_once() {
    let dir = tempfile::tempdir().unwrap();
    let (desk, app, log) = desk_in(dir.path(), |_| {});
    // Each acknowledgement is announced: the application is on disk.
    let (stored_one, mut acknowledgements) = tokio::sync::mpsc::unbounded_channel();
    let submissions: Vec<_> = (0..300)
        .map(|n| {
            let (app, stored_one) = (app.clone(), stored_one.clone());
            tokio::spawn(async move {
                let mut body = valid("en");
                body["company"] = json!(format!("During rotations {n}"));
                let answer = submit(&app, &body).await;
                assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
                let reply: Value = serde_json::from_str(&answer.text).unwrap();
                let _ = stored_one.send(());
                reply["id"].as_str().unwrap().to_owned()
            })
        })
        .collect();
    drop(stored_one);
    for _ in 0..3 {
        // Each rotation once the new log has an application, while others are in flight: the
        // log is looked at after each acknowledgement, until none is left to come.
        let log_has_one = || std::fs::metadata(&log).is_ok_and(|meta| meta.len() > 0);
        while !log_has_one() && acknowledgements.recv().await.is_some() {}
        desk.store.rotate().await.expect("rotated");
    }
    let mut acknowledged = HashSet::new();
    for submission in submissions {
        acknowledged.insert(submission.await.unwrap());
    }
    assert_eq!(archives::list(&log).unwrap().len(), 3);
    let stored = ids_across_rotations(&log);
    assert_eq!(stored.len(), 300, "each once");
    assert_eq!(stored.into_iter().collect::<HashSet<_>>(), acknowledged);
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
