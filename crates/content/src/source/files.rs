//! The set of content files: which files `content/` holds, and reading them from disk
//! (`crates/site/build.rs`) into the map the loader parses (the server's come embedded).

use std::collections::BTreeMap;

use crate::{ContentError, Lang};

/// Content files keyed by their path relative to `content/` (`en/pages.toml`), forward slashes.
pub type ContentFiles = BTreeMap<String, String>;

/// Files every language folder must contain.
pub const LOCALE_FILES: [&str; 8] = [
    "site.toml",
    "pages.toml",
    "faq.toml",
    "announcements.toml",
    "documents.toml",
    "fees.toml",
    "contact.toml",
    "api.toml",
];

/// The folder of each language holding one `{page-id}.toml` per marketing page.
pub const MARKETING_DIR: &str = "marketing/";

/// Files outside the language folders.
pub const ROOT_FILES: [&str; 15] = [
    "site.toml",
    "routes.toml",
    "redirects.toml",
    "fees.toml",
    "glossary.toml",
    "channels.toml",
    "signing.toml",
    "offerings.toml",
    "commitments.toml",
    "insurance.toml",
    "holdings.toml",
    "jurisdictions.toml",
    "developers.toml",
    "assets/sg.toml",
    "assets/hk.toml",
];

/// The files of one language folder, relative to it: the fixed files, then the marketing pages.
pub fn locale_file_names(files: &ContentFiles, lang: Lang) -> Vec<String> {
    let prefix = format!("{}/{MARKETING_DIR}", lang.code());
    LOCALE_FILES
        .iter()
        .map(|file| (*file).to_owned())
        .chain(
            files
                .keys()
                .filter_map(|name| name.strip_prefix(&prefix))
                .map(|page| format!("{MARKETING_DIR}{page}")),
        )
        .collect()
}

/// The files of the language folders, each with its name, its text and its language.
pub fn language_files(files: &ContentFiles) -> impl Iterator<Item = (&str, &str, Lang)> {
    files.iter().filter_map(|(name, text)| {
        Lang::ALL
            .into_iter()
            .find(|lang| name.starts_with(&format!("{}/", lang.code())))
            .map(|lang| (name.as_str(), text.as_str(), lang))
    })
}

/// Reads every `*.toml` below `root` into a [`ContentFiles`] map.
pub fn read_dir(root: &std::path::Path) -> std::io::Result<ContentFiles> {
    let mut files = ContentFiles::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "toml") {
                let relative = path.strip_prefix(root).unwrap_or(&path);
                let key = relative.to_string_lossy().replace('\\', "/");
                files.insert(key, std::fs::read_to_string(&path)?);
            }
        }
    }
    Ok(files)
}

/// An error for each file under `content/` the site does not read.
pub fn unexpected_files(files: &ContentFiles) -> Vec<ContentError> {
    files
        .keys()
        .filter(|name| !is_known_file(name))
        .map(|name| {
            ContentError::in_file(
                name,
                format!(
                    "unexpected content file: the site reads {} and en/ and zh/ with {} and \
                     marketing/{{page-id}}.toml",
                    ROOT_FILES.join(", "),
                    LOCALE_FILES.join(", ")
                ),
            )
        })
        .collect()
}

fn is_known_file(name: &str) -> bool {
    if ROOT_FILES.contains(&name) {
        return true;
    }
    Lang::ALL.iter().any(|lang| {
        name.strip_prefix(lang.code())
            .and_then(|rest| rest.strip_prefix('/'))
            .is_some_and(|file| {
                LOCALE_FILES.contains(&file)
                    || file
                        .strip_prefix(MARKETING_DIR)
                        .is_some_and(|page| !page.contains('/'))
            })
    })
}
