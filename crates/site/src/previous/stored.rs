//! A previous build loaded for serving: its index checked and held in memory (paths and headers,
//! never bodies), its `files.bin` kept open, and each body read from it when a request asks.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail, ensure};
use axum::http::HeaderValue;

use super::index::{FORMAT, INDEX, Index, IndexEntry, PACK, coding_named, valid_path};
use crate::render::encoded::{Coding, Etags};

/// The largest index read (a build has a few hundred files, some 200 bytes each in the index).
const MAX_INDEX_BYTES: u64 = 16 * 1024 * 1024;

/// One file of a previous build, ready to answer.
#[derive(Debug)]
pub struct StoredFile {
    /// The build it belongs to.
    pub build: Arc<str>,
    /// `Content-Type`.
    pub content_type: HeaderValue,
    /// `Cache-Control`.
    pub cache_control: HeaderValue,
    /// `Content-Disposition` of a download.
    pub disposition: Option<HeaderValue>,
    /// The strong ETag of each coding, derived from the index's identity tag as the build that
    /// stored the file derived them.
    pub etags: Etags,
    /// Where each coding's body lies in `files.bin`, best first.
    codings: Vec<(Coding, Span)>,
    pack: Arc<File>,
}

/// A byte range of `files.bin`.
#[derive(Debug, Clone, Copy)]
struct Span {
    offset: u64,
    len: u64,
}

impl StoredFile {
    /// The codings the body is stored in, best first.
    pub fn codings(&self) -> impl Iterator<Item = Coding> + '_ {
        self.codings.iter().map(|(coding, _)| *coding)
    }

    /// The length of the body in `coding`.
    pub fn len(&self, coding: Coding) -> Option<u64> {
        self.span(coding).map(|span| span.len)
    }

    /// Reads the body in `coding` from `files.bin` (blocking).
    pub fn read(&self, coding: Coding) -> io::Result<Vec<u8>> {
        let span = self
            .span(coding)
            .ok_or_else(|| io::Error::other("no such coding"))?;
        let len = usize::try_from(span.len).map_err(io::Error::other)?;
        let mut body = vec![0; len];
        std::os::unix::fs::FileExt::read_exact_at(&*self.pack, &mut body, span.offset)?;
        Ok(body)
    }

    fn span(&self, coding: Coding) -> Option<Span> {
        self.codings
            .iter()
            .find(|(stored, _)| *stored == coding)
            .map(|(_, span)| *span)
    }
}

/// Loads the build `id` from its directory: every file by URL path. The whole build is refused
/// when any part of its index is off (another format, a path outside `/_app/`, a header that is
/// not one, a body outside `files.bin`).
pub fn load(build_dir: &Path, id: &str) -> anyhow::Result<Vec<(String, StoredFile)>> {
    let index = read_index(build_dir)?;
    ensure!(
        index.format == FORMAT,
        "index format {} (this binary reads {FORMAT})",
        index.format
    );
    ensure!(index.build == id, "the index names build {}", index.build);
    let pack = File::open(build_dir.join(PACK)).context(PACK)?;
    let pack_len = pack.metadata().context(PACK)?.len();
    let pack = Arc::new(pack);
    let build: Arc<str> = id.into();
    index
        .files
        .into_iter()
        .map(|(path, entry)| {
            let file = stored_file(&path, entry, pack_len, &pack, &build)
                .with_context(|| format!("{path} in {INDEX}"))?;
            Ok((path, file))
        })
        .collect()
}

/// Reads and parses `index.json` of a build directory.
pub fn read_index(build_dir: &Path) -> anyhow::Result<Index> {
    let mut text = Vec::new();
    File::open(build_dir.join(INDEX))
        .context(INDEX)?
        .take(MAX_INDEX_BYTES)
        .read_to_end(&mut text)
        .context(INDEX)?;
    serde_json::from_slice(&text).context(INDEX)
}

fn stored_file(
    path: &str,
    entry: IndexEntry,
    pack_len: u64,
    pack: &Arc<File>,
    build: &Arc<str>,
) -> anyhow::Result<StoredFile> {
    ensure!(valid_path(path), "not a path under /_app/");
    let header = |value: &str| HeaderValue::from_str(value).context("not a header value");
    let etags = Etags::new(&header(&entry.etag)?);
    ensure!(
        entry.etag.len() > 2 && entry.etag.starts_with('"') && entry.etag.ends_with('"'),
        "not a strong ETag"
    );
    let mut codings = Vec::new();
    for (name, [offset, len]) in entry.codings {
        let Some(coding) = coding_named(&name) else {
            bail!("unknown coding {name}");
        };
        let end = offset.checked_add(len);
        ensure!(
            end.is_some_and(|end| end <= pack_len),
            "{name} lies outside {PACK}"
        );
        codings.push((coding, Span { offset, len }));
    }
    ensure!(
        codings
            .iter()
            .any(|(coding, _)| *coding == Coding::Identity),
        "no identity body"
    );
    codings.sort_by_key(|(coding, _)| match coding {
        Coding::Brotli => 0,
        Coding::Gzip => 1,
        Coding::Identity => 2,
    });
    Ok(StoredFile {
        build: build.clone(),
        content_type: header(&entry.content_type)?,
        cache_control: header(&entry.cache_control)?,
        disposition: entry.disposition.as_deref().map(header).transpose()?,
        etags,
        codings,
        pack: pack.clone(),
    })
}
