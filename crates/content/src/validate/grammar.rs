//! The page grammar: no page runs two card grids back to back, a case band shows cases that exist,
//! and client evidence names client types `site.toml` counts.

use std::collections::BTreeMap;

use super::findings::Findings;
use crate::files::ContentFiles;
use crate::marketing::{MarketingPage, Section};
use crate::model::{Content, SiteFacts};
use crate::section_items::{CertificationLayout, FeatureLayout};
use crate::sections::cases_of;
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
/// draws it, so that no page's code carries layouts it does not show.
const DRAWN_ON: [(&str, &[&str]); 4] = [
    ("diagram", &["home"]),
    ("evidence", &["home"]),
    ("case-band", &["home"]),
    ("timeline", &["how-custody-works"]),
];

/// The kind of a section only some pages draw.
fn page_kind(section: &Section) -> Option<&'static str> {
    match section {
        Section::Diagram(_) => Some("diagram"),
        Section::Evidence(_) => Some("evidence"),
        Section::CaseBand(_) => Some("case-band"),
        Section::Timeline(_) => Some("timeline"),
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
        Section::Features { layout, .. } => *layout == FeatureLayout::Cards,
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

/// A case band's cases exist; client evidence names counted client types.
fn references(
    found: &mut Findings<'_>,
    content: &Content,
    lang: Lang,
    file: &str,
    section: &Section,
) {
    let needle = format!("id = \"{}\"", section.id());
    match section {
        Section::CaseBand(band)
            if cases_of(content, lang, &band.from_page, &band.from_section).is_none() =>
        {
            found.error(
                file,
                &needle,
                format!(
                    "section `{}`: page `{}` has no `cases` section `{}` to show",
                    band.id, band.from_page, band.from_section
                ),
            );
        }
        Section::Evidence(evidence) => {
            for item in &evidence.client {
                if !content
                    .site
                    .client_type
                    .iter()
                    .any(|c| c.id == item.client_type)
                {
                    found.error(
                        file,
                        &format!("\"{}\"", item.client_type),
                        format!(
                            "section `{}`: client type `{}` is not counted in site.toml `[[client_type]]`",
                            evidence.id, item.client_type
                        ),
                    );
                }
            }
        }
        _ => {}
    }
}

/// The client types add up to at least the institutional clients the figures claim.
fn counts(found: &mut Findings<'_>, site: &SiteFacts) {
    let total: u64 = site.client_type.iter().map(|c| u64::from(c.count)).sum();
    if total < u64::from(site.figures.institutional_clients) {
        found.error(
            "site.toml",
            "[[client_type]]",
            format!(
                "the client types count {total} clients, fewer than the {} institutional clients of [figures]",
                site.figures.institutional_clients
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str) -> MarketingPage {
        toml::from_str(text).expect("a marketing page")
    }

    /// The card-grid errors of English marketing pages `(page id, file text)`.
    fn errors(pages: &[(&str, &str)]) -> Vec<ContentError> {
        let files: ContentFiles = pages
            .iter()
            .map(|(id, text)| (format!("en/marketing/{id}.toml"), (*text).to_owned()))
            .collect();
        let parsed: BTreeMap<String, MarketingPage> = pages
            .iter()
            .map(|(id, text)| ((*id).to_owned(), page(text)))
            .collect();
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
