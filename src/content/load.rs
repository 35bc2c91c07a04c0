//! Parsing `content/` from a set of files (read from disk by `build.rs`, embedded in the binary
//! for the server) into the typed model, collecting every error instead of stopping at the first.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;

use super::model::{
    Announcements, Content, Faq, LocalSite, LocaleContent, LongDocument, PageMeta, RedirectTable,
    RouteTable, Site,
};
use super::{ContentError, Lang, parity, validate};

/// Content files keyed by their path relative to `content/` (`en/pages.toml`), forward slashes.
pub type ContentFiles = BTreeMap<String, String>;

/// Files every language folder must contain.
pub const LOCALE_FILES: [&str; 5] = [
    "site.toml",
    "pages.toml",
    "faq.toml",
    "announcements.toml",
    "documents.toml",
];

/// Files at the root of `content/`.
pub const ROOT_FILES: [&str; 3] = ["site.toml", "routes.toml", "redirects.toml"];

/// Parses and validates all content. Returns every problem found, each with file and line.
pub fn parse(files: &ContentFiles) -> Result<Content, Vec<ContentError>> {
    let mut errors = unexpected_files(files);
    let mut reader = Reader {
        files,
        errors: &mut errors,
    };
    let site: Option<Site> = reader.read("site.toml");
    let routes: Option<RouteTable> = reader.read("routes.toml");
    let redirects: Option<RedirectTable> = reader.read("redirects.toml");
    let mut locales = BTreeMap::new();
    for lang in Lang::ALL {
        if let Some(locale) = reader.read_locale(lang) {
            locales.insert(lang, locale);
        }
    }
    errors.extend(parity::check(files));
    let (Some(site), Some(routes), Some(redirects)) = (site, routes, redirects) else {
        return Err(errors);
    };
    if locales.len() != Lang::ALL.len() {
        return Err(errors);
    }
    let content = Content {
        site,
        routes: routes.route,
        redirects: redirects.redirect,
        locales,
    };
    errors.extend(validate::check(&content, files));
    if errors.is_empty() {
        Ok(content)
    } else {
        Err(errors)
    }
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

fn unexpected_files(files: &ContentFiles) -> Vec<ContentError> {
    files
        .keys()
        .filter(|name| !is_known_file(name))
        .map(|name| {
            ContentError::in_file(
                name,
                "unexpected content file: the site reads site.toml, routes.toml, redirects.toml and \
                 en/ and zh/ with site.toml, pages.toml, faq.toml, announcements.toml, documents.toml",
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
            .is_some_and(|file| LOCALE_FILES.contains(&file))
    })
}

struct Reader<'a> {
    files: &'a ContentFiles,
    errors: &'a mut Vec<ContentError>,
}

impl Reader<'_> {
    fn read<T: DeserializeOwned>(&mut self, name: &str) -> Option<T> {
        let Some(text) = self.files.get(name) else {
            self.errors
                .push(ContentError::in_file(name, "file is missing"));
            return None;
        };
        match toml::from_str(text) {
            Ok(value) => Some(value),
            Err(error) => {
                let message = error.message().to_owned();
                self.errors.push(match error.span() {
                    Some(span) => ContentError::at_offset(name, text, span.start, message),
                    None => ContentError::in_file(name, message),
                });
                None
            }
        }
    }

    fn read_locale(&mut self, lang: Lang) -> Option<LocaleContent> {
        let path = |file: &str| format!("{}/{file}", lang.code());
        let site: Option<LocalSite> = self.read(&path("site.toml"));
        let pages: Option<BTreeMap<String, PageMeta>> = self.read(&path("pages.toml"));
        let faq: Option<Faq> = self.read(&path("faq.toml"));
        let announcements: Option<Announcements> = self.read(&path("announcements.toml"));
        let documents: Option<BTreeMap<String, LongDocument>> = self.read(&path("documents.toml"));
        Some(LocaleContent {
            site: site?,
            pages: pages?,
            faq: faq?,
            announcements: announcements?,
            documents: documents?,
        })
    }
}
