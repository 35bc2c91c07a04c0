//! The rules that keep the copy true to what each entity offers (`offerings.toml`): a line that
//! names an entity, or both, and a service one of them does not offer is refused unless it limits
//! what it says ("only", "not"); so is every row of a table whose heading, caption or lead speaks
//! of both entities (a service's own particulars, `{staking.sg.commission}`, name it as its words
//! do); "each entity provides only what its licence permits" is refused while an
//! entity offers a service no licence covers; and a status claim that needs its qualification
//! ("an anti-money-laundering licence") carries it in the same line; and a line may not leave
//! open whether an entity accepts individual clients, which `{lang}/site.toml` states, nor keep
//! for institutions a service offered to individuals too (`individuals` of an offer).

use crate::schema::model::Content;
use crate::schema::offerings::Offerings;
use crate::source::entries::entries;
use crate::source::files::{ContentFiles, language_files};
use crate::{ContentError, Lang};

/// Runs every rule over the language folders and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let offerings = &content.operations.offerings;
    let mut errors = Vec::new();
    for (name, text, lang) in language_files(files) {
        for entry in entries(text) {
            let table_of_both = entry.heads().any(|head| offerings.both.in_text(head, lang));
            for &(offset, line) in &entry.lines {
                let in_a_row = table_of_both && line.trim_start().starts_with('[');
                for (at, message) in line_problems(offerings, line, in_a_row, lang) {
                    errors.push(ContentError::at_offset(name, text, offset + at, message));
                }
            }
        }
    }
    errors
}

/// The problems of one line, each with its byte offset in the line. `in_a_row`: the line is a
/// row of a table about both entities.
fn line_problems(
    offerings: &Offerings,
    line: &str,
    in_a_row: bool,
    lang: Lang,
) -> Vec<(usize, String)> {
    let mut problems = Vec::new();
    if let Some((at, phrase)) = offerings.licence_only.find_in(line, lang)
        && !offerings.all_licensed()
    {
        problems.push((
            at,
            format!(
                "“{phrase}” is not true while an entity offers a service outside the scope \
                 of its licence or exemption (offerings.toml): say what each entity offers and \
                 on what basis, or link to the table of our entities page"
            ),
        ));
    }
    if let Some((at, phrase)) = offerings.individuals_hedged.find_in(line, lang) {
        problems.push((
            at,
            format!(
                "“{phrase}” leaves open whether an entity accepts individual clients, which \
                 `individuals` of `[entity.{{id}}]` in {{lang}}/site.toml states: cite \
                 {{entity.sg.individuals}} and {{entity.hk.individuals}}"
            ),
        ));
    }
    if let Some((at, phrase)) = offerings.institutions_only.find_in(line, lang) {
        for service in &offerings.service {
            let Some((_, called)) = service.called.find_in(line, lang) else {
                continue;
            };
            if service.offer.iter().any(|offer| offer.individuals) {
                problems.push((
                    at,
                    format!(
                        "“{phrase}” keeps “{called}” ({}) for institutions, but offerings.toml \
                         offers it to individuals too: set `individuals = false` on its offer, \
                         or say who may use it",
                        service.name
                    ),
                ));
            }
        }
    }
    for qualification in &offerings.qualification {
        if let Some((at, claim)) = qualification.claim.find_in(line, lang)
            && !qualification.needs.in_text(line, lang)
        {
            problems.push((
                at,
                format!(
                    "“{claim}” needs its qualification in the same line: {}",
                    qualification.needs.of(lang).join(" or ")
                ),
            ));
        }
    }
    // A line that limits its claim, or cites the offering tokens (a row of the entities' table),
    // states no more than the data.
    if offerings.limiting.in_text(line, lang) || line.contains("{offering.") {
        return problems;
    }
    let named = named_entities(offerings, line, in_a_row, lang);
    for service in &offerings.service {
        // A service's own particulars (`{staking.sg.commission}`) name it as much as its words.
        let token = line
            .find(&format!("{{{}.", service.id))
            .map(|at| (at, service.id.as_str()));
        let Some((service_at, called)) = service.called.find_in(line, lang).or(token) else {
            continue;
        };
        for &(entity, _) in named.iter().filter(|(e, _)| service.offer_of(e).is_none()) {
            problems.push((
                service_at,
                format!(
                    "this line offers “{called}” ({}) for the entity `{entity}`, which does not \
                     offer it (offerings.toml); name only the entities that do, or say that \
                     `{entity}` does not",
                    service.name
                ),
            ));
        }
    }
    problems
}

