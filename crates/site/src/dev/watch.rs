//! Notices edits in the content folder by comparing snapshots of its files' sizes and
//! modification times (a few dozen files: polling is cheap, and it sees the rename-on-save of
//! every editor and the edits made through a container's bind mount alike).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// How often the folder is looked at.
pub const POLL_INTERVAL: Duration = Duration::from_millis(250);

/// Every file below a folder with its size and modification time, in path order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snapshot(Vec<(PathBuf, u64, Option<SystemTime>)>);

impl Snapshot {
    /// Looks at every file below `root`; unreadable entries are left out (and so count as a
    /// change once they become readable again).
    pub fn take(root: &Path) -> Self {
        let mut files = Vec::new();
        let mut pending = vec![root.to_path_buf()];
        while let Some(dir) = pending.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let Ok(meta) = entry.metadata() else {
                    continue;
                };
                if meta.is_dir() {
                    pending.push(entry.path());
                } else {
                    files.push((entry.path(), meta.len(), meta.modified().ok()));
                }
            }
        }
        files.sort();
        Self(files)
    }
}

/// Waits until the folder differs from `last`, then until it has stayed the same for one poll
/// (an editor saving several files, or one file in several writes, is one change), and returns
/// the settled snapshot.
pub async fn next_change(root: &Path, last: &Snapshot) -> Snapshot {
    let mut seen = last.clone();
    loop {
        tokio::time::sleep(POLL_INTERVAL).await;
        let now = take_blocking(root).await;
        if now == seen {
            if now != *last {
                return now;
            }
        } else {
            seen = now;
        }
    }
}

/// [`Snapshot::take`] off the async workers.
pub async fn take_blocking(root: &Path) -> Snapshot {
    let root = root.to_path_buf();
    tokio::task::spawn_blocking(move || Snapshot::take(&root))
        .await
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_changes_with_a_files_contents_and_with_a_new_file() {
        let dir = std::env::temp_dir().join(format!("custody-watch-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("en")).unwrap();
        std::fs::write(dir.join("en/pages.toml"), "a = 1\n").unwrap();
        let first = Snapshot::take(&dir);
        assert_eq!(first, Snapshot::take(&dir));
        std::fs::write(dir.join("en/pages.toml"), "a = 12\n").unwrap();
        let second = Snapshot::take(&dir);
        assert_ne!(first, second);
        std::fs::write(dir.join("site.toml"), "").unwrap();
        assert_ne!(second, Snapshot::take(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
