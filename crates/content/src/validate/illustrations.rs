//! The drawings of the marketing pages: each is shown once on the whole site, not only once per
//! page, a product drawing is given as many words as it has room for, the keys' diagram is drawn
//! in a hero, which carries the keys of the wallet it draws, and the key map and the insurance's
//! limits in a `split` section, which carries the facts they draw.

use std::collections::BTreeMap;

use super::findings::Findings;
use crate::schema::illustration::{Illustration, KEY_SITES_WALLET};
use crate::schema::marketing::{MarketingPage, Section};
use crate::schema::model::Content;
use crate::source::files::ContentFiles;
use crate::{ContentError, Lang};

/// Runs the rules in every language and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let mut found = Findings::new(files);
    for lang in Lang::ALL {
        let pages = &content.locale(lang).marketing;
        let places = places(pages, lang);
        check_places(&mut found, &places);
        let wallet_known = content
            .operations
            .signing
            .wallet
            .iter()
            .any(|wallet| wallet.id == KEY_SITES_WALLET);
        check_key_sites(&mut found, &places, wallet_known);
        check_split_drawings(&mut found, &places);
    }
    found.errors
}

/// The `key-sites` diagram draws the keys the page data of a hero carries, of the wallet
/// `KEY_SITES_WALLET` names: anywhere else, or without that wallet, it would have none to draw.
fn check_key_sites(found: &mut Findings<'_>, places: &[Place<'_>], wallet_known: bool) {
    for place in places {
        if place.illustration != Some(Illustration::KeySites) {
            continue;
        }
        if place.needle != HERO {
            found.error(
                &place.file,
                &place.needle,
                format!(
                    "{}: the illustration `key-sites` is drawn in a hero only, whose page data carries the keys",
                    place.what
                ),
            );
        }
        if !wallet_known {
            found.error(
                &place.file,
                &place.needle,
                format!(
                    "{}: the illustration `key-sites` draws the `{KEY_SITES_WALLET}` wallet's keys, and signing.toml has no such wallet",
                    place.what
                ),
            );
        }
    }
}

/// The key map and the insurance's limits draw what the page data of a `split` section carries:
/// anywhere else they would have nothing to draw.
fn check_split_drawings(found: &mut Findings<'_>, places: &[Place<'_>]) {
    for place in places {
        let Some(drawn @ (Illustration::KeyMap | Illustration::InsuranceLimits)) =
            place.illustration
        else {
            continue;
        };
        if !place.split {
            found.error(
                &place.file,
                &place.needle,
                format!(
                    "{}: the illustration `{}` is drawn in a `split` section only, whose page data carries what it draws",
                    place.what,
                    drawn.name()
                ),
            );
        }
    }
}

/// The needle of a page's hero.
const HERO: &str = "[hero]";

/// One place of the site that shows a drawing, or gives words without one.
struct Place<'a> {
    /// The content file, such as `en/marketing/home.toml`.
    file: String,
    /// Text that finds the place's line in the file.
    needle: String,
    /// The place in words: `the hero` or `section \`security\``.
    what: String,
    illustration: Option<Illustration>,
    labels: &'a [String],
    /// Whether the place is a `split` section, whose page data carries the keys of every wallet
    /// and the insurance's limits.
    split: bool,
}

impl Place<'_> {
    fn named(&self) -> String {
        format!("{} of {}", self.what, self.file)
    }
}

/// The hero and the illustrated sections of every page, in file order.
fn places(pages: &BTreeMap<String, MarketingPage>, lang: Lang) -> Vec<Place<'_>> {
    let mut places = Vec::new();
    for (page_id, page) in pages {
        let file = format!("{}/marketing/{page_id}.toml", lang.code());
        places.push(Place {
            file: file.clone(),
            needle: HERO.to_owned(),
            what: "the hero".to_owned(),
            illustration: page.hero.illustration,
            labels: &page.hero.labels,
            split: false,
        });
        for section in &page.section {
            if let Section::Split {
                id,
                illustration,
                labels,
                ..
            }
            | Section::Features {
                id,
                illustration,
                labels,
                ..
            } = section
            {
                places.push(Place {
                    file: file.clone(),
                    needle: format!("id = \"{id}\""),
                    what: format!("section `{id}`"),
                    illustration: *illustration,
                    labels,
                    split: matches!(section, Section::Split { .. }),
                });
            }
        }
    }
    places
}

