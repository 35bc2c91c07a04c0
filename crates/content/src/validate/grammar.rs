//! The page grammar: no page runs two card grids back to back, client evidence shows every client
//! type `site.toml` counts and cases that exist, tiles end in one button, a table of people has
//! their name, role and line, and the brand kit's type scale names steps that exist.

use std::collections::BTreeMap;

use super::findings::Findings;
use crate::pages::evidence::cases_of;
use crate::schema::marketing::{MarketingPage, Section};
use crate::schema::model::{Content, SiteFacts};
use crate::schema::section_items::{CertificationLayout, FeatureLayout, TableLayout};
use crate::source::files::ContentFiles;
use crate::{ContentError, Lang};

/// Runs the rules in every language and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let mut found = Findings::new(files);
    counts(&mut found, &content.site);
    for lang in Lang::ALL {
        let pages = &content.locale(lang).marketing;
        back_to_back_grids(&mut found, pages, lang);
        for (page_id, page) in pages {
            let file = format!("{}/marketing/{page_id}.toml", lang.code());
            for section in &page.section {
                drawn(&mut found, page_id, &file, section);
                references(&mut found, content, lang, &file, section);
            }
        }
    }
    found.errors
}

/// The kinds only some pages draw, each with the pages whose component (`ui/src/pages/{id}.tsx`)
/// imports its styles, so that no page loads the styles of layouts it does not show.
const DRAWN_ON: [(&str, &[&str]); 10] = [
    ("diagram", &["home"]),
    ("evidence", &["home", "clients"]),
    ("partners", &["clients"]),
    ("cases", &["clients"]),
    ("timeline", &["how-custody-works"]),
    ("lifecycle", &["trust-center"]),
    ("licences", &["about", "trust-center"]),
    (
        "certifications",
        &["about", "how-custody-works", "trust-center"],
    ),
    ("entities", &["entities"]),
    ("people", &["about"]),
];

/// The kind of a section only some pages draw (a table of people by its layout).
fn page_kind(section: &Section) -> Option<&'static str> {
    match section {
        Section::Diagram(_) => Some("diagram"),
        Section::Evidence(_) => Some("evidence"),
        Section::Partners(_) => Some("partners"),
        Section::Cases { .. } => Some("cases"),
        Section::Timeline(_) => Some("timeline"),
        Section::Lifecycle { .. } => Some("lifecycle"),
        Section::Licences { .. } => Some("licences"),
        Section::Certifications { .. } => Some("certifications"),
        Section::Entities { .. } => Some("entities"),
        Section::Table {
            layout: TableLayout::People,
            ..
        } => Some("people"),
        _ => None,
    }
}

/// A kind only some pages draw is on one of them.
fn drawn(found: &mut Findings<'_>, page_id: &str, file: &str, section: &Section) {
    let Some(kind) = page_kind(section) else {
        return;
    };
    let pages = DRAWN_ON
        .iter()
        .find(|(drawn, _)| *drawn == kind)
        .map_or(&[][..], |(_, pages)| *pages);
    if !pages.contains(&page_id) {
        found.error(
            file,
            &format!("id = \"{}\"", section.id()),
            format!(
                "section `{}`: a `{kind}` section is drawn only on {}; add it to that page's component (ui/src/pages/) and to DRAWN_ON first",
                section.id(),
                pages.join(", ")
            ),
        );
    }
}

/// Whether a section draws its items as a grid of cards side by side.
fn is_card_grid(section: &Section) -> bool {
    match section {
        Section::Features { layout, .. } => *layout != FeatureLayout::List,
        Section::Certifications { layout, .. } => *layout == CertificationLayout::Full,
        Section::Cases { .. } | Section::Entities { .. } | Section::Licences { .. } => true,
        _ => false,
    }
}

/// Two card grids in a row read as a template: a list, a band, a table or prose goes between.
fn back_to_back_grids(
    found: &mut Findings<'_>,
    pages: &BTreeMap<String, MarketingPage>,
    lang: Lang,
) {
    for (page_id, page) in pages {
        let file = format!("{}/marketing/{page_id}.toml", lang.code());
        for pair in page.section.windows(2) {
            if is_card_grid(&pair[0]) && is_card_grid(&pair[1]) {
                let (first, second) = (pair[0].id(), pair[1].id());
                found.error(
                    &file,
                    &format!("id = \"{second}\""),
                    format!("page `{page_id}` runs two card grids back to back, sections `{first}` and `{second}`; draw one as a list, a band or a table, or put another kind between them"),
                );
            }
        }
    }
}

