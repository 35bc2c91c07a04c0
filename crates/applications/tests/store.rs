//! The applications store on a real file system, without the site: concurrent applications each
//! one line, a torn last line skipped, the log's directory created private, a rotation that
//! cannot happen leaving the log in service, and applications sent during rotations each stored
//! once. What the site answers for them (201, a localized 503) is in `tests/site/contact*.rs`.

use std::collections::HashSet;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use custody_applications::archives;
use custody_applications::store::Store;
use support::{draft, records};

mod support;

/// The store of `applications.jsonl` in `dir`, with group commit, and the log's path.
fn store_in(dir: &Path) -> (Arc<Store>, PathBuf) {
    let log = dir.join("applications.jsonl");
    (Arc::new(Store::open(&log, true)), log)
}

/// The ids in the archives of `log`, oldest first, then in `log`.
fn ids_across_rotations(log: &Path) -> Vec<String> {
    archives::list(log)
        .unwrap()
        .into_iter()
        .map(|archive| archive.path)
        .chain([log.to_path_buf()])
        .flat_map(|file| records(&file))
        .map(|record| record.id)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_thousand_concurrent_applications_are_two_thousand_lines() {
    let dir = tempfile::tempdir().unwrap();
    let (store, log) = store_in(dir.path());
    let tasks: Vec<_> = (0..2000)
        .map(|n| {
            let store = store.clone();
            tokio::spawn(async move {
                let lang = if n % 2 == 0 { "en" } else { "zh" };
                let receipt = store.submit(draft(&format!("Company {n}"), lang)).await;
                receipt.expect("stored").id
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
    let (store, log) = store_in(dir.path());
    store.submit(draft("Before", "en")).await.expect("stored");
    drop(store);
    let mut text = std::fs::read_to_string(&log).unwrap();
    let first = text.clone();
    text.push_str("{\"id\":\"0190-torn\",\"receivedAt\":\"2026-11-");
    std::fs::write(&log, &text).unwrap();

    let (store, log) = store_in(dir.path());
    store.submit(draft("After", "zh")).await.expect("stored");
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
async fn an_unwritable_log_refuses_every_application() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-directory");
    std::fs::write(&blocker, "a file where the log's directory should be").unwrap();
    let (store, _) = store_in(&blocker);
    assert!(store.submit(draft("Nowhere", "en")).await.is_err());
    assert!(!store.writable());
    if Path::new("/dev/full").exists() {
        let full_disk = Store::open(Path::new("/dev/full"), true);
        assert!(
            full_disk.submit(draft("Full", "en")).await.is_err(),
            "a full disk refuses"
        );
    }
}

#[tokio::test]
async fn the_log_directory_is_created_and_private() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("var/lib/custody");
    let (store, log) = store_in(&nested);
    store.submit(draft("Nested", "en")).await.expect("stored");
    assert_eq!(records(&log).len(), 1);
    let mode = std::fs::metadata(&nested).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700);
    let mode = std::fs::metadata(&log).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rotation_that_fails_keeps_the_log_in_service() {
    let dir = tempfile::tempdir().unwrap();
    let (store, log) = store_in(dir.path());
    store.submit(draft("First", "en")).await.expect("stored");

    // A directory where the rotation makes the new log: the rotation cannot happen.
    let in_the_way = dir.path().join("applications.jsonl.rotating");
    std::fs::create_dir_all(in_the_way.join("something")).unwrap();
    assert!(store.rotate().await.is_err());
    store.submit(draft("Second", "zh")).await.expect("stored");
    assert_eq!(records(&log).len(), 2, "the log stayed in service");
    assert!(archives::list(&log).unwrap().is_empty());

    std::fs::remove_dir_all(&in_the_way).unwrap();
    let archive = store.rotate().await.expect("the rotation succeeds");
    assert_eq!(records(&archive).len(), 2);
    let mode = std::fs::metadata(&archive).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    store.submit(draft("Third", "en")).await.expect("stored");
    assert_eq!(records(&log).len(), 1, "a new log after the rotation");
    assert_eq!(archives::list(&log).unwrap().len(), 1);
    assert!(!in_the_way.exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn applications_sent_during_rotations_are_each_stored_once() {
    let dir = tempfile::tempdir().unwrap();
    let (store, log) = store_in(dir.path());
    // Each acknowledgement is announced: the application is on disk.
    let (stored_one, mut acknowledgements) = tokio::sync::mpsc::unbounded_channel();
    let submissions: Vec<_> = (0..300)
        .map(|n| {
            let (store, stored_one) = (store.clone(), stored_one.clone());
            tokio::spawn(async move {
                let company = format!("During rotations {n}");
                let receipt = store.submit(draft(&company, "en")).await.expect("stored");
                let _ = stored_one.send(());
                receipt.id
            })
        })
        .collect();
    drop(stored_one);
    for _ in 0..3 {
        // Each rotation once the new log has an application, while others are in flight: the
        // log is looked at after each acknowledgement, until none is left to come.
        let log_has_one = || std::fs::metadata(&log).is_ok_and(|meta| meta.len() > 0);
        while !log_has_one() && acknowledgements.recv().await.is_some() {}
        store.rotate().await.expect("rotated");
    }
    let mut acknowledged = HashSet::new();
    for submission in submissions {
        acknowledged.insert(submission.await.unwrap());
    }
    assert_eq!(archives::list(&log).unwrap().len(), 3);
    let stored = ids_across_rotations(&log);
    assert_eq!(stored.len(), 300, "each once");
    assert!(
        stored.is_sorted(),
        "archives oldest first, each in the log's order (UUID v7 ids follow it)"
    );
    assert_eq!(stored.into_iter().collect::<HashSet<_>>(), acknowledged);
}
