//! Where webhook delivery reads: an open handle on the live log, or on an archive still being
//! drained, and a byte offset in it. The reader follows the log through rotations: at the end of
//! its file it checks whether the log's path still names that file; if not, the file was
//! archived, so it reads it to its end once more (whatever was written before the rotation) and
//! then moves to the next archive, or to the live log, at offset 0.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use super::archives::{self, FileId};
use super::log_file::{Line, Lines};

/// A reading position in the log or one of its archives.
#[derive(Debug)]
pub struct Cursor {
    log: PathBuf,
    /// The file read; `None` while the live log does not exist.
    file: Option<File>,
    id: Option<FileId>,
    offset: u64,
}

/// What [`Cursor::step`] found.
#[derive(Debug)]
pub enum Step {
    /// The next complete line; [`Cursor::advance`] passes it once it is handled.
    Line(Box<Line>),
    /// The end of the live log: nothing to read until an append.
    Wait,
    /// The end of a file that was archived, read to its end: [`Cursor::move_on`] goes on.
    Drained,
    /// The file is shorter than the offset (replaced or truncated by hand): reading starts
    /// again at its beginning.
    Restarted,
}

/// Applications around a position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// In the cursor's file, before its offset.
    pub before: u64,
    /// In the cursor's file, from its offset on.
    pub after: u64,
    /// In the archives rotated after the cursor's file (none when it reads the live log).
    pub later_archives: u64,
}

impl Cursor {
    /// The position `offset` in `file`: the live log when `file` is absent (a state saved
    /// before rotation existed) or names it, else the archive that is `file`. `None` when no
    /// file beside the log is `file`.
    pub fn resume(log: &Path, file: Option<FileId>, offset: u64) -> io::Result<Option<Cursor>> {
        let live = Self::live(log, offset)?;
        if file.is_none() || file == live.id {
            return Ok(Some(live));
        }
        let Some(archive) = archives::list(log)?
            .into_iter()
            .find(|archive| Some(archive.id) == file)
        else {
            return Ok(None);
        };
        let handle = File::open(&archive.path)?;
        Ok(Some(Cursor {
            log: log.to_path_buf(),
            id: Some(FileId::of(&handle)?),
            file: Some(handle),
            offset,
        }))
    }

    /// The position `offset` in the live log (opened when it exists).
    pub fn live(log: &Path, offset: u64) -> io::Result<Cursor> {
        let file = match File::open(log) {
            Ok(file) => Some(file),
            Err(error) if error.kind() == io::ErrorKind::NotFound => None,
            Err(error) => return Err(error),
        };
        Ok(Cursor {
            log: log.to_path_buf(),
            id: file.as_ref().map(FileId::of).transpose()?,
            file,
            offset,
        })
    }

    /// The file read and the offset in it, as the delivery state records them.
    pub fn position(&self) -> (Option<FileId>, u64) {
        (self.id, self.offset)
    }

    /// Passes the line that ends at `end`.
    pub fn advance(&mut self, end: u64) {
        self.offset = end;
    }

    /// Whether the file read is the live log.
    pub fn on_live_log(&self) -> io::Result<bool> {
        Ok(self.file.is_none() || FileId::at(&self.log)? == self.id)
    }

    /// Reads what comes next, without moving past it.
    pub fn step(&mut self) -> io::Result<Step> {
        if self.file.is_none() {
            *self = Self::live(&self.log, self.offset)?;
            if self.file.is_none() {
                return Ok(Step::Wait);
            }
        }
        if let Some(line) = self.read()? {
            return Ok(Step::Line(Box::new(line)));
        }
        if self.handle().metadata()?.len() < self.offset {
            self.offset = 0;
            return Ok(Step::Restarted);
        }
        if self.on_live_log()? {
            return Ok(Step::Wait);
        }
        // The file was rotated away: everything written to it before is readable now.
        Ok(match self.read()? {
            Some(line) => Step::Line(Box::new(line)),
            None => Step::Drained,
        })
    }

    /// After [`Step::Drained`]: the start of the archive rotated after this file, or of the
    /// live log after the newest archive; `true` for the live log.
    pub fn move_on(&mut self) -> io::Result<bool> {
        let archives = archives::list(&self.log)?;
        let position = archives
            .iter()
            .position(|archive| Some(archive.id) == self.id);
        if position.is_none() {
            tracing::warn!(log = %self.log.display(), "the contact log file being delivered is no longer beside the log (moved or deleted before its delivery ended); continuing with the live log");
        }
        match position.and_then(|index| archives.get(index + 1)) {
            Some(next) => {
                let handle = File::open(&next.path)?;
                self.id = Some(FileId::of(&handle)?);
                self.file = Some(handle);
                self.offset = 0;
                Ok(false)
            }
            None => {
                *self = Self::live(&self.log, 0)?;
                Ok(true)
            }
        }
    }

    /// The applications before and after the position, and in later archives.
    pub fn count(&self) -> io::Result<Counts> {
        let mut counts = Counts::default();
        let Some(file) = &self.file else {
            return Ok(counts);
        };
        for line in Lines::from_file(file.try_clone()?, 0)? {
            let line = line?;
            if line.record.is_ok() {
                if line.end <= self.offset {
                    counts.before += 1;
                } else {
                    counts.after += 1;
                }
            }
        }
        if !self.on_live_log()? {
            let archives = archives::list(&self.log)?;
            if let Some(index) = archives.iter().position(|a| Some(a.id) == self.id) {
                for archive in &archives[index + 1..] {
                    counts.later_archives += records_in(&archive.path)?;
                }
            }
        }
        Ok(counts)
    }

    fn handle(&self) -> &File {
        self.file.as_ref().expect("a cursor reads an open file")
    }

    /// The complete line at the offset, if there is one yet.
    fn read(&self) -> io::Result<Option<Line>> {
        Lines::from_file(self.handle().try_clone()?, self.offset)?
            .next()
            .transpose()
    }
}

/// The applications in the file at `path`; 0 when there is no such file.
pub fn records_in(path: &Path) -> io::Result<u64> {
    let lines = match Lines::open(path, 0) {
        Ok(lines) => lines,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(error) => return Err(error),
    };
    let mut records = 0;
    for line in lines {
        records += u64::from(line?.record.is_ok());
    }
    Ok(records)
}
