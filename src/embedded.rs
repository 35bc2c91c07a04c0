//! Everything compiled into the binary: the content folder and the UI build made by `build.rs`.

use include_dir::{Dir, include_dir};

/// `content/`: TOML and brand files.
pub static CONTENT: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/content");

/// The UI client build: hashed assets with `.br` and `.gz` siblings.
pub static UI_CLIENT: Dir<'static> = include_dir!("$OUT_DIR/ui/client");

/// The UI build manifest (build id, entry, stylesheets, per-page preloads), JSON.
pub static UI_MANIFEST: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/manifest.json"));

/// Prerendered page bodies keyed by localized path (and `error:{lang}:{page}`), JSON.
pub static UI_PRERENDER: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/prerender.json"));

/// The area-code table `build.rs` derived from libphonenumber: `[["SG", 65], …]`, JSON.
pub static CALLING_CODES: &str = include_str!(concat!(env!("OUT_DIR"), "/calling-codes.json"));

/// Parses and checks content `files` (every problem, each with file and line) and adds the
/// area-code table built into the binary.
pub fn load_content(
    files: &custody_content::files::ContentFiles,
) -> Result<custody_content::Content, Vec<custody_content::error::ContentError>> {
    let mut content = custody_content::load::parse(files)?;
    content.calling_codes = serde_json::from_str(CALLING_CODES).map_err(|error| {
        vec![custody_content::error::ContentError::in_file(
            "",
            format!("the area-code table built into the binary: {error}"),
        )]
    })?;
    Ok(content)
}

/// The embedded content files as the content loader reads them.
pub fn content_files() -> custody_content::files::ContentFiles {
    let mut files = custody_content::files::ContentFiles::new();
    collect_toml(&CONTENT, &mut files);
    files
}

fn collect_toml(dir: &Dir<'static>, files: &mut custody_content::files::ContentFiles) {
    for file in dir.files() {
        if file.path().extension().is_some_and(|ext| ext == "toml") {
            let text = file.contents_utf8().unwrap_or_default().to_owned();
            files.insert(file.path().to_string_lossy().replace('\\', "/"), text);
        }
    }
    for sub in dir.dirs() {
        collect_toml(sub, files);
    }
}
