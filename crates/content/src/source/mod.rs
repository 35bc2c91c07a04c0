//! The content files as text: which files `content/` holds, their lines and entries, and the
//! errors that point at a file and a line. Everything else reads content through these.

pub mod entries;
pub mod error;
pub mod files;
pub mod lines;
