//! The applications log on disk: created private, read back line by line. Only lines that end
//! in a newline are complete; a last line without one was cut short by a crash before its
//! application was acknowledged.

use std::fs::{DirBuilder, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Seek, SeekFrom};
use std::path::Path;

use super::record::Record;

/// Opens the log for appending, creating it (mode 0600) and its directory (0700) when missing,
/// and making an existing file private again.
pub fn open_for_append(path: &Path) -> io::Result<File> {
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        let mut builder = DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(dir)?;
    }
    let mut options = OpenOptions::new();
    options.read(true).append(true).create(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(path)?;
    #[cfg(unix)]
    if file.metadata()?.is_file() {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(file)
}

/// One complete line of the log.
#[derive(Debug)]
pub struct Line {
    /// 1-based line number, counted from where reading started.
    pub number: usize,
    /// Byte offset just past its newline: where the next line starts.
    pub end: u64,
    /// The record, or why the line is not one.
    pub record: Result<Record, serde_json::Error>,
}

/// Reads complete lines from a byte offset; the final piece without a newline is not returned
/// but its length is kept in [`Lines::torn`].
pub struct Lines {
    reader: BufReader<File>,
    offset: u64,
    number: usize,
    /// Bytes after the last newline, once the end is reached.
    pub torn: u64,
}

impl Lines {
    /// Starts reading `path` at `offset`.
    pub fn open(path: &Path, offset: u64) -> io::Result<Self> {
        Self::from_file(File::open(path)?, offset)
    }

    /// Starts reading the open `file` at `offset`.
    pub fn from_file(mut file: File, offset: u64) -> io::Result<Self> {
        if !file.metadata()?.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a regular file, so it holds no applications to read back",
            ));
        }
        file.seek(SeekFrom::Start(offset))?;
        Ok(Self {
            reader: BufReader::with_capacity(64 * 1024, file),
            offset,
            number: 0,
            torn: 0,
        })
    }

    /// Where the next complete line would start.
    pub fn offset(&self) -> u64 {
        self.offset
    }
}

impl Iterator for Lines {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut buffer = Vec::new();
        match self.reader.read_until(b'\n', &mut buffer) {
            Err(error) => Some(Err(error)),
            Ok(0) => None,
            Ok(read) if buffer.last() != Some(&b'\n') => {
                self.torn = read as u64;
                None
            }
            Ok(read) => {
                self.offset += read as u64;
                self.number += 1;
                Some(Ok(Line {
                    number: self.number,
                    end: self.offset,
                    record: serde_json::from_slice(&buffer),
                }))
            }
        }
    }
}
