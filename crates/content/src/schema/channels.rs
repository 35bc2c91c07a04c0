//! The channels as data (`channels.toml`): every way a client or a visitor reaches the company,
//! each with its address, its hours and one acknowledgement time, and the notices a client gives
//! through it within a period (the insurance claim notice). Copy writes
//! `{channel.incidents.address}`, `{channel.incidents.hours}` and
//! `{channel.incidents.acknowledgement}`, so that every page sends a reader to the same place
//! and promises what that place can keep.

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::durations::Duration;
use crate::schema::hours::Hours;
use crate::schema::service_facts::ServiceFacts;
use crate::text::words::Words;

/// `channels.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Channels {
    /// Every channel, in the order the claims register lists them.
    pub channel: Vec<Channel>,
    /// The channel vulnerability reports go to: `/.well-known/security.txt` names its address,
    /// and its policy is `[security]` `policy` of `site.toml`.
    pub vulnerability_reports: String,
}

/// One way to reach the company.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Channel {
    /// The token's name: copy writes `{channel.{id}.address}` and the rest.
    pub id: String,
    /// What it is for, in English, as the claims register states it.
    pub purpose: String,
    /// An e-mail address, or the path of a page of the site (`/contact-us`).
    pub address: String,
    /// When it is staffed.
    pub hours: Hours,
    /// The duration id of the time within which it acknowledges what it receives.
    pub acknowledgement: String,
    /// The duration ids of notices a client gives through it within a period.
    #[serde(default)]
    pub deadlines: Vec<String>,
    /// How copy names it: a line that cites one of its tokens, or sends a reader to it, uses one
    /// of these words or its address.
    pub called: Words,
    /// What it is for, in the words copy uses: a line about one of these that sends the reader to
    /// another channel, and not to this one, sends them to the wrong place.
    #[serde(default)]
    pub about: Words,
}

impl Channels {
    /// The channel of an id.
    pub fn get(&self, id: &str) -> Option<&Channel> {
        self.channel.iter().find(|channel| channel.id == id)
    }

    /// The address of the vulnerability-report channel (security.txt's `Contact`).
    pub fn vulnerability_address(&self) -> &str {
        self.get(&self.vulnerability_reports)
            .map_or("", |channel| channel.address.as_str())
    }
}

impl Channel {
    /// Whether its address is an e-mail address (else it is a page of the site).
    pub fn is_mailbox(&self) -> bool {
        self.address.contains('@')
    }

    /// Where `text` names this channel: by one of its words, a token of it, or its address.
    pub fn named_at(&self, text: &str, lang: Lang) -> Option<usize> {
        let token = format!("{{channel.{}.", self.id);
        let link = if self.is_mailbox() {
            None
        } else {
            text.find(&format!("]({}", self.address))
        };
        [
            self.called.find_in(text, lang).map(|(at, _)| at),
            text.find(&token),
            link,
        ]
        .into_iter()
        .flatten()
        .min()
    }
}

/// Every channel token of one language.
pub fn tokens(
    channels: &Channels,
    durations: &[Duration],
    service: &ServiceFacts,
    lang: Lang,
) -> Vec<(String, String)> {
    let mut tokens = Vec::new();
    for channel in &channels.channel {
        let name = |field: &str| format!("channel.{}.{field}", channel.id);
        tokens.push((name("address"), channel.address.clone()));
        tokens.push((name("hours"), channel.hours.in_prose(service, lang)));
        if let Some(duration) = durations.iter().find(|d| d.id == channel.acknowledgement) {
            tokens.push((name("acknowledgement"), duration.in_prose(lang)));
        }
    }
    tokens
}

/// What is wrong with the channels, if anything, each with the text of the line it is about: an
/// unknown duration, an address that is neither a mailbox nor a page path, a promise the
/// channel's hours cannot keep (an acknowledgement or a client's notice counted around the clock
/// through a desk open in business hours), and one address with two sets of hours or two
/// acknowledgement times.
pub fn problems(channels: &Channels, durations: &[Duration]) -> Vec<(String, String)> {
    let duration = |id: &str| durations.iter().find(|d| d.id == id);
    let mut problems = Vec::new();
    if channels.get(&channels.vulnerability_reports).is_none() {
        problems.push((
            "vulnerability_reports".to_owned(),
            format!(
                "`vulnerability_reports` names `{}`, which is not a channel",
                channels.vulnerability_reports
            ),
        ));
    }
    for channel in &channels.channel {
        let needle = format!("id = \"{}\"", channel.id);
        let mut problem = |message: String| problems.push((needle.clone(), message));
        if !channel.is_mailbox() && !channel.address.starts_with('/') {
            problem(format!(
                "channel `{}`: `address` \"{}\" is neither an e-mail address nor a page path",
                channel.id, channel.address
            ));
        }
        let promises = std::iter::once(("acknowledgement", &channel.acknowledgement))
            .chain(channel.deadlines.iter().map(|id| ("deadline", id)));
        for (what, id) in promises {
            match duration(id) {
                None => problem(format!(
                    "channel `{}`: {what} `{id}` is not a [[duration]] of site.toml",
                    channel.id
                )),
                Some(d) if channel.hours == Hours::Business && !d.unit.is_business_time() => {
                    problem(format!(
                        "channel `{}` is staffed in business hours only, so it cannot keep a \
                         {what} of {} counted around the clock (`{id}`): a client could not meet \
                         it, or we could not keep it, at a weekend; count it in business hours or \
                         business days, or send it through a channel staffed around the clock",
                        channel.id,
                        d.in_prose(Lang::En)
                    ));
                }
                Some(_) => {}
            }
        }
        for other in channels
            .channel
            .iter()
            .filter(|other| other.id < channel.id && other.address == channel.address)
        {
            if other.hours != channel.hours || other.acknowledgement != channel.acknowledgement {
                problem(format!(
                    "channels `{}` and `{}` share the address {} but differ in hours or \
                     acknowledgement time: one address, one promise",
                    other.id, channel.id, channel.address
                ));
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::channels_fixture::{CHANNELS, channels, durations};

    #[test]
    fn a_business_hours_desk_cannot_take_a_notice_counted_around_the_clock() {
        assert!(problems(&channels(CHANNELS), &durations()).is_empty());
        // The incident desk's notice moved to the application form, staffed in business hours.
        let moved = CHANNELS.replace("deadlines = [\"claim-notice\"]\n", "")
            + "deadlines = [\"claim-notice\"]\n";
        let problems = problems(&channels(&moved), &durations());
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].1.contains("cannot keep a deadline of 24 hours"));
    }

    #[test]
    fn one_address_keeps_one_promise() {
        let shared = CHANNELS.replace("support@custody.example", "incidents@custody.example");
        let problems = problems(&channels(&shared), &durations());
        assert!(
            problems
                .iter()
                .any(|(_, p)| p.contains("one address, one promise")),
            "{problems:?}"
        );
    }

    #[test]
    fn names_a_channel_by_its_words_its_token_or_its_page() {
        let channels = channels(CHANNELS);
        let support = channels.get("support").unwrap();
        assert_eq!(support.named_at("Ask our Support Team.", Lang::En), Some(8));
        assert_eq!(
            support.named_at("write to {channel.support.address}", Lang::En),
            Some(9)
        );
        assert!(
            support
                .named_at("the incident response team", Lang::En)
                .is_none()
        );
    }
}
