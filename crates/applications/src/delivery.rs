//! The webhook's delivery state, kept beside the log in `<log>.delivery.json`: how far delivery
//! has come (a byte offset into one file, the live log or an archive being drained, advanced
//! only after the receiver accepted) and the last attempt's outcome. Written to a temporary
//! file, fsynced and renamed into place, so a crash leaves either the old state or the new one.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::archives::{FileId, directory, with_suffix};

/// Delivery progress through the log.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DeliveryState {
    /// The file `offset` counts in: the live log or one of its archives. Absent in a state
    /// saved before rotation existed, which means the live log.
    pub file: Option<FileId>,
    /// Bytes of that file delivered: the next application starts here.
    pub offset: u64,
    /// Applications delivered (or skipped as unreadable) so far.
    pub delivered: u64,
    /// Id of the last application the receiver accepted.
    pub last_delivered_id: Option<String>,
    /// When it was accepted, RFC 3339.
    pub last_delivered_at: Option<String>,
    /// Failed attempts at the application now being delivered.
    pub failed_attempts: u32,
    /// Why the last failed attempt failed; cleared by a success.
    pub last_error: Option<String>,
    /// When the last failed attempt was made, RFC 3339.
    pub last_error_at: Option<String>,
}

/// `<log>.delivery.json`.
pub fn state_path(log: &Path) -> PathBuf {
    with_suffix(log, ".delivery.json")
}

/// The saved state; the start of the log when none was saved yet.
pub fn load(log: &Path) -> io::Result<DeliveryState> {
    match std::fs::read(state_path(log)) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(DeliveryState::default()),
        Err(error) => Err(error),
    }
}

/// Saves `state` durably: temporary file, fsync, rename, fsync of the directory.
pub fn save(log: &Path, state: &DeliveryState) -> io::Result<()> {
    let target = state_path(log);
    let temporary = with_suffix(log, ".delivery.json.tmp");
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&temporary)?;
    file.write_all(&serde_json::to_vec_pretty(state).expect("the state serializes"))?;
    file.sync_all()?;
    std::fs::rename(&temporary, &target)?;
    File::open(directory(log))?.sync_all()
}
