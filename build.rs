//! Build pipeline: validate `content/`, write the page data as JSON, run the UI build and
//! prerender (Vite + Node) into `OUT_DIR/ui`, which `src/embedded.rs` embeds in the binary.
//!
//! Set `CUSTODY_SITE_UI_DIST=/path/to/ui-dist` to embed a UI build made earlier (clippy,
//! rust-analyzer, air-gapped builds) instead of running Node.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use custody_content::pages;

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
    let root = PathBuf::from(env("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env("OUT_DIR"));
    track_inputs(&root);

    let files = custody_content::files::read_dir(&root.join("content"))
        .unwrap_or_else(|e| fail(&format!("cannot read content/: {e}")));
    let mut site = custody_content::load::parse(&files)
        .unwrap_or_else(|errors| fail(&custody_content::error::report(&errors)));
    check_catalog_terms(&site.glossary, &root);
    site.calling_codes = calling_codes();
    write_calling_codes(&site.calling_codes, &out);
    let data_dir = out.join("site-data");
    write_page_data(&site, &data_dir);

    let ui_out = out.join("ui");
    match std::env::var_os(PREBUILT_UI) {
        Some(dist) => copy_tree(Path::new(&dist), &ui_out),
        None => build_ui(&root.join("ui"), &data_dir, &ui_out),
    }
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
fn check_catalog_terms(glossary: &custody_content::glossary::Glossary, root: &Path) {
    let path = root
        .join("content")
        .join(custody_content::glossary::CATALOG);
    let catalog = fs::read_to_string(&path)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())));
    let errors = glossary.check_catalog(&catalog);
    if !errors.is_empty() {
        fail(&custody_content::error::report(&errors));
    }
}

/// The area code of every country or region with a numbering plan, from libphonenumber's
/// metadata: the same data the server validates phone numbers with.
fn calling_codes() -> custody_content::countries::CallingCodes {
    let database = &*phonenumber::metadata::DATABASE;
    custody_content::countries::COUNTRIES
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
fn write_calling_codes(codes: &custody_content::countries::CallingCodes, out: &Path) {
    let path = out.join("calling-codes.json");
    fs::write(
        &path,
        serde_json::to_vec(codes).expect("JSON values serialize"),
    )
    .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", path.display())));
}

/// Writes `pages.json`: the data the UI build renders every page from.
fn write_page_data(site: &custody_content::Content, dir: &Path) {
    fs::create_dir_all(dir)
        .unwrap_or_else(|e| fail(&format!("cannot create {}: {e}", dir.display())));
    let path = dir.join("pages.json");
    let data = pages::ui_site_data(site);
    fs::write(
        &path,
        serde_json::to_vec(&data).expect("JSON values serialize"),
    )
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