/// The entities a line names, each with where: by its words or one of its `{entity.…}` tokens,
/// or all of them where it speaks of both (or is a row of a table about both, `in_a_row`).
pub(super) fn named_entities<'o>(
    offerings: &'o Offerings,
    line: &str,
    in_a_row: bool,
    lang: Lang,
) -> Vec<(&'o str, usize)> {
    let both = offerings
        .both
        .find_in(line, lang)
        .map(|(at, _)| at)
        .or(in_a_row.then_some(0));
    if let Some(at) = both {
        return offerings
            .entity
            .keys()
            .map(|entity| (entity.as_str(), at))
            .collect();
    }
    offerings
        .entity
        .iter()
        .filter_map(|(entity, words)| {
            let token = line.find(&format!("{{entity.{entity}."));
            let word = words.find_in(line, lang).map(|(at, _)| at);
            token
                .into_iter()
                .chain(word)
                .min()
                .map(|at| (entity.as_str(), at))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offerings() -> Offerings {
        toml::from_str(
            r#"
[[service]]
id = "custody"
name = "Custody"
account = "segregated"
offer = [{ entity = "sg", basis = "licence" }, { entity = "hk", basis = "licence" }]

[[service]]
id = "defi"
name = "DeFi"
account = "defi"
offer = [{ entity = "sg", basis = "licence" }]
called = { en = ["DeFi"] }

[[service]]
id = "fixed-income"
name = "Fixed income"
account = "integrated"
offer = [{ entity = "sg", basis = "unregulated", principal = true }]
called = { en = ["fixed income"] }

[[service]]
id = "trading"
name = "Trading"
account = "integrated"
offer = [{ entity = "sg", basis = "licence", principal = true, individuals = false }]
called = { en = ["integrated account"] }

[entity]
sg = { en = ["Singapore entity"] }
hk = { en = ["Hong Kong entity"] }

[both]
en = ["both entities", "Singapore and Hong Kong entities"]

[limiting]
en = ["only", "not "]

[licence_only]
en = ["only the services its licence"]

[individuals_hedged]
en = ["where the entity accepts individual"]

[institutions_only]
en = ["only to institutional clients"]
"#,
        )
        .unwrap()
    }

    fn problems(line: &str, in_a_row: bool) -> Vec<String> {
        line_problems(&offerings(), line, in_a_row, Lang::En)
            .into_iter()
            .map(|(_, message)| message)
            .collect()
    }

    #[test]
    fn a_service_shown_for_an_entity_that_does_not_offer_it_is_refused() {
        assert_eq!(
            problems(
                "DeFi support differs between our Singapore and Hong Kong entities.",
                false
            )
            .len(),
            1
        );
        assert_eq!(
            problems("The Hong Kong entity offers DeFi accounts.", false).len(),
            1
        );
        assert!(problems("DeFi is offered by our Singapore entity only.", false).is_empty());
        assert_eq!(
            problems("[\"Fixed income cut-off\", \"12:00\"],", true).len(),
            1
        );
        assert!(problems("[\"Fixed income cut-off\", \"12:00\"],", false).is_empty());
    }

    #[test]
    fn a_licence_only_claim_is_refused_while_a_service_is_unregulated() {
        let refused = problems(
            "Each entity provides only the services its licence permits.",
            false,
        );
        assert_eq!(refused.len(), 1);
        assert!(refused[0].contains("is not true"));
    }

    #[test]
    fn a_line_that_leaves_open_whether_individuals_are_accepted_is_refused() {
        let refused = problems(
            "Individuals may apply only where the entity accepts individual clients.",
            false,
        );
        assert_eq!(refused.len(), 1);
        assert!(refused[0].contains("{entity.sg.individuals}"));
        assert!(
            problems(
                "Our Singapore entity accepts {entity.sg.individuals}.",
                false
            )
            .is_empty()
        );
    }

    #[test]
    fn a_service_kept_for_institutions_is_refused_while_individuals_may_use_it() {
        let refused = problems(
            "Fixed income is offered only to institutional clients.",
            false,
        );
        assert_eq!(refused.len(), 1);
        assert!(refused[0].contains("individuals = false"));
        assert!(
            problems(
                "The integrated account is offered only to institutional clients.",
                false
            )
            .is_empty()
        );
    }
}
