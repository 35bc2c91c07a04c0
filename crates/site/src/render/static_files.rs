//! Static files served from memory: the hashed files of the UI build (its text files in their
//! build-time brotli form alone, packed by `crates/site/build.rs`) and the brand files of
//! `content/brand/` (favicons).

use std::collections::HashMap;

use anyhow::Context;

use axum::body::Bytes;
use axum::http::HeaderValue;
use include_dir::Dir;

use super::encoded::{Encoded, etag_of};
use crate::embedded::pack::Pack;

/// How long a client may cache a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caching {
    /// Content-hashed file: cached for a year, never revalidated.
    Immutable,
    /// Fixed URL: revalidated with its ETag on every use.
    Revalidate,
}

impl Caching {
    /// The `Cache-Control` value.
    pub fn header(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Caching::Immutable => "public, max-age=31536000, immutable",
            Caching::Revalidate => "no-cache",
        })
    }
}

/// One static file.
#[derive(Debug, Clone)]
pub struct StaticFile {
    /// The body in every encoding.
    pub body: Encoded,
    /// `Content-Type`.
    pub content_type: HeaderValue,
    /// Caching policy.
    pub caching: Caching,
    /// `Content-Disposition` of a download (an archive), naming the file without its hash.
    pub disposition: Option<HeaderValue>,
}

/// Every static file by URL path.
pub type StaticFiles = HashMap<String, StaticFile>;

/// The `Content-Type` of each file extension the binary serves, which `crates/site/build.rs` took
/// from mime_guess's table.
#[derive(Debug)]
pub struct MediaTypes(HashMap<String, HeaderValue>);

impl MediaTypes {
    /// Reads `{extension: Content-Type}`, JSON.
    pub fn new(json: &str) -> anyhow::Result<Self> {
        let types: HashMap<String, String> =
            serde_json::from_str(json).context("the media types of the embedded files")?;
        let types = types
            .into_iter()
            .map(|(extension, value)| {
                let value = HeaderValue::from_str(&value)
                    .with_context(|| format!("the media type of .{extension}"))?;
                Ok((extension, value))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Self(types))
    }

    /// The `Content-Type` of a file name; `application/octet-stream` for an extension the table
    /// does not hold.
    pub fn of(&self, name: &str) -> HeaderValue {
        let file = name.rsplit('/').next().unwrap_or(name);
        file.rsplit_once('.')
            .and_then(|(_, extension)| self.0.get(extension))
            .cloned()
            .unwrap_or_else(|| HeaderValue::from_static("application/octet-stream"))
    }
}

/// Builds the table of static files: UI files under `/_app/` (from the pack `crates/site/build.rs`
/// made), brand files at the site root.
pub fn static_files(ui: &Pack, brand: &Dir<'static>, media_types: &MediaTypes) -> StaticFiles {
    let mut table = StaticFiles::new();
    let ui_files = ui
        .entries()
        .map(|(path, bytes)| (path.to_owned(), bytes))
        .collect();
    let mut add =
        |files, prefix, caching| add_files(&mut table, files, prefix, caching, media_types);
    add(&ui_files, "/_app/", Caching::Immutable);
    let brand_files = all_files(brand)
        .into_iter()
        .map(|file| {
            let path = file.path().to_string_lossy().replace('\\', "/");
            (path, file.contents())
        })
        .collect();
    add(&brand_files, "/", Caching::Revalidate);
    table
}

/// Adds `files` (bytes by path, compressed siblings included) under `prefix`. A file present
/// only as `{file}.br` is served from that form, the others derived when first asked for.
fn add_files(
    table: &mut StaticFiles,
    files: &HashMap<String, &'static [u8]>,
    prefix: &str,
    caching: Caching,
    media_types: &MediaTypes,
) {
    for (stored, contents) in files {
        // Only a content-hashed file can lack its identity bytes: its ETag is made from its URL.
        let brotli_alone = stored
            .strip_suffix(".br")
            .filter(|original| caching == Caching::Immutable && !files.contains_key(*original));
        if stored.ends_with(".gz") || (stored.ends_with(".br") && brotli_alone.is_none()) {
            continue;
        }
        let relative = brotli_alone.unwrap_or(stored);
        let url = format!("{prefix}{relative}");
        let bytes = Bytes::from_static(contents);
        let sibling = |suffix: &str| {
            files
                .get(&format!("{relative}{suffix}"))
                .map(|bytes| Bytes::from_static(bytes))
        };
        // The URL names a content-hashed file's content (its hash is in the file name), so its
        // ETag is made from the URL: start-up reads none of the files, whose pages stay out of
        // memory until they are asked for.
        let body = match (brotli_alone, caching) {
            (Some(_), _) => Encoded::brotli_alone(bytes, etag_of(url.as_bytes())),
            (None, Caching::Immutable) => Encoded::tagged(
                bytes,
                sibling(".gz"),
                sibling(".br"),
                etag_of(url.as_bytes()),
            ),
            (None, Caching::Revalidate) => {
                Encoded::from_parts(bytes, sibling(".gz"), sibling(".br"))
            }
        };
        table.insert(
            url,
            StaticFile {
                body,
                content_type: media_types.of(relative),
                caching,
                disposition: download_disposition(relative),
            },
        );
    }
}

fn all_files(dir: &Dir<'static>) -> Vec<&'static include_dir::File<'static>> {
    let mut files: Vec<_> = dir.files().collect();
    for sub in dir.dirs() {
        files.extend(all_files(sub));
    }
    files
}

/// `attachment; filename="name.zip"` for an archive named `name.{hash}.zip`; `None` for files
/// a browser shows.
pub fn download_disposition(name: &str) -> Option<HeaderValue> {
    let file = name.rsplit('/').next()?;
    let stem = file.strip_suffix(".zip")?;
    let readable = stem.rsplit_once('.').map_or(stem, |(name, _hash)| name);
    HeaderValue::from_str(&format!("attachment; filename=\"{readable}.zip\"")).ok()
}

#[cfg(test)]
mod tests {
    use super::super::encoded::Coding;
    use super::*;
    use crate::embedded;