/// Client evidence shows every counted client type once and cases that exist; tiles end in one
/// button; a table of people has a name, a role and a line in each row; the type scale names
/// steps that exist.
fn references(
    found: &mut Findings<'_>,
    content: &Content,
    lang: Lang,
    file: &str,
    section: &Section,
) {
    let needle = format!("id = \"{}\"", section.id());
    let id = section.id();
    match section {
        Section::Evidence(evidence) => {
            if cases_of(content, lang, &evidence.from_page, &evidence.from_section).is_none() {
                found.error(
                    file,
                    &needle,
                    format!(
                        "section `{id}`: page `{}` has no `cases` section `{}` to show",
                        evidence.from_page, evidence.from_section
                    ),
                );
            }
            let shown: Vec<&str> = evidence
                .client
                .iter()
                .map(|c| c.client_type.as_str())
                .collect();
            let counted: Vec<&str> = content
                .site
                .client_type
                .iter()
                .map(|c| c.id.as_str())
                .collect();
            if shown != counted {
                found.error(
                    file,
                    &needle,
                    format!(
                        "section `{id}`: the client mix shows {shown:?}; it shows every client type of site.toml `[[client_type]]` once, in its order: {counted:?}"
                    ),
                );
            }
        }
        Section::Features {
            layout: FeatureLayout::Tiles,
            item,
            action,
            ..
        } if action.len() != 1 || item.iter().any(|item| item.href.is_none()) => {
            found.error(
                file,
                &needle,
                format!("section `{id}`: tiles each link to a page (`href`) and end in one button (`[[section.action]]`), the index they belong to"),
            );
        }
        Section::Table {
            layout: TableLayout::People,
            rows,
            ..
        } if rows.iter().any(|row| row.len() != 3) => {
            found.error(
                file,
                &needle,
                format!("section `{id}`: a table of people has three cells a row: a name, a role and what they do"),
            );
        }
        Section::BrandType(scale) => {
            for item in &scale.item {
                if !content
                    .site
                    .type_step
                    .iter()
                    .any(|step| step.key == item.step)
                {
                    found.error(
                        file,
                        &format!("step = \"{}\"", item.step),
                        format!(
                            "section `{id}`: `{}` is not a step of site.toml `[[type_step]]`",
                            item.step
                        ),
                    );
                }
            }
        }
        _ => {}
    }
}

/// The client types add up to the institutional clients of the figures, exactly: the client mix
/// shows the parts and the total side by side.
fn counts(found: &mut Findings<'_>, site: &SiteFacts) {
    let total: u64 = site.client_type.iter().map(|c| u64::from(c.count)).sum();
    if total != u64::from(site.figures.institutional_clients) {
        found.error(
            "site.toml",
            "[[client_type]]",
            format!(
                "the client types count {total} clients, not the {} institutional clients of [figures]; each client is counted once, under one type",
                site.figures.institutional_clients
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::marketing_fixture::english_pages;
    use super::*;

    /// The card-grid errors of English marketing pages `(page id, file text)`.
    fn errors(pages: &[(&str, &str)]) -> Vec<ContentError> {
        let (files, parsed) = english_pages(pages);
        let mut found = Findings::new(&files);
        back_to_back_grids(&mut found, &parsed, Lang::En);
        found.errors
    }

    fn features(id: &str, layout: &str) -> String {
        format!(
            "[[section]]\nkind = \"features\"\nid = \"{id}\"\nheading = \"H\"\nlayout = \"{layout}\"\ncolumns = 2\n[[section.item]]\ntitle = \"T\"\nbody = \"B\"\n"
        )
    }

    #[test]
    fn two_card_grids_in_a_row_are_refused_naming_the_page_and_both_sections() {
        let text = features("offers", "cards") + &features("audiences", "cards");
        let found = errors(&[("home", &text)]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].file, "en/marketing/home.toml");
        assert_eq!(
            found[0].message,
            "page `home` runs two card grids back to back, sections `offers` and `audiences`; draw one as a list, a band or a table, or put another kind between them"
        );
    }

    #[test]
    fn a_list_between_grids_or_after_one_passes() {
        let text = features("offers", "cards")
            + &features("security", "list")
            + &features("audiences", "cards");
        assert!(errors(&[("home", &text)]).is_empty());
    }

    #[test]
    fn licences_then_a_card_grid_count_as_two_grids() {
        let text = "[[section]]\nkind = \"licences\"\nid = \"regulation\"\nheading = \"R\"\n"
            .to_owned()
            + &features("guides", "cards");
        let found = errors(&[("trust-center", &text)]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].message.contains("`regulation` and `guides`"));
    }
}
