//! The on-disk form of one build, `{dir}/{build id}/`: `files.bin` holds the bodies one after
//! another (each file in every coding the binary embeds: brotli, gzip, identity), and
//! `index.json` maps each URL path to its headers and to where each coding's body lies in
//! `files.bin`. The index is the only way to a body: request paths are looked up in it, never
//! turned into file names.

use std::collections::BTreeMap;

use axum::body::Bytes;
use serde::{Deserialize, Serialize};

use crate::render::build_manifest::BuildManifest;
use crate::render::encoded::Coding;
use crate::render::site_files::SiteFiles;
use crate::render::static_files::Caching;

/// The index's file name.
pub const INDEX: &str = "index.json";
/// The bodies' file name.
pub const PACK: &str = "files.bin";
/// The index format this binary writes and reads; another is not served.
pub const FORMAT: u32 = 1;
/// Every path served from a build starts with this.
pub const PREFIX: &str = "/_app/";

/// `index.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Index {
    /// [`FORMAT`].
    pub format: u32,
    /// The build id, the same as the directory's name.
    pub build: String,
    /// When the build was made (milliseconds since the Unix epoch).
    pub timestamp: u64,
    /// Every file by URL path.
    pub files: BTreeMap<String, IndexEntry>,
}

/// One file of the index: the headers it is served with and its bodies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexEntry {
    /// `Content-Type`.
    pub content_type: String,
    /// `Cache-Control`.
    pub cache_control: String,
    /// `Content-Disposition` of a download.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disposition: Option<String>,
    /// The strong ETag of the identity body, quotes included (the other codings' tags are
    /// derived from it: `crates/site/src/render/encoded.rs`).
    pub etag: String,
    /// `[offset, length]` in `files.bin` of the body in each coding (`br`, `gzip`, `identity`).
    pub codings: BTreeMap<String, [u64; 2]>,
}

/// The running build in its on-disk form: the index, and the bodies in the order they are
/// written to `files.bin`.
#[derive(Debug)]
pub struct Packed {
    /// `index.json`.
    pub index: Index,
    /// The contents of `files.bin`, piece by piece.
    pub bodies: Vec<Bytes>,
}

impl Packed {
    /// The length of `files.bin`.
    pub fn bytes(&self) -> u64 {
        self.bodies.iter().map(|body| body.len() as u64).sum()
    }
}

/// The immutable files of `build` served under `/_app/` (its hashed files and downloads among
/// `files`, and its route manifest) in their on-disk form.
pub fn pack(files: &SiteFiles, build: &BuildManifest) -> Packed {
    let meta = format!("{PREFIX}builds/meta/{}.json", build.build_id);
    let meta_file = (
        meta.as_str(),
        &files.build_meta,
        "application/json",
        Caching::Revalidate,
        None,
    );
    let immutable = files
        .static_files
        .iter()
        .filter(|(path, file)| path.starts_with(PREFIX) && file.caching == Caching::Immutable)
        .map(|(path, file)| {
            (
                path.as_str(),
                &file.body,
                file.content_type.to_str().unwrap_or_default(),
                file.caching,
                file.disposition.as_ref(),
            )
        });
    let mut sorted: Vec<_> = immutable.chain([meta_file]).collect();
    sorted.sort_by_key(|(path, ..)| *path);
    let mut files = BTreeMap::new();
    let mut bodies = Vec::new();
    let mut offset = 0;
    for (path, body, content_type, caching, disposition) in sorted {
        let codings = body
            .available()
            .map(|coding| {
                let bytes = body.body(coding);
                let span = [offset, bytes.len() as u64];
                offset += span[1];
                bodies.push(bytes);
                (coding_name(coding).to_owned(), span)
            })
            .collect();
        let entry = IndexEntry {
            content_type: content_type.to_owned(),
            cache_control: header_text(&caching.header()),
            disposition: disposition.map(header_text),
            etag: header_text(&body.etag(Coding::Identity)),
            codings,
        };
        files.insert(path.to_owned(), entry);
    }
    let index = Index {
        format: FORMAT,
        build: build.build_id.clone(),
        timestamp: build.timestamp,
        files,
    };
    Packed { index, bodies }
}

fn header_text(value: &axum::http::HeaderValue) -> String {
    value.to_str().unwrap_or_default().to_owned()
}

/// The name of a coding in the index.
pub fn coding_name(coding: Coding) -> &'static str {
    match coding {
        Coding::Brotli => "br",
        Coding::Gzip => "gzip",
        Coding::Identity => "identity",
    }
}

/// The coding an index name stands for.
pub fn coding_named(name: &str) -> Option<Coding> {
    [Coding::Brotli, Coding::Gzip, Coding::Identity]
        .into_iter()
        .find(|coding| coding_name(*coding) == name)
}

/// Whether `path` can be a file of a build: under [`PREFIX`], made of URL-safe characters, with
/// no empty, `.` or `..` segment.
pub fn valid_path(path: &str) -> bool {
    let Some(rest) = path.strip_prefix(PREFIX) else {
        return false;
    };
    path.len() <= 1024
        && rest.split('/').all(|segment| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
        })
}

/// Whether `id` can name a build's directory: 1 to 64 letters, digits, `-` or `_`.
pub fn valid_build_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_paths_under_app_are_files() {
        for good in [
            "/_app/assets/entry-client-DV2F_g69.js",
            "/_app/builds/meta/0123456789abcdef.json",
            "/_app/brand/kestrel-custody-brand-kit.49600a72cf.zip",
        ] {
            assert!(valid_path(good), "{good}");
        }
        for bad in [
            "/_app/",
            "/_app/../etc/passwd",
            "/_app/assets/../../x",
            "/_app/assets//x.js",
            "/_app/./x.js",
            "/_app/%2e%2e/x",
            "/_app/a\\b",
            "/about",
            "/_app/a b",
            "_app/x",
        ] {
            assert!(!valid_path(bad), "{bad}");
        }
        assert!(valid_build_id("0123456789abcdef"));
        for bad in ["", ".", "..", "a/b", ".tmp", &"x".repeat(65)] {
            assert!(!valid_build_id(bad), "{bad}");
        }
    }

    #[test]
    fn the_running_build_is_packed_with_every_coding_in_order() {
        let site = crate::ServedSite::from_embedded(crate::SiteSettings::default()).unwrap();
        let packed = pack(site.files(), site.build());
        let meta = format!("/_app/builds/meta/{}.json", site.build().build_id);
        assert_eq!(packed.index.files[&meta].cache_control, "no-cache");
        let (path, file) = site
            .files()
            .static_files
            .iter()
            .find(|(path, _)| path.starts_with("/_app/assets/") && path.ends_with(".js"))
            .unwrap();
        let entry = &packed.index.files[path];
        assert_eq!(entry.cache_control, "public, max-age=31536000, immutable");
        let whole: Vec<u8> = packed.bodies.concat();
        for coding in file.body.available() {
            let bytes = file.body.body(coding);
            let [offset, len] = entry.codings[coding_name(coding)];
            assert_eq!(&whole[offset as usize..(offset + len) as usize], &bytes[..]);
        }
        assert!(
            !packed
                .index
                .files
                .keys()
                .any(|p| p.ends_with("latest.json"))
        );
        assert!(
            packed.index.files.keys().all(|p| valid_path(p)),
            "{:?}",
            packed.index.files.keys()
        );
        assert_eq!(packed.bytes(), whole.len() as u64);
    }
}
