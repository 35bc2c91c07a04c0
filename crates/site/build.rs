//! Build pipeline: validate `content/`, write the page data as JSON, run the UI build and prerender
//! (Vite + Node) into `OUT_DIR/ui`, and pack the content files, the UI's files, its prerendered
//! bodies and the templates of the pages that answer a query string (the text in brotli);
//! `crates/site/src/embedded/mod.rs` embeds the results in the binary.
//!
//! Set `CUSTODY_SITE_UI_DIST=/path/to/ui-dist` to embed a UI build made earlier (clippy,
//! rust-analyzer, air-gapped builds) instead of running Node.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use custody_content::pages;
use sha2::{Digest, Sha256};

/// Environment variable naming a prebuilt UI dist to embed instead of running the UI build.
const PREBUILT_UI: &str = "CUSTODY_SITE_UI_DIST";

/// Variables cargo sets for build scripts that confuse Node tools (e.g. `debug`, `browserslist`).
const CARGO_ONLY_VARS: [&str; 6] = [
    "DEBUG",
    "TARGET",
    "HOST",
    "PROFILE",
    "OPT_LEVEL",
    "NUM_JOBS",
];

fn main() {
    let root = workspace_root();
    let out = PathBuf::from(env("OUT_DIR"));
    track_inputs(&root);

    let files = custody_content::source::files::read_dir(&root.join("content"))
        .unwrap_or_else(|e| fail(&format!("cannot read content/: {e}")));
    let mut site = custody_content::load::parse(&files)
        .unwrap_or_else(|errors| fail(&custody_content::source::error::report(&errors)));
    pack_content(&files, &out);
    check_catalog_terms(&site.glossary, &root);
    site.calling_codes = calling_codes();
    write_calling_codes(&site.calling_codes, &out);
    let data_dir = out.join("site-data");
    write_page_data(&site, &data_dir, &out);

    let ui_out = out.join("ui");
    match std::env::var_os(PREBUILT_UI) {
        Some(dist) => copy_tree(Path::new(&dist), &ui_out),
        None => build_ui(&root.join("ui"), &data_dir, &ui_out),
    }
    pack_prerender(&ui_out.join("prerender.json"), &out);
    pack_files(&ui_out.join("client"), &out, "ui-client");
    write_media_types(&[&ui_out.join("client"), &root.join("content/brand")], &out);
    compress_file(
        &ui_out.join("share-cards.json"),
        &out.join("share-cards.json.br"),
    );
    compress_file(
        &ui_out.join("templates.json"),
        &out.join("templates.json.br"),
    );
}

/// Brotli quality of the packed content files and prerendered bodies: close to quality 11's size
/// in far less time, so the build stays quick at ten times the catalogue (measured:
/// `scripts/bench/README.md`, "Figures the code's choices rest on").
const PACKED_BODY_QUALITY: u32 = 9;

/// Packs the content files the build just checked, each a brotli stream, as `content.pack`:
/// the binary holds a fifth of the bytes, and the server unpacks them once at start-up
/// (`crates/site/src/embedded/mod.rs`).
fn pack_content(files: &custody_content::source::files::ContentFiles, out: &Path) {
    let entries = files
        .iter()
        .map(|(name, text)| (name.clone(), brotli_bytes(text.as_bytes())));
    write_pack(entries, out, "content");
}

/// `bytes` as one brotli stream at [`PACKED_BODY_QUALITY`].
fn brotli_bytes(bytes: &[u8]) -> Vec<u8> {
    let mut packed = Vec::with_capacity(bytes.len() / 4);
    {
        let mut writer =
            brotli::CompressorWriter::new(&mut packed, 16 * 1024, PACKED_BODY_QUALITY, 22);
        writer
            .write_all(bytes)
            .expect("writing to memory cannot fail");
    }
    packed
}

/// Writes `from` as one brotli stream to `to` (the share cards' layout and the query templates,
/// which the binary keeps compressed and reads when first needed:
/// `crates/site/src/share_cards/mod.rs`, `crates/site/src/render/queried/templates.rs`).
fn compress_file(from: &Path, to: &Path) {
    let bytes =
        fs::read(from).unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", from.display())));
    fs::write(to, brotli_bytes(&bytes))
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", to.display())));
}

/// Packs the prerendered bodies of `prerender` (`{key: html}`, `ui/scripts/build.mjs`), each a
/// brotli stream, as `prerender.pack`: the binary holds under a quarter of the bytes, and
/// decompresses a body only when its document is first rendered
/// (`crates/site/src/render/prerendered.rs`).
fn pack_prerender(prerender: &Path, out: &Path) {
    let text = fs::read_to_string(prerender)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", prerender.display())));
    let bodies: BTreeMap<String, String> = serde_json::from_str(&text).unwrap_or_else(|e| {
        fail(&format!(
            "{} is not {{key: html}}: {e}",
            prerender.display()
        ))
    });
    let entries = bodies
        .into_iter()
        .map(|(key, body)| (key, brotli_bytes(body.as_bytes())));
    write_pack(entries, out, "prerender");
}

