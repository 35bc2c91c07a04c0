//! Rules for the brand facts of `site.toml`, the fee wording and the marketing pages that their
//! types cannot express: known pages, icons and colours, unique anchors, links to real pages.

use std::collections::BTreeSet;

use super::findings::{Findings, is_hex_colour};
use crate::pages::page_instances;
use crate::schema::fees;
use crate::schema::icons::ICONS;
use crate::schema::marketing::{BRAND_KIT_PAGE, FULL_CERTIFICATION_PAGES, MarketingPage, Section};
use crate::schema::menu_features::MenuFeature;
use crate::schema::model::Content;
use crate::schema::section_items::CertificationLayout;
use crate::source::files::ContentFiles;
use crate::{ContentError, Lang};

/// The palette keys the site's stylesheets use; `site.toml` must define each.
pub const REQUIRED_COLOURS: [&str; 8] = [
    "brand",
    "accent",
    "link",
    "text",
    "muted",
    "border",
    "surface",
    "background",
];

/// The key of `[menu_summary]` for the header's Insights link, which leads to another site.
pub const MENU_SUMMARY_OF_INSIGHTS: &str = "insights";

/// Runs every rule and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let mut rules = PageRules {
        found: Findings::new(files),
        pages: page_instances(content)
            .into_iter()
            .map(|p| p.path)
            .collect(),
    };
    rules.site(content);
    for lang in Lang::ALL {
        rules.locale(content, lang);
    }
    rules.found.errors
}

struct PageRules<'a> {
    found: Findings<'a>,
    /// Every unprefixed page path, dynamic routes expanded: what an internal link may reach.
    pages: BTreeSet<String>,
}