    fn embedded_media_types() -> MediaTypes {
        MediaTypes::new(embedded::MEDIA_TYPES).unwrap()
    }

    fn embedded_files() -> StaticFiles {
        let ui = Pack::new("UI", embedded::UI_CLIENT_INDEX, embedded::UI_CLIENT_PACK).unwrap();
        static_files(&ui, &embedded::BRAND, &embedded_media_types())
    }

    #[test]
    fn content_types_carry_a_charset_for_text() {
        let types = embedded_media_types();
        let of = |name| types.of(name).to_str().unwrap().to_owned();
        assert_eq!(of("assets/entry.1a2b.js"), "text/javascript; charset=utf-8");
        assert_eq!(of("assets/site.1a2b.css"), "text/css; charset=utf-8");
        assert_eq!(of("brand/logo.svg"), "image/svg+xml");
        assert_eq!(of("fonts/source.woff2"), "font/woff2");
        assert_eq!(of("brand/kit.3f9a.zip"), "application/zip");
        assert_eq!(of("brand/logo.png"), "image/png");
        assert_eq!(of("favicon.ico"), "image/x-icon");
        assert_eq!(of("no-extension"), "application/octet-stream");
        assert_eq!(of("dotted.dir/no-extension"), "application/octet-stream");
        assert_eq!(of("file.unknown-extension"), "application/octet-stream");
    }

    #[test]
    fn every_embedded_file_has_its_media_type() {
        let files = embedded_files();
        for (url, file) in &files {
            assert_ne!(file.content_type, "application/octet-stream", "{url}");
        }
    }

    /// The UI's text files are packed in brotli alone: every form the server derives from it is
    /// the file the UI build wrote.
    #[test]
    fn files_packed_in_brotli_alone_serve_the_ui_builds_bytes() {
        let files = embedded_files();
        let client = std::path::Path::new(env!("OUT_DIR")).join("ui/client");
        let mut pending = vec![client.clone()];
        let (mut compared, mut gunzipped_files) = (0, 0);
        while let Some(dir) = pending.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                let name = path.to_string_lossy();
                if path.is_dir() {
                    pending.push(path);
                    continue;
                }
                if name.ends_with(".br") || name.ends_with(".gz") {
                    continue;
                }
                let relative = path.strip_prefix(&client).unwrap().to_string_lossy();
                let file = &files[&format!("/_app/{relative}")];
                let written = std::fs::read(&path).unwrap();
                assert_eq!(file.body.identity()[..], written[..], "{relative}");
                compared += 1;
                if !file.body.available().any(|coding| coding == Coding::Gzip) {
                    continue;
                }
                let mut gunzipped = Vec::new();
                std::io::Read::read_to_end(
                    &mut flate2::read::GzDecoder::new(&file.body.body(Coding::Gzip)[..]),
                    &mut gunzipped,
                )
                .unwrap();
                assert_eq!(gunzipped, written, "{relative}");
                gunzipped_files += 1;
            }
        }
        assert!(compared > 50, "only {compared} files compared");
        assert!(
            gunzipped_files > 50,
            "only {gunzipped_files} files offered in gzip"
        );
    }

    #[test]
    fn archives_download_under_their_name_without_hash() {
        let disposition = download_disposition("brand/kestrel-custody-brand-kit.3f9a1c20.zip");
        assert_eq!(
            disposition.as_ref().and_then(|v| v.to_str().ok()),
            Some("attachment; filename=\"kestrel-custody-brand-kit.zip\"")
        );
        assert!(download_disposition("assets/logo.svg").is_none());
    }
}
