//! Static files served from memory: the hashed UI assets (with their build-time `.br`/`.gz`
//! copies) and the brand files of `content/brand/` (favicons).

use std::collections::HashMap;

use axum::body::Bytes;
use axum::http::HeaderValue;
use include_dir::Dir;

use super::encoded::Encoded;

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
pub struct Asset {
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
pub type AssetTable = HashMap<String, Asset>;

/// Builds the asset table: UI files under `/_app/`, brand files at the site root.
pub fn asset_table(ui: &Dir<'static>, brand: Option<&Dir<'static>>) -> AssetTable {
    let mut table = AssetTable::new();
    add_dir(&mut table, ui, "/_app/", Caching::Immutable);
    if let Some(brand) = brand {
        add_dir(&mut table, brand, "/", Caching::Revalidate);
    }
    table
}

fn add_dir(table: &mut AssetTable, dir: &Dir<'static>, prefix: &str, caching: Caching) {
    for file in all_files(dir) {
        let path = file.path().to_string_lossy().replace('\\', "/");
        let relative = path
            .strip_prefix(&format!("{}/", dir.path().to_string_lossy()))
            .unwrap_or(&path)
            .to_owned();
        if relative.ends_with(".br") || relative.ends_with(".gz") {
            continue;
        }
        let sibling = |suffix: &str| {
            dir.get_file(format!("{path}{suffix}"))
                .map(|f| Bytes::from_static(f.contents()))
        };
        let body = Encoded::from_parts(
            Bytes::from_static(file.contents()),
            sibling(".gz"),
            sibling(".br"),
        );
        table.insert(
            format!("{prefix}{relative}"),
            Asset {
                body,
                content_type: content_type(&relative),
                caching,
                disposition: download_disposition(&relative),
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

/// The `Content-Type` of a file name, with a charset for text.
pub fn content_type(name: &str) -> HeaderValue {
    let extension = name.rsplit('.').next().unwrap_or_default();
    HeaderValue::from_static(match extension {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "html" => "text/html; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        "xml" => "application/xml; charset=utf-8",
        "zip" => "application/zip",
        _ => "application/octet-stream",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
