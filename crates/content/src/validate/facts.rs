//! Rules that keep the copy true to the data: every legal entity described in each language,
//! the worked fee example priced from the fee rows, the service levels plausible and links to other
//! sites only to the registers of `site.toml`, no figure, fee or duration typed by hand, and
//! the house terms of the glossary (Chinese, and the English variants it rejects) and the Chinese
//! date format.

use std::collections::BTreeSet;

use super::findings::is_slug;
use crate::schema::model::Content;
use crate::schema::section_items::EntityId;
use crate::schema::service_facts;
use crate::source::files::ContentFiles;
use crate::source::lines::copy_lines;
use crate::tokens::fees::{self, EXAMPLE};
use crate::validate::{typed_durations, typed_figures, typed_money, zh_dates};
use crate::{ContentError, Lang};

/// Runs every rule and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let text = |name: &str| files.get(name).map(String::as_str).unwrap_or_default();
    let mut errors = entities(content, &text);
    errors.extend(fees(content, text("fees.toml")));
    errors.extend(service(content, files, text("site.toml")));
    let literals = typed_figures::literals(&content.site, &content.fees, &content.operations);
    errors.extend(typed_figures::check(files, &literals));
    errors.extend(typed_durations::check(files, &content.site.duration));
    errors.extend(typed_money::check(files));
    errors.extend(content.glossary.check_itself(text("glossary.toml")));
    errors.extend(content.glossary.check_content(files));
    errors.extend(content.glossary.check_english(files));
    errors.extend(zh_dates::check(files));
    errors
}

fn entities<'a>(content: &Content, text: &impl Fn(&str) -> &'a str) -> Vec<ContentError> {
    let file = "site.toml";
    let mut errors = Vec::new();
    let mut error = |file: &str, needle: &str, message: String| {
        errors.push(ContentError::near(file, text(file), needle, message));
    };
    let mut ids = BTreeSet::new();
    for entity in &content.site.entity {
        let needle = format!("id = \"{}\"", entity.id);
        if !is_slug(&entity.id) || !ids.insert(entity.id.as_str()) {
            error(
                file,
                &needle,
                format!("entity id `{}` must be a unique slug", entity.id),
            );
        }
        if entity.jurisdiction.len() != 2
            || !entity.jurisdiction.bytes().all(|b| b.is_ascii_uppercase())
        {
            error(
                file,
                &needle,
                format!(
                    "entity `{}`: `jurisdiction` is a two-letter country code such as SG",
                    entity.id
                ),
            );
        }
        let email = entity.privacy_email.as_deref();
        if entity.contracts_with_clients() && !email.is_some_and(|e| e.contains('@')) {
            error(
                file,
                &needle,
                format!(
                    "entity `{}` contracts with clients, so it needs the `privacy_email` of its \
                     data protection officer",
                    entity.id
                ),
            );
        }
    }
    for id in EntityId::ALL
        .map(EntityId::code)
        .into_iter()
        .filter(|id| !ids.contains(id))
    {
        error(
            file,
            "[[entity]]",
            format!("the entity `{id}` is missing; the supported-asset lists name it"),
        );
    }
    for lang in Lang::ALL {
        let local_file = format!("{}/site.toml", lang.code());
        let local = &content.locale(lang).site;
        for entity in &content.site.entity {
            if !local.entity.contains_key(&entity.id) {
                error(
                    &local_file,
                    "[entity",
                    format!(
                        "entity `{}` of site.toml has no `[entity.{}]`",
                        entity.id, entity.id
                    ),
                );
            }
            let described = local.entity.get(&entity.id);
            if entity.contracts_with_clients()
                && described.is_some_and(|words| words.individuals.is_none())
            {
                error(
                    &local_file,
                    &format!("[entity.{}]", entity.id),
                    format!(
                        "entity `{}` contracts with clients, so `[entity.{}]` states which \
                         individuals it accepts (`individuals`)",
                        entity.id, entity.id
                    ),
                );
            }
            if !local.regulator.contains_key(&entity.regulator) {
                error(
                    &local_file,
                    "[regulator]",
                    format!(
                        "`[regulator]` does not name `{}`, the regulator of entity `{}`",
                        entity.regulator, entity.id
                    ),
                );
            }
        }
        for id in local.entity.keys().filter(|id| !ids.contains(id.as_str())) {
            error(
                &local_file,
                &format!("[entity.{id}]"),
                format!("`entity.{id}` is not an entity of site.toml"),
            );
        }
        for id in local
            .regulator
            .keys()
            .filter(|id| !content.site.entity.iter().any(|e| &e.regulator == *id))
        {
            error(
                &local_file,
                id,
                format!("`regulator.{id}` regulates no entity of site.toml"),
            );
        }
    }
    errors
}

fn fees(content: &Content, text: &str) -> Vec<ContentError> {
    let file = "fees.toml";
    let mut errors = Vec::new();
    let mut ids = BTreeSet::new();
    for row in content.fees.flexible.iter().chain(&content.fees.fixed) {
        if row.id == EXAMPLE || !ids.insert(row.id.as_str()) {
            errors.push(ContentError::near(
                file,
                text,
                &format!("id = \"{}\"", row.id),
                format!(
                    "row id `{}` must be unique across both packages and not `{EXAMPLE}`: copy \
                     names amounts as {{fee.{}.…}}",
                    row.id, row.id
                ),
            ));
        }
    }
    if let Some(problem) = fees::step_at_floor(&content.fees) {
        errors.push(ContentError::near(file, text, "floor", problem));
    }
    if let Err(problem) = fees::price(&content.fees) {
        errors.push(ContentError::near(
            file,
            text,
            "[example]",
            format!("the worked example cannot be priced: {problem}"),
        ));
    }
    errors
}

/// The service facts hold together, and copy links to no other site but through a
/// `{register.…}` token, which the typed-figure check keeps from being typed out.
fn service(content: &Content, files: &ContentFiles, text: &str) -> Vec<ContentError> {
    let site = &content.site;
    let mut errors: Vec<ContentError> = service_facts::problems(site.service_facts())
        .into_iter()
        .map(|problem| ContentError::near("site.toml", text, "[service]", problem))
        .collect();
    let mut ids = BTreeSet::new();
    let named = site.service.cutoff.iter().map(|c| ("cutoff", &c.id));
    let named = named.chain(site.leader.iter().map(|l| ("leader", &l.id)));
    let named = named.chain(site.exchange.iter().map(|e| ("exchange", &e.id)));
    let named = named.chain(site.data_location.iter().map(|d| ("data location", &d.id)));
    for (group, id) in named.chain(site.register.iter().map(|r| ("register", &r.id))) {
        if !is_slug(id) || !ids.insert((group, id)) {
            errors.push(ContentError::near(
                "site.toml",
                text,
                &format!("id = \"{id}\""),
                format!("{group} id `{id}` must be a unique slug"),
            ));
        }
    }
    for (name, file_text) in files.iter().filter(|(name, _)| {
        Lang::ALL
            .iter()
            .any(|lang| name.starts_with(&format!("{}/", lang.code())))
    }) {
        for (line_start, line) in copy_lines(file_text) {
            for (offset, _) in line.match_indices("](http") {
                errors.push(ContentError::at_offset(
                    name,
                    file_text,
                    line_start + offset + 2,
                    "a link to another site: copy links only to the registers of site.toml, \
                     written [text]({register.…})"
                        .to_owned(),
                ));
            }
        }
    }
    errors
}
