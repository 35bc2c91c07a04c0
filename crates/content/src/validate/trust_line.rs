//! The trust line's badges lead to sections of the Trust center, which exist in every language.

use super::findings::Findings;
use crate::pages::marketing::TRUST_LINE_SECTIONS;
use crate::schema::marketing::TRUST_CENTER_PAGE;
use crate::schema::model::Content;
use crate::source::files::ContentFiles;
use crate::{ContentError, Lang};

/// Runs the rule in every language and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let mut found = Findings::new(files);
    for lang in Lang::ALL {
        let file = format!("{}/marketing/{TRUST_CENTER_PAGE}.toml", lang.code());
        let page = content.locale(lang).marketing.get(TRUST_CENTER_PAGE);
        for id in TRUST_LINE_SECTIONS {
            if !page.is_some_and(|page| page.section.iter().any(|section| section.id() == id)) {
                found.error(
                    &file,
                    "[[section]]",
                    format!(
                        "the trust line under every hero links to section `{id}` of the Trust center, which has no such section"
                    ),
                );
            }
        }
    }
    found.errors
}
