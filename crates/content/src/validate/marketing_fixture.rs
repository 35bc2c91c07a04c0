//! English marketing pages for the unit tests of the rules that read them, from `(page id, file text)`.

use std::collections::BTreeMap;

use crate::schema::marketing::MarketingPage;
use crate::source::files::ContentFiles;

/// The pages `(page id, file text)` as English marketing files, and each parsed.
pub fn english_pages(pages: &[(&str, &str)]) -> (ContentFiles, BTreeMap<String, MarketingPage>) {
    let files = pages
        .iter()
        .map(|(id, text)| (format!("en/marketing/{id}.toml"), (*text).to_owned()))
        .collect();
    let parsed = pages
        .iter()
        .map(|(id, text)| {
            (
                (*id).to_owned(),
                toml::from_str(text).expect("a marketing page"),
            )
        })
        .collect();
    (files, parsed)
}
