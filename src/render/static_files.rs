//! Static files served from memory: the hashed files of the UI build (with their build-time `.br`/`.gz`
//! copies, packed by `build.rs`) and the brand files of `content/brand/` (favicons).

use std::collections::HashMap;

use axum::body::Bytes;
use axum::http::HeaderValue;
use include_dir::Dir;

use super::encoded::{Encoded, etag_of};
use super::pack::Pack;

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

/// Builds the table of static files: UI files under `/_app/` (from the pack `build.rs` made),
/// brand files at the site root.
pub fn static_files(ui: &Pack, brand: &Dir<'static>) -> StaticFiles {
    let mut table = StaticFiles::new();
    let ui_files = ui
        .entries()
        .map(|(path, bytes)| (path.to_owned(), bytes))
        .collect();
    add_files(&mut table, &ui_files, "/_app/", Caching::Immutable);
    let brand_files = all_files(brand)
        .into_iter()
        .map(|file| {
            let path = file.path().to_string_lossy().replace('\\', "/");
            (path, file.contents())
        })
        .collect();
    add_files(&mut table, &brand_files, "/", Caching::Revalidate);
    table
}

/// Adds `files` (bytes by path, compressed siblings included) under `prefix`.
fn add_files(
    table: &mut StaticFiles,
    files: &HashMap<String, &'static [u8]>,
    prefix: &str,
    caching: Caching,
) {
    for (relative, contents) in files {
        if relative.ends_with(".br") || relative.ends_with(".gz") {
            continue;
        }
        let sibling = |suffix: &str| {
            files
                .get(&format!("{relative}{suffix}"))
                .map(|bytes| Bytes::from_static(bytes))
        };
        let url = format!("{prefix}{relative}");
        let identity = Bytes::from_static(contents);
        let (gzip, brotli) = (sibling(".gz"), sibling(".br"));
        let body = match caching {
            // The URL names the content (its hash is in the file name), so the ETag is made from
            // the URL: start-up reads none of the files, whose pages stay out of memory until
            // they are asked for.
            Caching::Immutable => Encoded::tagged(identity, gzip, brotli, etag_of(url.as_bytes())),
            Caching::Revalidate => Encoded::from_parts(identity, gzip, brotli),
        };
        table.insert(
            url,
            StaticFile {
                body,
                content_type: content_type(relative),
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

/// The `Content-Type` of a file name (mime_guess's table), with a charset for text, XML and
/// JavaScript.
pub fn content_type(name: &str) -> HeaderValue {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let textual = mime.type_() == mime_guess::mime::TEXT
        || matches!(mime.subtype().as_str(), "xml" | "javascript");
    let value = match textual {
        true => format!("{}; charset=utf-8", mime.essence_str()),
        false => mime.essence_str().to_owned(),
    };
    HeaderValue::from_str(&value).expect("media types are header text")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types_carry_a_charset_for_text() {
        let of = |name| content_type(name).to_str().unwrap().to_owned();
        assert_eq!(of("assets/entry.1a2b.js"), "text/javascript; charset=utf-8");
        assert_eq!(of("assets/site.1a2b.css"), "text/css; charset=utf-8");
        assert_eq!(of("brand/logo.svg"), "image/svg+xml");
        assert_eq!(of("fonts/inter.woff2"), "font/woff2");
        assert_eq!(of("brand/kit.3f9a.zip"), "application/zip");
        assert_eq!(of("manifest.webmanifest"), "application/manifest+json");
        assert_eq!(of("data.json"), "application/json");
        assert_eq!(of("no-extension"), "application/octet-stream");
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
