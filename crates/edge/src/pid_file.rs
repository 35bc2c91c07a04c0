//! `server.pid_file`: the process id of the process serving now, written once it is ready, so
//! `kill -USR2 $(cat …)` reaches it; after an upgrade the new process has written its own.

use std::path::Path;

use crate::config::EdgeConfig;
use crate::private_files::write_atomically;

/// Writes this process's id to the configured pid file (a failure is logged).
pub fn write(config: &EdgeConfig) {
    let Some(path) = &config.server.pid_file else {
        return;
    };
    if let Err(error) = write_atomically(path, format!("{}\n", std::process::id()).as_bytes()) {
        tracing::error!(path = %path.display(), %error, "cannot write server.pid_file");
    }
}

/// Removes the pid file when it still names this process (a successor's stays).
pub fn remove(config: &EdgeConfig) {
    let Some(path) = &config.server.pid_file else {
        return;
    };
    if names_this_process(path) {
        let _ = std::fs::remove_file(path);
    }
}

fn names_this_process(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|text| text.trim() == std::process::id().to_string())
}
