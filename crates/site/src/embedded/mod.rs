//! Everything compiled into the binary: the content folder and the UI build made by
//! `crates/site/build.rs`, most of it in packs (`pack.rs`) read in place.

pub(crate) mod pack;

use include_dir::{Dir, include_dir};

use pack::{Pack, unpacked_text};

/// `content/brand/`: the favicons served at the site's root (the logos are drawn by the UI build).
pub static BRAND: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../content/brand");

/// The TOML files of `content/`, each a brotli stream, one after the other
/// (`crates/site/build.rs`).
static CONTENT_PACK: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/content.pack"));

/// Where each file of [`CONTENT_PACK`] lies: `[[path, offset, length], …]`, JSON; paths are
/// relative to `content/`.
static CONTENT_INDEX: &str = include_str!(concat!(env!("OUT_DIR"), "/content.index.json"));

/// The UI client build, packed by `crates/site/build.rs`: its text files as `{file}.br` alone, the
/// others as they are.
pub static UI_CLIENT_PACK: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/ui-client.pack"));

/// Where each file of [`UI_CLIENT_PACK`] lies: `[[path, offset, length], …]`, JSON; paths are
/// relative to the client build's root.
pub static UI_CLIENT_INDEX: &str = include_str!(concat!(env!("OUT_DIR"), "/ui-client.index.json"));

/// The `Content-Type` of each file extension among the UI's and the brand's files,
/// `{extension: type}`, JSON (`crates/site/build.rs`).
pub static MEDIA_TYPES: &str = include_str!(concat!(env!("OUT_DIR"), "/media-types.json"));

/// The UI build manifest (build id, entry, stylesheets, per-page preloads), JSON.
pub static UI_MANIFEST: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/manifest.json"));

/// The share cards' layout (`ui/scripts/share-cards.mjs`), JSON in one brotli stream
/// (`crates/site/build.rs`), which `crates/site/src/share_cards/` draws each card from.
pub static SHARE_CARD_LAYOUT: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/share-cards.json.br"));

/// The templates the server fills to answer a query string (`ui/src/templates/`), JSON in one
/// brotli stream (`crates/site/build.rs`), read by `crates/site/src/render/queried/templates.rs`.
pub static QUERY_TEMPLATES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/templates.json.br"));

/// The prerendered page bodies, each a brotli stream, one after the other (`crates/site/build.rs`).
pub static PRERENDER_PACK: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/prerender.pack"));

/// Where each prerendered body lies in [`PRERENDER_PACK`]: `[[key, offset, length], …]`, JSON;
/// keys are localized paths and `error:{lang}:{page}`.
pub static PRERENDER_INDEX: &str = include_str!(concat!(env!("OUT_DIR"), "/prerender.index.json"));

/// SHA-256 (hex) of the page data `crates/site/build.rs` made from the embedded content: the
/// embedded prerender must have been made from the same.
pub static CONTENT_HASH: &str = include_str!(concat!(env!("OUT_DIR"), "/content-hash.txt"));

/// The area-code table `crates/site/build.rs` derived from libphonenumber: `[["SG", 65], …]`, JSON.
pub static CALLING_CODES: &str = include_str!(concat!(env!("OUT_DIR"), "/calling-codes.json"));

/// Parses and checks content `files` (every problem, each with file and line) and adds the
/// area-code table built into the binary.
pub fn load_content(
    files: &custody_content::source::files::ContentFiles,
) -> Result<custody_content::Content, Vec<custody_content::source::error::ContentError>> {
    with_calling_codes(custody_content::load::parse(files)?)
}

/// Parses the embedded content, with the area-code table built into the binary.
/// `crates/site/build.rs` checked these very files against every content rule, so they are only
/// read.
pub fn embedded_content()
-> Result<custody_content::Content, Vec<custody_content::source::error::ContentError>> {
    with_calling_codes(custody_content::load::parse_checked(&content_files())?)
}

fn with_calling_codes(
    mut content: custody_content::Content,
) -> Result<custody_content::Content, Vec<custody_content::source::error::ContentError>> {
    content.calling_codes = serde_json::from_str(CALLING_CODES).map_err(|error| {
        vec![custody_content::source::error::ContentError::in_file(
            "",
            format!("the area-code table built into the binary: {error}"),
        )]
    })?;
    Ok(content)
}

/// The embedded content files as the content loader reads them.
pub fn content_files() -> custody_content::source::files::ContentFiles {
    let pack = Pack::new("content files", CONTENT_INDEX, CONTENT_PACK)
        .expect("crates/site/build.rs writes a valid content index");
    pack.entries()
        .map(|(name, packed)| (name.to_owned(), unpacked_text(packed)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_content_read_without_checks_is_the_checked_content() {
        let checked = load_content(&content_files()).expect("the embedded content is valid");
        let read = embedded_content().expect("the embedded content reads");
        assert_eq!(
            serde_json::to_value(&read).unwrap(),
            serde_json::to_value(&checked).unwrap()
        );
    }
}