fn check_places(found: &mut Findings<'_>, places: &[Place<'_>]) {
    let mut first: BTreeMap<Illustration, &Place<'_>> = BTreeMap::new();
    for place in places {
        let Some(illustration) = place.illustration else {
            if !place.labels.is_empty() {
                found.error(
                    &place.file,
                    &place.needle,
                    format!(
                        "{}: `labels` without an illustration to show them",
                        place.what
                    ),
                );
            }
            continue;
        };
        let name = illustration.name();
        if let Some(earlier) = first.get(&illustration) {
            found.error(
                &place.file,
                &place.needle,
                format!(
                    "the illustration `{name}` is shown twice on the site, in {} and in {}; each drawing appears once",
                    earlier.named(),
                    place.named()
                ),
            );
        } else {
            first.insert(illustration, place);
        }
        let room = illustration.label_count();
        if place.labels.len() != room {
            found.error(
                &place.file,
                &place.needle,
                format!(
                    "{}: the illustration `{name}` has room for {room} labels, and `labels` gives {}",
                    place.what,
                    place.labels.len()
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::marketing_fixture::english_pages;
    use super::*;

    /// The errors of the pages `(page id, file text)` as English marketing files.
    fn errors(pages: &[(&str, &str)]) -> Vec<ContentError> {
        let (files, parsed) = english_pages(pages);
        let mut found = Findings::new(&files);
        check_places(&mut found, &places(&parsed, Lang::En));
        found.errors
    }

    /// The errors of the `key-sites` rule on the pages `(page id, file text)`, with or without the
    /// wallet it draws.
    fn key_sites_errors(pages: &[(&str, &str)], wallet_known: bool) -> Vec<String> {
        let (files, parsed) = english_pages(pages);
        let mut found = Findings::new(&files);
        check_key_sites(&mut found, &places(&parsed, Lang::En), wallet_known);
        found
            .errors
            .into_iter()
            .map(|error| error.message)
            .collect()
    }

    #[test]
    fn the_keys_diagram_is_drawn_in_a_hero_of_a_known_wallet_only() {
        assert!(key_sites_errors(&[("about", KEY_SITES_HERO)], true).is_empty());
        let in_a_section = "[hero]\n[[section]]\nkind = \"split\"\nid = \"custody\"\nheading = \"Custody\"\nbody = \"Text.\"\nillustration = \"key-sites\"\nlabels = [\"A\", \"B\"]\n";
        assert_eq!(
            key_sites_errors(&[("services", in_a_section)], true),
            [
                "section `custody`: the illustration `key-sites` is drawn in a hero only, whose page data carries the keys"
            ]
        );
        assert_eq!(
            key_sites_errors(&[("about", KEY_SITES_HERO)], false),
            [
                "the hero: the illustration `key-sites` draws the `cold` wallet's keys, and signing.toml has no such wallet"
            ]
        );
    }

    #[test]
    fn the_figures_of_facts_are_drawn_in_a_split_section_only() {
        let seven = "labels = [\"A\", \"B\", \"C\", \"D\", \"E\", \"F\", \"G\"]\n";
        let split = format!(
            "[hero]\n[[section]]\nkind = \"split\"\nid = \"keys\"\nheading = \"Keys\"\nbody = \"Text.\"\nillustration = \"key-map\"\n{seven}"
        );
        let list = format!(
            "[hero]\n[[section]]\nkind = \"features\"\nid = \"limits\"\nheading = \"Limits\"\nlayout = \"list\"\nillustration = \"insurance-limits\"\n{seven}item = []\n"
        );
        let messages = |pages: &[(&str, &str)]| -> Vec<String> {
            let (files, parsed) = english_pages(pages);
            let mut found = Findings::new(&files);
            check_split_drawings(&mut found, &places(&parsed, Lang::En));
            found
                .errors
                .into_iter()
                .map(|error| error.message)
                .collect()
        };
        assert!(messages(&[("how-custody-works", &split)]).is_empty());
        assert_eq!(
            messages(&[("trust-center", &list)]),
            [
                "section `limits`: the illustration `insurance-limits` is drawn in a `split` section only, whose page data carries what it draws"
            ]
        );
    }

    /// Two labels: as many as the `key-sites` diagram has room for.
    const KEY_SITES_HERO: &str =
        "section = []\n[hero]\nillustration = \"key-sites\"\nlabels = [\"A\", \"B\"]\n";
    /// Seven labels: as many as the `group-structure` diagram has room for.
    const GROUP_LABELS: &str = "labels = [\"A\", \"B\", \"C\", \"D\", \"E\", \"F\", \"G\"]\n";

    #[test]
    fn a_drawing_shown_on_two_pages_is_refused_naming_both_places() {
        let services = format!(
            "[hero]\nillustration = \"group-structure\"\n{GROUP_LABELS}[[section]]\nkind = \"split\"\nid = \"custody\"\nheading = \"Custody\"\nbody = \"Text.\"\nillustration = \"key-sites\"\nlabels = [\"A\", \"B\"]\n"
        );
        let found = errors(&[("about", KEY_SITES_HERO), ("services", &services)]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].file, "en/marketing/services.toml");
        assert_eq!(
            found[0].message,
            "the illustration `key-sites` is shown twice on the site, in the hero of en/marketing/about.toml and in section `custody` of en/marketing/services.toml; each drawing appears once"
        );
    }

    #[test]
    fn drawings_shown_once_each_pass() {
        let entities =
            format!("section = []\n[hero]\nillustration = \"group-structure\"\n{GROUP_LABELS}");
        let found = errors(&[("about", KEY_SITES_HERO), ("entities", &entities)]);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_product_drawing_takes_exactly_its_words() {
        let short = "section = []\n[hero]\nillustration = \"approval\"\nlabels = [\"Treasury\"]\n";
        let found = errors(&[("home", short)]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0]
                .message
                .contains("room for 8 labels, and `labels` gives 1")
        );
    }
}
