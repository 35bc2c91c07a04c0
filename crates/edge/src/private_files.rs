//! Files only the service may read: directories made with mode 0700, and files replaced whole
//! (a temporary file with mode 0600, fsynced, renamed into place, the directory fsynced), so a
//! crash leaves either the old contents or the new.

use std::ffi::OsString;
use std::fs::{DirBuilder, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Creates `dir` and its missing parents with mode 0700.
pub fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Replaces the contents of `path` with `bytes`, durably and at once (mode 0600).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut name = OsString::from(path.as_os_str());
    name.push(".tmp");
    let temporary = PathBuf::from(name);
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&temporary)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&temporary, path)?;
    let dir = path
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    File::open(dir)?.sync_all()
}
