//! An announcement kept `as_published` is the text that was published on its date, so it cites no
//! fact whose value may change since (a fee, a duration, a figure, the signing model, a channel,
//! a report's period…): a token would silently rewrite the old notice when the fact changes. It
//! types the values as they were published instead. Only the families fixed by nature may stay
//! tokens: an entity's names and registration number, an exchange's name and a register's link.

use crate::source::files::ContentFiles;
use crate::source::lines::published_copy_lines;
use crate::tokens::copy::names_in;
use crate::{ContentError, Lang};

/// The entity particulars that do not change while the entity exists: `{entity.{id}.{field}}`.
const FIXED_ENTITY_FIELDS: [&str; 3] = ["name", "legal_name", "registration"];

/// The token groups whose every value is fixed by nature: a firm's name, a register's address.
const FIXED_GROUPS: [&str; 2] = ["exchange", "register"];

/// Every live token cited by an announcement kept `as_published`, in both languages.
pub fn check(files: &ContentFiles) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for lang in Lang::ALL {
        let name = format!("{}/announcements.toml", lang.code());
        let Some(text) = files.get(&name) else {
            continue;
        };
        for (line_start, line) in published_copy_lines(text) {
            for (offset, token) in live_tokens(line) {
                errors.push(ContentError::at_offset(
                    &name,
                    text,
                    line_start + offset,
                    format!(
                        "{{{token}}} is a live fact in an announcement kept `as_published`: a \
                         change of the fact would rewrite the notice; type its value as it was \
                         published"
                    ),
                ));
            }
        }
    }
    errors
}

/// The tokens of `line` whose value may change, each with its byte offset.
fn live_tokens(line: &str) -> Vec<(usize, &str)> {
    names_in(line)
        .into_iter()
        .filter(|(_, token)| !is_fixed(token))
        .collect()
}

/// Whether a token's value is fixed by nature (see [`FIXED_ENTITY_FIELDS`], [`FIXED_GROUPS`]).
fn is_fixed(token: &str) -> bool {
    let mut parts = token.split('.');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some("entity"), Some(_), Some(field), None) => FIXED_ENTITY_FIELDS.contains(&field),
        (Some(group), Some(_), None, None) => FIXED_GROUPS.contains(&group),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live(line: &str) -> Vec<&str> {
        live_tokens(line).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn refuses_every_live_family_and_keeps_names_and_registers() {
        assert_eq!(
            live(
                "{fee.above.text} within {duration.claim-notice} at {channel.incidents.address}; \
                 {certification.soc2-type2.period}, {safeguarded}, {signing.cold.threshold}, \
                 {entity.sg.status}, {leader.ceo}"
            ),
            vec![
                "fee.above.text",
                "duration.claim-notice",
                "channel.incidents.address",
                "certification.soc2-type2.period",
                "safeguarded",
                "signing.cold.threshold",
                "entity.sg.status",
                "leader.ceo",
            ]
        );
        assert!(
            live(
                "{entity.sg.legal_name} ({entity.sg.registration}), {entity.hk.name}, \
                 {exchange.corvid}, [register]({register.mas-fid})"
            )
            .is_empty()
        );
    }

    #[test]
    fn reports_the_line_of_a_published_notice_only() {
        let text = "[[announcement]]\nid = \"new\"\nbody = \"Fee: {fee.above.text}\"\n\n\
                    [[announcement]]\nid = \"old\"\nas_published = true\n\
                    body = \"Reply within {duration.claim-notice}, {entity.sg.legal_name}.\"\n";
        let mut files = ContentFiles::default();
        files.insert("en/announcements.toml".into(), text.into());
        let errors = check(&files);
        assert_eq!(errors.len(), 1, "{errors:?}");
        let shown = errors[0].to_string();
        assert!(
            shown.starts_with("content/en/announcements.toml:8: {duration.claim-notice}"),
            "{shown}"
        );
    }
}
