//! The rules that keep the copy true to the channels of `channels.toml`, line by line and in the
//! context of each entry (an article, a step, a section): a line that cites a channel's token
//! names that channel; a line about what a channel is for (an incident, a lost key) that sends
//! the reader somewhere sends them to that channel; and a channel's acknowledgement time or a
//! notice given through it is never stated for another channel.

use crate::schema::channels::{Channel, Channels};
use crate::schema::model::Content;
use crate::source::entries::{Entry, entries};
use crate::source::files::{ContentFiles, language_files};
use crate::{ContentError, Lang};

/// Runs every rule over the language folders and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let channels = &content.operations.channels;
    let mut errors = Vec::new();
    for (name, text, lang) in language_files(files) {
        for entry in entries(text) {
            for (message, offset) in entry_problems(channels, &entry, lang) {
                errors.push(ContentError::at_offset(name, text, offset, message));
            }
        }
    }
    errors
}

/// The problems of one entry, each with the byte offset in the file where it is.
fn entry_problems(channels: &Channels, entry: &Entry<'_>, lang: Lang) -> Vec<(String, usize)> {
    let whole = entry.text();
    let heads: String = entry.heads().collect();
    let mut problems = Vec::new();
    for &(offset, line) in &entry.lines {
        for channel in &channels.channel {
            if let Some(at) = line.find(&format!("{{channel.{}.", channel.id))
                && !names_in_words(channel, line, lang)
                && !names_in_words(channel, &heads, lang)
            {
                problems.push((
                    format!(
                        "this line cites a fact of the channel `{}` without naming it: say \
                         “{}” in the same line, or in the title above it, so that its hours, \
                         address or acknowledgement time are never read as another channel's",
                        channel.id,
                        channel.called.of(lang).first().map_or("", String::as_str)
                    ),
                    offset + at,
                ));
            }
        }
        problems.extend(
            wrong_channel(channels, line, &heads, lang).map(|(message, at)| (message, offset + at)),
        );
        problems.extend(
            promise_of_another(channels, line, &whole, lang)
                .map(|(message, at)| (message, offset + at)),
        );
    }
    problems
}

/// Whether `line` names `channel` in words (or links its page), not only by a token.
fn names_in_words(channel: &Channel, line: &str, lang: Lang) -> bool {
    channel.called.in_text(line, lang)
        || (!channel.is_mailbox() && line.contains(&format!("]({}", channel.address)))
}

/// A line about what a channel is for (in the line, or in its entry's title) that sends the
/// reader to another channel and not to that one.
fn wrong_channel<'c>(
    channels: &'c Channels,
    line: &'c str,
    heads: &'c str,
    lang: Lang,
) -> impl Iterator<Item = (String, usize)> + 'c {
    channels.channel.iter().filter_map(move |meant| {
        let (_, topic) = meant
            .about
            .find_in(line, lang)
            .or_else(|| meant.about.find_in(heads, lang))?;
        if meant.named_at(line, lang).is_some() {
            return None;
        }
        let (other, at) = channels
            .channel
            .iter()
            .filter(|other| other.id != meant.id && !other.about.in_text(line, lang))
            .filter_map(|other| other.named_at(line, lang).map(|at| (other, at)))
            .min_by_key(|(_, at)| *at)?;
        Some((
            format!(
                "this line is about “{topic}” but sends the reader to the channel `{}`: that is \
                 for the channel `{}` ({}); name it, “{}”, in the same line",
                other.id,
                meant.id,
                meant.purpose,
                meant.called.of(lang).first().map_or("", String::as_str)
            ),
            at,
        ))
    })
}

/// A line that names a channel and states a period that belongs to another channel (its
/// acknowledgement time, or a notice given through it), in an entry that never names the
/// channel the period belongs to.
fn promise_of_another<'c>(
    channels: &'c Channels,
    line: &'c str,
    entry: &'c str,
    lang: Lang,
) -> impl Iterator<Item = (String, usize)> + 'c {
    channels.channel.iter().flat_map(move |owner| {
        let periods = std::iter::once(&owner.acknowledgement).chain(&owner.deadlines);
        let owner_named = owner.named_at(entry, lang).is_some();
        periods
            .filter(move |id| !owner_named && entry.contains(&format!("{{duration.{id}}}")))
            .flat_map(move |id| {
                channels
                    .channel
                    .iter()
                    .filter(|other| other.id != owner.id)
                    .filter_map(move |other| {
                        let at = other.named_at(line, lang)?;
                        Some((
                            format!(
                                "{{duration.{id}}} is a promise of the channel `{}`, but this \
                                 entry gives it for the channel `{}`: one channel, one \
                                 acknowledgement time; name “{}” or cite the other channel's \
                                 own period",
                                owner.id,
                                other.id,
                                owner.called.of(lang).first().map_or("", String::as_str)
                            ),
                            at,
                        ))
                    })
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::channels_fixture::{CHANNELS, channels};

    fn problems(text: &str) -> Vec<String> {
        entries(text)
            .iter()
            .flat_map(|entry| entry_problems(&channels(CHANNELS), entry, Lang::En))
            .map(|(message, _)| message)
            .collect()
    }

    #[test]
    fn an_incident_sent_to_support_or_the_application_form_is_refused() {
        let wrong = problems(
            "[[article]]\ntitle = \"How do we report a security incident?\"\nbody = \"\"\"\n- Contact our support team, or use the [contact us](/contact-us) page.\n\"\"\"\n",
        );
        assert_eq!(wrong.len(), 1, "{wrong:?}");
        assert!(wrong[0].contains("sends the reader to the channel `support`"));
        assert!(
            problems("[[article]]\ntitle = \"Lost keys\"\nbody = \"Tell our incident response team; our support team helps later.\"\n")
                .is_empty()
        );
        assert!(
            problems("body = \"A vulnerability, rather than an incident, goes to our security mailbox.\"\n")
                .is_empty()
        );
    }

    #[test]
    fn a_promise_of_one_channel_given_for_another_is_refused() {
        let wrong = problems(
            "[[section.item]]\ntitle = \"Notify us within {duration.claim-notice}\"\nbody = \"Tell our support team what happened.\"\n",
        );
        assert!(
            wrong
                .iter()
                .any(|p| p
                    .contains("{duration.claim-notice} is a promise of the channel `incidents`")),
            "{wrong:?}"
        );
        let acknowledged = problems(
            "body = \"Write to our security mailbox; we acknowledge within {duration.incident-acknowledgement}.\"\n",
        );
        assert_eq!(acknowledged.len(), 1, "{acknowledged:?}");
    }

    #[test]
    fn a_channels_token_needs_its_name_in_the_line() {
        let unnamed = problems("body = \"Staffed {channel.incidents.hours}.\"\n");
        assert_eq!(unnamed.len(), 1, "{unnamed:?}");
        assert!(
            problems(
                "body = \"Our incident response team is staffed {channel.incidents.hours}.\"\n"
            )
            .is_empty()
        );
    }
}