impl PageRules<'_> {
    fn site(&mut self, content: &Content) {
        let site = &content.site;
        let file = "site.toml";
        for id in &site.trust_line {
            if !site.certification.iter().any(|c| &c.id == id) {
                self.found.error(
                    file,
                    "trust_line",
                    format!("trust_line names `{id}`, which is not a certification"),
                );
            }
        }
        let unknown: Vec<&String> = site
            .suggested_pages
            .iter()
            .filter(|path| !self.pages.contains(*path))
            .collect();
        for path in unknown {
            self.found.error(
                file,
                &format!("\"{path}\""),
                format!(
                    "suggested page `{path}` is not a page (write unprefixed paths such as /faq)"
                ),
            );
        }
        for colour in &site.palette {
            if !is_hex_colour(&colour.hex) {
                let message = format!(
                    "palette colour `{}` must be written `#rrggbb`, not `{}`",
                    colour.key, colour.hex
                );
                self.found.error(file, &colour.hex, message);
            }
        }
        for certification in site.certification.iter().filter(|c| c.evidence().is_none()) {
            self.found.error(
                file,
                &format!("id = \"{}\"", certification.id),
                format!(
                    "certification `{}` needs its dates: period_start and period_end (in that order), as_of, or certificate and valid_until",
                    certification.id
                ),
            );
        }
        for step in &site.type_step {
            if step
                .phone_rem
                .is_some_and(|phone| !(phone > 0.0 && phone < step.rem))
            {
                self.found.error(
                    file,
                    &format!("key = \"{}\"", step.key),
                    format!(
                        "type step `{}`: phone_rem must be above 0 and below rem ({})",
                        step.key, step.rem
                    ),
                );
            }
        }
        for key in REQUIRED_COLOURS {
            if site.colour(key).is_none() {
                self.found.error(
                    file,
                    "[[palette]]",
                    format!("the palette needs the colour `{key}`"),
                );
            }
        }
        let namespaces: [(&str, Vec<&str>); 4] = [
            (
                "palette",
                site.palette.iter().map(|c| c.key.as_str()).collect(),
            ),
            ("chain", site.chain.iter().map(|c| c.id.as_str()).collect()),
            (
                "certification",
                site.certification.iter().map(|c| c.id.as_str()).collect(),
            ),
            (
                "type_step",
                site.type_step.iter().map(|s| s.key.as_str()).collect(),
            ),
        ];
        for (table, keys) in namespaces {
            let mut seen = BTreeSet::new();
            for key in keys.into_iter().filter(|key| !seen.insert(*key)) {
                self.found.error(
                    file,
                    &format!("\"{key}\""),
                    format!("`{key}` is used twice in `{table}`"),
                );
            }
        }
    }

    fn locale(&mut self, content: &Content, lang: Lang) {
        let locale = content.locale(lang);
        let code = lang.code();
        let site_file = format!("{code}/site.toml");
        let ids: BTreeSet<&str> = content
            .site
            .certification
            .iter()
            .map(|c| c.id.as_str())
            .collect();
        let described: BTreeSet<&str> = locale
            .site
            .certification
            .keys()
            .map(String::as_str)
            .collect();
        for id in ids.difference(&described) {
            self.found.error(
                &site_file,
                "[certification]",
                format!("certification `{id}` of site.toml has no description"),
            );
        }
        for id in described.difference(&ids) {
            self.found.error(
                &site_file,
                id,
                format!("`certification.{id}` is not a certification of site.toml"),
            );
        }
        for path in locale.site.menu_summary.keys() {
            if path != MENU_SUMMARY_OF_INSIGHTS && !self.pages.contains(path) {
                self.found.error(
                    &site_file,
                    &format!("\"{path}\" ="),
                    format!("menu summary for `{path}`, which is not a page (nor `{MENU_SUMMARY_OF_INSIGHTS}`)"),
                );
            }
        }
        for path in locale
            .site
            .menu_feature
            .values()
            .filter_map(MenuFeature::path)
        {
            self.link(&site_file, path);
        }
        for path in &content.site.suggested_pages {
            if !locale.site.menu_summary.contains_key(path) {
                self.found.error(
                    &site_file,
                    "[menu_summary]",
                    format!("the 404 page suggests `{path}`, which needs a line in [menu_summary]"),
                );
            }
        }
        let fees_file = format!("{code}/fees.toml");
        for problem in fees::mismatches(&content.fees, &locale.fees) {
            self.found
                .errors
                .push(ContentError::in_file(&fees_file, problem));
        }
        let routes: BTreeSet<&str> = content.routes.iter().map(|r| r.id.as_str()).collect();
        for (page, sections) in &locale.marketing {
            let file = format!("{code}/marketing/{page}.toml");
            if !routes.contains(page.as_str()) {
                self.found.errors.push(ContentError::in_file(
                    &file,
                    format!("`{page}` is not a page id of routes.toml"),
                ));
                continue;
            }
            self.marketing_page(content, &file, page, sections);
        }
    }

    fn marketing_page(
        &mut self,
        content: &Content,
        file: &str,
        page_id: &str,
        page: &MarketingPage,
    ) {
        let mut anchors = BTreeSet::new();
        if page.hero.action.len() > 2 {
            self.found.error(
                file,
                "[hero]",
                "the hero has more than two buttons".to_owned(),
            );
        }
        for action in &page.hero.action {
            self.link(file, &action.href);
        }
        for section in &page.section {
            let id = section.id();
            let needle = format!("id = \"{id}\"");
            self.found
                .slug_once(&mut anchors, id, "section id", file, &needle);
            let on_brand_kit = page_id == BRAND_KIT_PAGE;
            if section.is_brand_kit() != on_brand_kit && !matches!(section, Section::Cta { .. }) {
                let problem = if on_brand_kit {
                    "the brand kit page shows only brand sections and call-to-action bands"
                } else {
                    "brand sections are shown on the brand kit page only"
                };
                self.found
                    .error(file, &needle, format!("section `{id}`: {problem}"));
            }
            if let Section::Certifications {
                layout: CertificationLayout::Full,
                ..
            } = section
                && !FULL_CERTIFICATION_PAGES.contains(&page_id)
            {
                self.found.error(
                    file,
                    &needle,
                    format!("section `{id}`: the certifications are shown in full on the Trust center and How custody works only; elsewhere they are a badge row linking there (leave out `layout`)"),
                );
            }
            for action in section.actions() {
                self.link(file, &action.href);
            }
            self.section(content, file, &needle, section);
        }
    }

    fn section(&mut self, content: &Content, file: &str, needle: &str, section: &Section) {
        let id = section.id();
        match section {
            Section::Features {
                layout,
                columns,
                item,
                ..
            } => {
                let allowed = layout.columns();
                if !allowed.contains(columns) {
                    self.found.error(
                        file,
                        needle,
                        format!(
                            "section `{id}`: `columns` must be from {} to {} for this layout",
                            allowed.start(),
                            allowed.end()
                        ),
                    );
                }
                for card in item {
                    if let Some(icon) = &card.icon
                        && !ICONS.contains(&icon.as_str())
                    {
                        self.found.error(
                            file,
                            &format!("\"{icon}\""),
                            format!("section `{id}`: unknown icon `{icon}`"),
                        );
                    }
                    match (&card.href, &card.link) {
                        (Some(href), Some(_)) => self.link(file, href),
                        (Some(href), None) => self.found.error(
                            file,
                            href,
                            format!(
                                "section `{id}`: the card linking to `{href}` needs `link` text"
                            ),
                        ),
                        (None, Some(link)) => self.found.error(
                            file,
                            link,
                            format!("section `{id}`: `link` text without an `href`"),
                        ),
                        (None, None) => {}
                    }
                }
            }
            Section::Table { header, rows, .. } => {
                for row in rows.iter().filter(|row| row.len() != header.len()) {
                    let first = row.first().map(String::as_str).unwrap_or_default();
                    self.found.error(
                        file,
                        first,
                        format!(
                            "section `{id}`: a row has {} cells but the header has {}",
                            row.len(),
                            header.len()
                        ),
                    );
                }
            }
            Section::Split {
                aside: Some(_),
                illustration: Some(_),
                ..
            } => {
                self.found.error(
                    file,
                    needle,
                    format!("section `{id}`: a side box and an illustration would share one column; keep one"),
                );
            }
            Section::Cases { item, .. } => {
                for case in item.iter().filter(|case| case.metric.len() != 2) {
                    self.found.error(
                        file,
                        &case.client,
                        format!("section `{id}`: a client case shows two figures, side by side"),
                    );
                }
            }
            Section::Cta { action, .. } if action.is_empty() || action.len() > 2 => {
                self.found.error(
                    file,
                    needle,
                    format!("section `{id}`: a call to action has one or two buttons"),
                );
            }
            Section::BrandPalette { item, .. } => {
                for swatch in item
                    .iter()
                    .filter(|s| content.site.colour(&s.colour).is_none())
                {
                    self.found.error(
                        file,
                        &swatch.colour,
                        format!(
                            "section `{id}`: `{}` is not a palette colour of site.toml",
                            swatch.colour
                        ),
                    );
                }
            }
            _ => {}
        }
        if section.actions().len() > 2 {
            self.found.error(
                file,
                needle,
                format!("section `{id}` has more than two buttons"),
            );
        }
    }

    /// An internal link must be unprefixed and lead to a page (anchors and queries allowed).
    fn link(&mut self, file: &str, href: &str) {
        let path = href.split(['#', '?']).next().unwrap_or_default();
        let is_page = self.pages.contains(path);
        if !is_page {
            self.found.error(
                file,
                href,
                format!(
                    "link `{href}` does not lead to a page (write unprefixed paths such as /about)"
                ),
            );
        }
    }
}
