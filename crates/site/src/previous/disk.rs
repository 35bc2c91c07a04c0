//! The builds directory on disk: the running build's files stored whole or not at all (written
//! to a temporary directory, synced, then renamed into place), retirement marks, deletion.
//! Directories are created with mode 0700 and files with 0600: the directory is the service's
//! own state, like the applications log beside it, and nothing else needs to read it.

use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::index::{INDEX, PACK, Packed};
use super::stored::read_index;

/// The retirement mark's file name: when a binary first found the build as a previous one, in
/// Unix seconds.
const RETIRED: &str = "retired";
/// Names starting with this are work in progress, never builds.
const TEMPORARY: &str = ".tmp-";
/// A temporary entry older than this was left by a process that stopped while writing.
const STALE: Duration = Duration::from_secs(600);

/// What storing the running build did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// The build was already there, whole.
    Kept,
    /// The build was written now.
    Written,
}

/// Makes sure the running build is in `dir`, whole: kept when its index and `files.bin` are
/// those of `packed`, else written anew beside it and renamed into place.
pub fn store(dir: &Path, packed: &Packed) -> io::Result<Stored> {
    let id = &packed.index.build;
    let target = dir.join(id);
    if is_whole(&target, packed) {
        return Ok(Stored::Kept);
    }
    private_dir(dir)?;
    let temporary = dir.join(format!("{TEMPORARY}{id}-{}", std::process::id()));
    let written = write_build(&temporary, packed).and_then(|()| {
        if target.exists() {
            delete(&target)?;
        }
        fs::rename(&temporary, &target)
    });
    match written {
        Ok(()) => {
            File::open(dir)?.sync_all()?;
            Ok(Stored::Written)
        }
        Err(error) => {
            let _ = fs::remove_dir_all(&temporary);
            if is_whole(&target, packed) {
                // Another process stored the same build at the same time.
                Ok(Stored::Kept)
            } else {
                Err(error)
            }
        }
    }
}

fn is_whole(target: &Path, packed: &Packed) -> bool {
    let pack_len = fs::metadata(target.join(PACK)).map(|meta| meta.len());
    pack_len.is_ok_and(|len| len == packed.bytes())
        && read_index(target).is_ok_and(|index| index == packed.index)
}

fn write_build(temporary: &Path, packed: &Packed) -> io::Result<()> {
    if temporary.exists() {
        fs::remove_dir_all(temporary)?;
    }
    private_dir(temporary)?;
    let mut pack = BufWriter::with_capacity(256 * 1024, private_file(&temporary.join(PACK))?);
    for body in &packed.bodies {
        pack.write_all(body)?;
    }
    pack.into_inner()
        .map_err(|error| error.into_error())?
        .sync_all()?;
    let mut index = private_file(&temporary.join(INDEX))?;
    index.write_all(&serde_json::to_vec(&packed.index).map_err(io::Error::other)?)?;
    index.sync_all()?;
    File::open(temporary)?.sync_all()
}

/// The retirement of the build in `build_dir`; `None` when it has none (or an unreadable one).
pub fn retirement(build_dir: &Path) -> Option<u64> {
    fs::read_to_string(build_dir.join(RETIRED))
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// Records the retirement of the build in `build_dir` at `at` (Unix seconds).
pub fn retire(build_dir: &Path, at: u64) -> io::Result<()> {
    let temporary = build_dir.join(format!("{TEMPORARY}{RETIRED}"));
    let mut file = private_file(&temporary)?;
    file.write_all(format!("{at}\n").as_bytes())?;
    file.sync_all()?;
    fs::rename(&temporary, build_dir.join(RETIRED))
}

/// Removes the retirement of the running build (run again after a rollback).
pub fn unretire(build_dir: &Path) -> io::Result<()> {
    match fs::remove_file(build_dir.join(RETIRED)) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// Deletes a build directory: renamed out of the way first, so that a stop half-way never leaves
/// a half build under the build's name.
pub fn delete(build_dir: &Path) -> io::Result<()> {
    let name = build_dir
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let doomed = build_dir.with_file_name(format!("{TEMPORARY}deleted-{name}"));
    if doomed.exists() {
        fs::remove_dir_all(&doomed)?;
    }
    fs::rename(build_dir, &doomed)?;
    fs::remove_dir_all(&doomed)
}

/// Removes what processes stopped while writing or deleting left in `dir`; the count removed.
pub fn remove_stale(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(TEMPORARY))
        .filter(|entry| {
            let modified = entry.metadata().and_then(|meta| meta.modified());
            modified.is_ok_and(|at| at.elapsed().is_ok_and(|age| age > STALE))
        })
        .filter(|entry| fs::remove_dir_all(entry.path()).is_ok())
        .count()
}

/// The build directories in `dir` (names that can be build ids), `[]` when there is no `dir`.
pub fn build_dirs(dir: &Path) -> io::Result<Vec<(String, PathBuf)>> {
    let entries = match fs::read_dir(dir) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        entries => entries?,
    };
    Ok(entries
        .flatten()
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_dir()))
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            super::index::valid_build_id(&name).then(|| (name, entry.path()))
        })
        .collect())
}

/// Now, in Unix seconds.
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

fn private_dir(path: &Path) -> io::Result<()> {
    DirBuilder::new().recursive(true).mode(0o700).create(path)
}

fn private_file(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
}
