//! Rotating the applications log while the service runs: SIGUSR1 asks the store's writer to
//! archive the log under a new name and start an empty one (the file steps are here; the writer
//! runs them between two batches, so no application waits longer than one rotation; the signal is
//! handled by `ContactDesk::rotate_on_signal` in `lib.rs`).

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use rustix::fs::{CWD, RenameFlags};

use super::archives;
use super::log_file::open_for_append;

/// A finished rotation: where the old log went, and the new empty log.
#[derive(Debug)]
pub struct Rotated {
    /// The archive the log was renamed to.
    pub archive: PathBuf,
    /// The new log, open for appending.
    pub log: File,
}

/// Renames `log` (whose open handle is `current`) to a new archive and creates an empty log in
/// its place: `current` is fsynced, the new file is made (mode 0600) under a temporary name, the
/// log renamed to the archive and the new file to the log, without replacing any file, then the
/// directory is fsynced. On an error the log is left (or put back) where it was.
pub fn rotate(log: &Path, current: &File) -> io::Result<Rotated> {
    if !current.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the log is not a regular file",
        ));
    }
    current.sync_all()?;
    let archive = archives::next_path(log)?;
    let fresh_path = archives::with_suffix(log, ".rotating");
    remove_if_present(&fresh_path)?;
    let fresh = open_for_append(&fresh_path)?;
    if let Err(error) = rename_without_replacing(log, &archive) {
        let _ = std::fs::remove_file(&fresh_path);
        return Err(error);
    }
    if let Err(error) = rename_without_replacing(&fresh_path, log) {
        let _ = rename_without_replacing(&archive, log);
        let _ = std::fs::remove_file(&fresh_path);
        return Err(error);
    }
    if let Err(error) = File::open(archives::directory(log)).and_then(|dir| dir.sync_all()) {
        tracing::warn!(%error, "cannot fsync the directory of the contact log after rotating it");
    }
    Ok(Rotated {
        archive,
        log: fresh,
    })
}

fn remove_if_present(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// `rename(from, to)` that fails rather than replace an existing `to`; on a file system without
/// `RENAME_NOREPLACE`, a check that `to` is free followed by a plain rename.
fn rename_without_replacing(from: &Path, to: &Path) -> io::Result<()> {
    match rustix::fs::renameat_with(CWD, from, CWD, to, RenameFlags::NOREPLACE) {
        Ok(()) => Ok(()),
        Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOSYS) => {
            if to.try_exists()? {
                return Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    format!("{} exists", to.display()),
                ));
            }
            std::fs::rename(from, to)
        }
        Err(error) => Err(error.into()),
    }
}
