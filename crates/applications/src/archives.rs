//! The log's archives beside it, `<log stem>.<UTC timestamp>.<log extension>` (for example
//! `contact-applications.20261101T020000.000Z.jsonl`): their names, sortable and never reused,
//! and their listing in the order they were rotated. Files are told apart by their identity
//! (device and inode), which a rename keeps.

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use jiff::civil::DateTime;
use jiff::tz::TimeZone;
use jiff::{RoundMode, SignedDuration, Timestamp, TimestampRound, Unit};
use serde::{Deserialize, Serialize};

/// The timestamp in an archive's name: fixed width, so names sort like times.
const STAMP: &str = "%Y%m%dT%H%M%S%.3fZ";

/// Which file this is, kept across renames: device and inode numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileId {
    /// Device number of the file system holding the file.
    pub device: u64,
    /// Inode number on that device.
    pub inode: u64,
}

impl FileId {
    /// The identity of an open file.
    pub fn of(file: &File) -> io::Result<FileId> {
        Ok(Self::from(&file.metadata()?))
    }

    /// The identity of the file at `path`; `None` when there is none.
    pub fn at(path: &Path) -> io::Result<Option<FileId>> {
        match std::fs::metadata(path) {
            Ok(meta) => Ok(Some(Self::from(&meta))),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error),
        }
    }
}

impl From<&std::fs::Metadata> for FileId {
    fn from(meta: &std::fs::Metadata) -> Self {
        FileId {
            device: meta.dev(),
            inode: meta.ino(),
        }
    }
}

/// One archive beside the log.
#[derive(Debug, Clone)]
pub struct Archive {
    /// Where it is.
    pub path: PathBuf,
    /// Which file it is.
    pub id: FileId,
    /// When it was last written: its newest application is no younger.
    pub modified: SystemTime,
}

/// The archives of `log`, oldest first.
pub fn list(log: &Path) -> io::Result<Vec<Archive>> {
    let (prefix, suffix) = name_parts(log);
    let dir = directory(log);
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(error),
    };
    let mut archives = Vec::new();
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let Some(stamp) = name
            .to_str()
            .and_then(|name| name.strip_prefix(prefix.as_str()))
            .and_then(|rest| rest.strip_suffix(suffix.as_str()))
        else {
            continue;
        };
        if parse_stamp(stamp).is_none() {
            continue;
        }
        let meta = match entry.path().metadata() {
            Ok(meta) => meta,
            Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
            Err(error) => return Err(error),
        };
        if meta.is_file() {
            archives.push(Archive {
                path: entry.path(),
                id: FileId::from(&meta),
                modified: meta.modified()?,
            });
        }
    }
    archives.sort_by(|a, b| a.path.file_name().cmp(&b.path.file_name()));
    Ok(archives)
}

/// A name for the next archive of `log`: now, or just after the newest archive when the clock
/// is behind it, so that names keep the order of rotations.
pub fn next_path(log: &Path) -> io::Result<PathBuf> {
    let newest = list(log)?
        .last()
        .and_then(|archive| stamp_of(log, &archive.path));
    // To the millisecond, as in the name: a later instant of the same millisecond is no later.
    let now = Timestamp::now();
    let now = now
        .round(
            TimestampRound::new()
                .smallest(Unit::Millisecond)
                .mode(RoundMode::Trunc),
        )
        .unwrap_or(now);
    let at = match newest {
        Some(newest) if newest >= now => newest + SignedDuration::from_millis(1),
        _ => now,
    };
    let (prefix, suffix) = name_parts(log);
    Ok(directory(log).join(format!("{prefix}{}{suffix}", at.strftime(STAMP))))
}

/// The directory holding `log`.
pub fn directory(log: &Path) -> &Path {
    log.parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// `path` with `suffix` added to its name.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(suffix);
    PathBuf::from(name)
}

/// What comes before and after the timestamp in an archive's name: `<stem>.` and `.<ext>`.
fn name_parts(log: &Path) -> (String, String) {
    let stem = log.file_stem().unwrap_or_default().to_string_lossy();
    let suffix = log
        .extension()
        .map(|ext| format!(".{}", ext.to_string_lossy()))
        .unwrap_or_default();
    (format!("{stem}."), suffix)
}

/// The time in the name of `archive`.
fn stamp_of(log: &Path, archive: &Path) -> Option<Timestamp> {
    let (prefix, suffix) = name_parts(log);
    let name = archive.file_name()?.to_str()?;
    parse_stamp(
        name.strip_prefix(prefix.as_str())?
            .strip_suffix(suffix.as_str())?,
    )
}

/// The UTC time an archive's name gives.
fn parse_stamp(stamp: &str) -> Option<Timestamp> {
    let at = DateTime::strptime(STAMP, stamp).ok()?;
    Some(at.to_zoned(TimeZone::UTC).ok()?.timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archives_are_named_after_the_log_and_listed_in_rotation_order() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("applications.jsonl");
        std::fs::write(&log, "").unwrap();
        let first = next_path(&log).unwrap();
        let name = first.file_name().unwrap().to_str().unwrap();
        assert!(
            name.starts_with("applications.2") && name.ends_with("Z.jsonl"),
            "{name}"
        );
        std::fs::write(&first, "").unwrap();
        let second = next_path(&log).unwrap();
        assert!(second.file_name() > first.file_name(), "{second:?}");
        // A clock set back still names the next archive after the newest.
        let ahead = dir.path().join("applications.29991231T235959.999Z.jsonl");
        std::fs::write(&ahead, "").unwrap();
        let next = next_path(&log).unwrap();
        assert!(next.file_name() > ahead.file_name(), "{next:?}");
        std::fs::write(dir.path().join("applications.jsonl.delivery.json"), "").unwrap();
        std::fs::write(dir.path().join("applications.backup.jsonl"), "").unwrap();
        let listed: Vec<PathBuf> = list(&log).unwrap().into_iter().map(|a| a.path).collect();
        assert_eq!(listed, [first, ahead]);
    }
}
