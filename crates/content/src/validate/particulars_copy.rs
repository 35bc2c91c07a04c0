//! The rules that keep the copy true to the particulars a buyer compares: a wallet type's
//! insurance sublimit (`{insurance.sublimit.cold}`) is cited in a line that names that wallet type;
//! a line about the insurance never says the limit is shared, or separate, against
//! `insurance.toml`; a line about slashing never puts the penalty on the party that does not bear
//! it (`offerings.toml` `[[staking]]`); and a line never has an entity accept clients from a region
//! it does not accept, nor says we accept clients from a restricted jurisdiction
//! (`jurisdictions.toml`).

use super::offering_copy::named_entities;
use crate::schema::model::Content;
use crate::schema::operations::Operations;
use crate::source::entries::scoped_line_errors;
use crate::source::files::ContentFiles;
use crate::{ContentError, Lang};

/// Runs every rule over the language folders and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let operations = &content.operations;
    scoped_line_errors(files, |line, scope, lang| {
        line_problems(operations, line, scope, lang)
    })
}

/// The problems of one line, each with its byte offset in the line; `scope` is the title,
/// heading, lead or table header of its entry.
fn line_problems(
    operations: &Operations,
    line: &str,
    scope: &str,
    lang: Lang,
) -> Vec<(usize, String)> {
    let mut problems = sublimits(operations, line, scope, lang);
    let insurance = &operations.insurance;
    let about_insurance =
        insurance.words.about.in_text(line, lang) || insurance.words.about.in_text(scope, lang);
    if about_insurance
        && let Some((at, words)) = insurance.contradicting_words().find_in(line, lang)
    {
        let (says, data) = if insurance.shared_limit {
            (
                "each entity's clients have a limit of their own",
                "one shared limit",
            )
        } else {
            (
                "the entities' clients share one limit",
                "a limit for each entity",
            )
        };
        problems.push((
            at,
            format!(
                "“{words}” says {says}, but insurance.toml states {data} (`shared_limit`): write \
                 {{insurance.limit-shared}}"
            ),
        ));
    }
    let slashing = &operations.offerings.slashing_words;
    if slashing.about.in_text(line, lang) {
        for terms in &operations.offerings.staking {
            if let Some((at, words)) = slashing.contradicting(terms.slashing).find_in(line, lang) {
                problems.push((
                    at,
                    format!(
                        "“{words}” puts a slashing penalty on the party that does not bear it: \
                         offerings.toml has `{}` bear it for `{}`; write \
                         {{staking.{}.slashing}}",
                        match terms.slashing {
                            crate::schema::staking::SlashingBorneBy::Entity => "entity",
                            crate::schema::staking::SlashingBorneBy::Client => "client",
                        },
                        terms.entity,
                        terms.entity
                    ),
                ));
            }
        }
    }
    problems.extend(regions(operations, line, lang));
    problems
}

/// A sublimit cited in a line that does not name its wallet type.
fn sublimits(operations: &Operations, line: &str, scope: &str, lang: Lang) -> Vec<(usize, String)> {
    let mut problems = Vec::new();
    for wallet in &operations.signing.wallet {
        let token = format!("{{insurance.sublimit.{}}}", wallet.id);
        if let Some(at) = line.find(&token)
            && !wallet.called.in_text(line, lang)
            && !wallet.called.in_text(scope, lang)
        {
            problems.push((
                at,
                format!(
                    "{token} is the sublimit of `{}` wallets only: name the wallet type (“{}”) in \
                     the same line, or in the title or table header above it",
                    wallet.id,
                    wallet.called.of(lang).first().map_or("", String::as_str)
                ),
            ));
        }
    }
    problems
}

/// An entity said to accept a region's clients it does not accept, or a restricted region said to
/// be accepted, in a line that does not limit what it says or cite the region table.
fn regions(operations: &Operations, line: &str, lang: Lang) -> Vec<(usize, String)> {
    let offerings = &operations.offerings;
    let jurisdictions = &operations.jurisdictions;
    if offerings.limiting.in_text(line, lang) || line.contains("{jurisdiction.") {
        return Vec::new();
    }
    let named = named_entities(offerings, line, false, lang);
    let accepting = jurisdictions.accepting.find_in(line, lang);
    let mut problems = Vec::new();
    for region in &jurisdictions.region {
        let Some((at, called)) = region.called.find_in(line, lang) else {
            continue;
        };
        for &(entity, _) in named
            .iter()
            .filter(|(e, _)| region.acceptance_of(e).is_none())
        {
            problems.push((
                at,
                format!(
                    "this line has the entity `{entity}` accept clients from “{called}”, which it \
                     does not (jurisdictions.toml): name only the entities that do, or say that \
                     `{entity}` does not"
                ),
            ));
        }
        if named.is_empty()
            && jurisdictions.is_restricted(&region.id)
            && let Some((_, word)) = accepting
        {
            problems.push((
                at,
                format!(
                    "“{word}” “{called}”: `{}` is a restricted jurisdiction (jurisdictions.toml), \
                     where we provide no services; say so, or link to the AML statement",
                    region.id
                ),
            ));
        }
    }
    problems
}