/// Packs every file under `dir` as `{name}`, keyed by its path below `dir` (with `/`): the
/// binary then holds the files' bytes in one block and their paths in a small index apart, so
/// listing the files at start-up reads no file (`crates/site/src/render/static_files.rs`).
///
/// A file the UI build also wrote in brotli (`{file}.br`) is packed in that form alone, without
/// its identity and gzip copies: the server derives those the first time a client asks for them
/// (the binary's saving: `scripts/bench/README.md`, "The binary under 15 MiB").
fn pack_files(dir: &Path, out: &Path, name: &str) {
    let all = files_under(dir);
    let has_brotli = |path: &Path| all.contains(&with_suffix(path, ".br"));
    let gzip_of_brotli = |path: &Path| {
        path.extension().is_some_and(|e| e == "gz") && has_brotli(&path.with_extension(""))
    };
    let packed = all
        .iter()
        .filter(|path| !has_brotli(path) && !gzip_of_brotli(path));
    let entries = packed.map(|path| {
        let key = path
            .strip_prefix(dir)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        let bytes = fs::read(path)
            .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())));
        (key, bytes)
    });
    write_pack(entries, out, name);
}

/// Every file under `dir`, sorted.
fn files_under(dir: &Path) -> BTreeSet<PathBuf> {
    let mut paths = BTreeSet::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        let entries = fs::read_dir(&current)
            .unwrap_or_else(|e| fail(&format!("cannot list {}: {e}", current.display())));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| fail(&format!("cannot list {}: {e}", current.display())))
                .path();
            if path.is_dir() {
                pending.push(path);
            } else {
                paths.insert(path);
            }
        }
    }
    paths
}

/// `path` with `suffix` appended to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Writes `media-types.json`, `{extension: Content-Type}` for every file extension under `dirs`
/// (the files the binary serves), from mime_guess's table, with a charset for text, XML and
/// JavaScript: the server looks a file's type up there instead of carrying the whole table.
fn write_media_types(dirs: &[&Path], out: &Path) {
    let mut types = BTreeMap::new();
    for path in dirs.iter().flat_map(|dir| files_under(dir)) {
        let Some(extension) = path.extension().and_then(|e| e.to_str()) else {
            continue;
        };
        if matches!(extension, "br" | "gz") {
            continue;
        }
        let mime = mime_guess::from_ext(extension).first_or_octet_stream();
        let textual = mime.type_() == mime_guess::mime::TEXT
            || matches!(mime.subtype().as_str(), "xml" | "javascript");
        let value = match textual {
            true => format!("{}; charset=utf-8", mime.essence_str()),
            false => mime.essence_str().to_owned(),
        };
        types.insert(extension.to_owned(), value);
    }
    let path = out.join("media-types.json");
    let json = serde_json::to_vec(&types).expect("JSON values serialize");
    fs::write(&path, json)
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", path.display())));
}

/// Writes `entries` one after the other as `{name}.pack`, and `{name}.index.json`,
/// `[[key, offset, length], …]` into it (`crates/site/src/embedded/pack.rs` reads the two).
fn write_pack(entries: impl Iterator<Item = (String, Vec<u8>)>, out: &Path, name: &str) {
    let mut packed = Vec::new();
    let mut index = Vec::new();
    for (key, bytes) in entries {
        index.push((key, packed.len(), bytes.len()));
        packed.extend_from_slice(&bytes);
    }
    for (file, bytes) in [
        (format!("{name}.pack"), packed),
        (
            format!("{name}.index.json"),
            serde_json::to_vec(&index).expect("JSON values serialize"),
        ),
    ] {
        let path = out.join(file);
        fs::write(&path, bytes)
            .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", path.display())));
    }
}

/// The workspace's folder, two above this crate's (`crates/site/`): content/, ui/ and templates/
/// are there.
fn workspace_root() -> PathBuf {
    let manifest_dir = PathBuf::from(env("CARGO_MANIFEST_DIR"));
    manifest_dir
        .ancestors()
        .nth(2)
        .unwrap_or_else(|| {
            fail(&format!(
                "{} is not crates/site of the workspace",
                manifest_dir.display()
            ))
        })
        .to_path_buf()
}

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| fail(&format!("cargo did not set {name}")))
}

fn fail(message: &str) -> ! {
    eprintln!("\n{message}\n");
    std::process::exit(1);
}

