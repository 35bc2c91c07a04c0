//! The UI's TypeScript types are generated from the structs the server serializes: the files in
//! `ui/src/lib/generated/` must be what those structs generate today, and
//! `ui/src/components/contact/*.generated.ts` the form's fields and rules as
//! `crates/applications/src/rules.rs` writes them.

use std::collections::BTreeMap;
use std::path::Path;

use ts_rs::{Config as TsConfig, TS};

use custody_applications::application::Submission;
use custody_applications::rules;
use custody_site::http::api_error::ErrorAnswer;
use custody_site::http::contact::{FormAnswer, ReceiptBody};
use custody_site::render::client_contract::{BuildMeta, DataRedirect, LatestBuild, SiteConfig};
use custody_site::search::Answer as SearchAnswer;

/// Where the generated TypeScript types live, and the variable that rewrites them.
const GENERATED: &str = "ui/src/lib/generated";
/// Where the contact form's fields and rules are generated: beside the form's code, which loads
/// with its page (`ui/src/lib/` loads on every page).
const CONTACT: &str = "ui/src/components/contact";
const REWRITE: &str = "CUSTODY_WRITE_UI_TYPES";

fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|entry| entry.expect("a readable directory entry").path())
                .map(|path| {
                    let name = path.file_name().unwrap().to_string_lossy().into_owned();
                    (name, std::fs::read_to_string(&path).expect("a text file"))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The UI's types are generated from the structs the server serializes; the committed files
/// must be what the structs generate today.
#[test]
fn generated_ui_types_are_current() {
    let scratch = tempfile::tempdir().unwrap();
    let config = TsConfig::new().with_out_dir(scratch.path());
    SiteConfig::export_all(&config).unwrap();
    LatestBuild::export_all(&config).unwrap();
    BuildMeta::export_all(&config).unwrap();
    DataRedirect::export_all(&config).unwrap();
    SearchAnswer::export_all(&config).unwrap();
    ReceiptBody::export_all(&config).unwrap();
    FormAnswer::export_all(&config).unwrap();
    ErrorAnswer::export_all(&config).unwrap();
    Submission::export_all(&config).unwrap();
    let fresh = read_dir(scratch.path());
    let committed_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(GENERATED);
    if std::env::var_os(REWRITE).is_some() {
        let _ = std::fs::remove_dir_all(&committed_dir);
        std::fs::create_dir_all(&committed_dir).unwrap();
        for (name, text) in &fresh {
            std::fs::write(committed_dir.join(name), text).unwrap();
        }
    }
    let committed = read_dir(&committed_dir);
    let stale: Vec<&String> = fresh
        .keys()
        .chain(committed.keys())
        .filter(|name| fresh.get(*name) != committed.get(*name))
        .collect();
    assert!(
        stale.is_empty(),
        "{GENERATED} is stale ({stale:?}): run `bash scripts/generate-ui-types.sh`"
    );
}

/// The contact form's fields and rules in the browser are the server's (`crates/applications/src/rules.rs`).
#[test]
fn generated_contact_rules_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(CONTACT);
    for (name, fresh) in [
        ("fields.generated.ts", rules::typescript_fields()),
        ("rules.generated.ts", rules::typescript_rules()),
    ] {
        let path = dir.join(name);
        if std::env::var_os(REWRITE).is_some() {
            std::fs::write(&path, &fresh).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == fresh,
            "{CONTACT}/{name} is stale: run `bash scripts/generate-ui-types.sh`"
        );
    }
}