fn track_inputs(root: &Path) {
    println!("cargo::rerun-if-env-changed={PREBUILT_UI}");
    for input in [
        "content",
        "templates",
        "crates/site/src/share_cards",
        "ui/src",
        "ui/scripts",
        "ui/package.json",
        "ui/package-lock.json",
        "ui/vite.config.ts",
        "ui/lingui.config.ts",
        "ui/tsconfig.json",
    ] {
        println!("cargo::rerun-if-changed={}", root.join(input).display());
    }
}

/// The Chinese interface catalog uses the house terms of `content/glossary.toml`.
fn check_catalog_terms(glossary: &custody_content::schema::glossary::Glossary, root: &Path) {
    let path = root
        .join("content")
        .join(custody_content::schema::glossary::CATALOG);
    let catalog = fs::read_to_string(&path)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())));
    let errors = glossary.check_catalog(&catalog);
    if !errors.is_empty() {
        fail(&custody_content::source::error::report(&errors));
    }
}

/// The area code of every country or region with a numbering plan, from libphonenumber's
/// metadata: the same data the server validates phone numbers with.
fn calling_codes() -> custody_content::schema::countries::CallingCodes {
    let database = &*phonenumber::metadata::DATABASE;
    custody_content::schema::countries::COUNTRIES
        .iter()
        .filter_map(|region| {
            database
                .by_id(*region)
                .map(|metadata| ((*region).to_owned(), metadata.country_code()))
        })
        .collect()
}

/// Writes `calling-codes.json`, embedded in the binary (`embedded::CALLING_CODES`) so the
/// server need not load libphonenumber's metadata to render the contact page.
fn write_calling_codes(codes: &custody_content::schema::countries::CallingCodes, out: &Path) {
    let path = out.join("calling-codes.json");
    fs::write(
        &path,
        serde_json::to_vec(codes).expect("JSON values serialize"),
    )
    .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", path.display())));
}

/// Writes `pages.json`, the data the UI build renders every page from, and `content-hash.txt`,
/// its SHA-256: the UI build records the hash of the data it prerendered
/// (`ui/scripts/build.mjs`), and the binary refuses a prerender made from other data
/// (`crates/site/src/render/build_manifest.rs`).
fn write_page_data(site: &custody_content::Content, dir: &Path, out: &Path) {
    fs::create_dir_all(dir)
        .unwrap_or_else(|e| fail(&format!("cannot create {}: {e}", dir.display())));
    let path = dir.join("pages.json");
    let bytes = serde_json::to_vec(&pages::ui_site_data(site)).expect("page data serializes");
    fs::write(&path, &bytes)
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", path.display())));
    let hash: String = Sha256::digest(&bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    let path = out.join("content-hash.txt");
    fs::write(&path, hash)
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", path.display())));
}

fn build_ui(ui: &Path, data_dir: &Path, out: &Path) {
    let installed = ui.join("node_modules/.package-lock.json");
    if modified(&installed) < modified(&ui.join("package-lock.json")) {
        run(
            node_command("npm", ui)
                .arg("ci")
                .arg("--include=dev")
                .arg("--no-audit")
                .arg("--no-fund"),
            "npm ci",
            ui,
        );
    }
    let mut build = node_command("node", ui);
    build.arg("scripts/build.mjs").arg(data_dir).arg(out);
    run(&mut build, "node scripts/build.mjs", ui);
}

fn node_command(program: &str, dir: &Path) -> Command {
    let mut command = Command::new(program);
    command.current_dir(dir).env("NODE_ENV", "production");
    for var in CARGO_ONLY_VARS {
        command.env_remove(var);
    }
    command
}

fn run(command: &mut Command, what: &str, dir: &Path) {
    let status = command.status().unwrap_or_else(|e| {
        fail(&format!(
            "could not start `{what}` in {}: {e}. Is Node.js (>= 20.19) with npm installed?",
            dir.display()
        ))
    });
    if !status.success() {
        fail(&format!(
            "`{what}` failed in {} ({status}). Run it by hand there to see why, or set {PREBUILT_UI} \
             to a UI build made earlier.",
            dir.display()
        ));
    }
}

fn modified(path: &Path) -> std::time::SystemTime {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(std::time::UNIX_EPOCH)
}

fn copy_tree(from: &Path, to: &Path) {
    let _ = fs::remove_dir_all(to);
    let copy = || -> std::io::Result<()> {
        let mut pending = vec![from.to_path_buf()];
        while let Some(dir) = pending.pop() {
            let target = to.join(dir.strip_prefix(from).unwrap_or(&dir));
            fs::create_dir_all(&target)?;
            for entry in fs::read_dir(&dir)? {
                let path = entry?.path();
                if path.is_dir() {
                    pending.push(path);
                } else {
                    fs::copy(&path, target.join(path.file_name().unwrap_or_default()))?;
                }
            }
        }
        Ok(())
    };
    copy().unwrap_or_else(|e| {
        fail(&format!(
            "cannot copy {PREBUILT_UI} {}: {e}",
            from.display()
        ))
    });
}
