//! The tokens copy writes instead of typing a value that is data elsewhere, filled in per
//! language: company figures (`{clients}`), fee amounts (`{fee.setup.amount}`), the worked fee
//! example (`{fee.example.fixed}`), the particulars of the legal entities
//! (`{entity.sg.legal_name}`), durations (`{duration.claim-notice}`), the service levels,
//! leaders, exchanges and registers of `schema/service_facts.rs` (`{cutoff.cold-withdrawal}`),
//! and the facts of how the company operates: channels (`{channel.incidents.address}`), the
//! signing model (`{signing.cold.threshold}`), what each entity offers
//! (`{offering.otc.sg}`), its staking particulars (`{staking.sg.commission}`) and Oasis collateral
//! (`{collateral.sg.btc}`), frequencies and
//! hours (`{frequency.reconciliation}`, `{hours.deposits}`), the insurance policy
//! (`{insurance.sublimit.cold}`), the attestation of client balances (`{attestation.as-of}`), where
//! each entity accepts clients from (`{jurisdiction.eu.sg}`) and the client API
//! (`{api.rate.read}`).

use std::collections::BTreeMap;

use crate::Lang;
use crate::schema::entities::{self, LocalEntity};
use crate::schema::fees::{FeeSchedules, LocalFees};
use crate::schema::model::SiteFacts;
use crate::schema::operations::Operations;
use crate::schema::{
    channels, collateral, commitments, data_locations, developers, durations, holdings, insurance,
    jurisdictions, offerings, service_facts, signing, staking,
};
use crate::source::lines::copy_lines;
use crate::text::cjk_spacing;
use crate::tokens::fees;
use crate::tokens::figures::{self, RUNTIME_TOKENS, TOKENS};

/// The language's entity descriptions (`[entity.{id}]`) and regulator names (`[regulator]`).
pub type EntityWords<'a> = (
    &'a BTreeMap<String, LocalEntity>,
    &'a BTreeMap<String, String>,
);

/// The data tokens are made from: `site.toml` always, the other files when they could be read.
#[derive(Debug, Clone, Copy)]
pub struct Sources<'a> {
    /// `site.toml`.
    pub site: &'a SiteFacts,
    /// `fees.toml`.
    pub fees: Option<&'a FeeSchedules>,
    /// `channels.toml`, `signing.toml`, `offerings.toml` and `commitments.toml`.
    pub operations: Option<&'a Operations>,
    /// The language's entity descriptions, read from its `site.toml` first.
    pub entities: Option<EntityWords<'a>>,
}

/// The dotted groups whose data comes from `fees.toml` and the entity descriptions of each
/// language; those of the facts files are [`OPERATIONS_GROUPS`].
const GROUPS_OF_OTHER_FILES: [&str; 2] = ["fee", "entity"];

/// The groups of the facts files of [`Operations`], known once they could be read.
const OPERATIONS_GROUPS: [&str; 11] = [
    "channel",
    "signing",
    "offering",
    "collateral",
    "frequency",
    "hours",
    "staking",
    "insurance",
    "attestation",
    "jurisdiction",
    "api",
];

/// The groups whose text the build spaces from the Chinese characters around it, since it starts
/// or ends with figures only for some values of the data ("在 24 小时内", but "在两个工作日内").
/// No token is ever spaced from a Chinese character by a Chinese character of its own text.
const SPACED: [&str; 11] = [
    "collateral.",
    "duration.",
    "channel.",
    "signing.",
    "frequency.",
    "hours.",
    "staking.",
    "insurance.sublimit.",
    "insurance.deductible",
    "attestation.",
    "api.",
];

/// Every token of one language with its text.
#[derive(Debug, Clone, Default)]
pub struct CopyTokens {
    values: BTreeMap<String, String>,
    /// The dotted groups of other files (`fee`, `entity`, …) whose data could be read: an unknown
    /// token of another group is not reported, since the file it would come from has an error of
    /// its own.
    groups: Vec<&'static str>,
}

impl CopyTokens {
    /// The tokens of every source that could be read.
    pub fn new(sources: Sources<'_>, lang: Lang) -> Self {
        let site = sources.site;
        let mut values: BTreeMap<String, String> = TOKENS
            .iter()
            .map(|(name, figure)| ((*name).to_owned(), figures::in_prose(site, *figure, lang)))
            .collect();
        values.extend(figures::other_tokens(site, lang));
        values.extend(figures::certification_tokens(site, lang));
        values.extend(durations::tokens(&site.duration, lang));
        values.extend(service_facts::tokens(site.service_facts(), lang));
        values.extend(data_locations::tokens(&site.data_location, lang));
        let mut groups = Vec::new();
        if let Some(fees) = sources.fees {
            values.extend(fees::tokens(fees, lang));
            groups.push("fee");
        }
        if let Some((local, regulators)) = sources.entities {
            values.extend(entities::tokens(&site.entity, local, regulators, lang));
            groups.push("entity");
        }
        if let Some(operations) = sources.operations {
            let service = &site.service;
            values.extend(channels::tokens(
                &operations.channels,
                &site.duration,
                service,
                lang,
            ));
            values.extend(signing::tokens(&operations.signing, service, lang));
            values.extend(offerings::tokens(&operations.offerings, &site.entity, lang));
            values.extend(commitments::tokens(&operations.commitments, service, lang));
            values.extend(staking::tokens(&operations.offerings.staking, lang));
            values.extend(collateral::tokens(&operations.offerings.collateral, lang));
            values.extend(insurance::tokens(&operations.insurance, lang));
            values.extend(holdings::tokens(&operations.holdings, lang));
            values.extend(jurisdictions::tokens(
                &operations.jurisdictions,
                &site.entity,
                lang,
            ));
            values.extend(developers::tokens(&operations.developers, lang));
            if let Some((local, _)) = sources.entities {
                values.extend(insurance::entity_tokens(&operations.insurance, local, lang));
            }
            groups.extend(OPERATIONS_GROUPS);
        }
        Self { values, groups }
    }

    /// These tokens and those made from a language's fee wording (`{fee.above.text}`,
    /// `{fee.switch-to-fixed}`), whose own tokens are filled from these.
    pub fn with_fee_wording(
        mut self,
        fees: &FeeSchedules,
        wording: &LocalFees,
        lang: Lang,
    ) -> Self {
        let made = fees::wording_tokens(fees, wording, |text| self.fill(text), lang);
        self.values.extend(made);
        self
    }

    /// The text of one token, by name (`clients`, `fee.setup.amount`).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// Every token with its text.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values
            .iter()
            .map(|(name, text)| (name.as_str(), text.as_str()))
    }

    /// `text` with every known token replaced by its text. A value that ends with a full stop
    /// (`Kestrel Custody (Singapore) Pte. Ltd.`) takes the place of the sentence's own full stop
    /// after it, so a name that ends a sentence never reads "Pte. Ltd..".
    pub fn fill(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some((before, name, after)) = next_token(rest) {
            out.push_str(before);
            match self.values.get(name) {
                Some(value) => {
                    let spaced = SPACED.iter().any(|group| name.starts_with(group));
                    let after = cjk_spacing::push_value(&mut out, value, after, spaced);
                    rest = if spaced {
                        after
                    } else {
                        after_full_stop(value, after)
                    };
                    continue;
                }
                None => {
                    out.push('{');
                    out.push_str(name);
                    out.push('}');
                }
            }
            rest = after;
        }
        out.push_str(rest);
        out
    }

    /// Every `{name}` in `text`, outside `#` comment lines, that is neither a token nor a
    /// run-time token (`{year}`), with its byte offset.
    pub fn unknown<'t>(&self, text: &'t str) -> Vec<(usize, &'t str)> {
        let mut found = Vec::new();
        for (line_start, line) in copy_lines(text) {
            let mut rest = line;
            while let Some((before, name, after)) = next_token(rest) {
                let offset = line_start + (line.len() - rest.len()) + before.len();
                if !self.values.contains_key(name)
                    && !RUNTIME_TOKENS.contains(&name)
                    && self.may_report(name)
                {
                    found.push((offset, name));
                }
                rest = after;
            }
        }
        found
    }

    /// Whether an unknown `name` is an error: a figure name, or a token of a group whose data
    /// was read.
    fn may_report(&self, name: &str) -> bool {
        match name.split_once('.') {
            Some((group, _)) => {
                let of_other_file =
                    GROUPS_OF_OTHER_FILES.contains(&group) || OPERATIONS_GROUPS.contains(&group);
                !of_other_file || self.groups.contains(&group)
            }
            None => true,
        }
    }

    /// The message for an unknown token: what it may have meant, or which tokens exist.
    pub fn unknown_message(&self, name: &str) -> String {
        let group = name.rsplit_once('.').map(|(group, _)| format!("{group}."));
        let similar: Vec<String> = self
            .values
            .keys()
            .filter(|known| group.as_deref().is_some_and(|g| known.starts_with(g)))
            .map(|known| format!("{{{known}}}"))
            .collect();
        let kind = match name.split('.').next() {
            Some("fee") => "fee amount",
            Some("entity") => "entity particular",
            Some("duration") => "duration",
            Some("channel") => "channel",
            Some("signing") => "signing fact",
            Some("offering") => "offering",
            Some("frequency") => "frequency",
            Some("hours") => "hours",
            Some("data") => "data location",
            Some("staking") => "staking particular",
            Some("collateral") => "Oasis collateral particular",
            Some("insurance") => "insurance particular",
            Some("attestation") => "attestation particular",
            Some("jurisdiction") => "jurisdiction",
            Some("api") => "API fact",
            _ => "figure",
        };
        if similar.is_empty() {
            let figures: Vec<String> = TOKENS.iter().map(|(t, _)| format!("{{{t}}}")).collect();
            format!(
                "unknown {kind} `{{{name}}}`; copy may use {}, fee amounts such as \
                 {{fee.setup.amount}} and entity particulars such as {{entity.sg.legal_name}}",
                figures.join(" ")
            )
        } else {
            format!(
                "unknown {kind} `{{{name}}}`; copy may use {}",
                similar.join(" ")
            )
        }
    }
}

/// The copy after a token whose text is `value`: without its first full stop when `value`
/// already ends with one.
fn after_full_stop<'t>(value: &str, after: &'t str) -> &'t str {
    match after.strip_prefix('.') {
        Some(rest) if value.ends_with('.') => rest,
        _ => after,
    }
}

/// Every `{name}` of `text` that could be a token, with its byte offset.
pub fn names_in(text: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some((before, name, after)) = next_token(rest) {
        found.push((text.len() - rest.len() + before.len(), name));
        rest = after;
    }
    found
}

/// The first `{name}` of `text` whose name is lower-case letters, digits, `_`, `-` and `.`:
/// the text before it, the name and the text after it.
fn next_token(text: &str) -> Option<(&str, &str, &str)> {
    let mut from = 0;
    while let Some(start) = text[from..].find('{').map(|i| from + i) {
        let after = &text[start + 1..];
        let len = after
            .find(|c: char| {
                !(c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '_' | '-' | '.'))
            })
            .unwrap_or(after.len());
        if len > 0 && after[len..].starts_with('}') {
            return Some((&text[..start], &after[..len], &after[len + 1..]));
        }
        from = start + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens() -> CopyTokens {
        CopyTokens {
            values: BTreeMap::from([
                ("clients".to_owned(), "300".to_owned()),
                ("fee.setup.amount".to_owned(), "USD 5,000".to_owned()),
            ]),
            groups: vec!["fee"],
        }
    }

    #[test]
    fn finds_every_name_with_its_offset() {
        assert_eq!(
            names_in("a {clients} b {fee.setup.amount}{Not}"),
            vec![(2, "clients"), (14, "fee.setup.amount")]
        );
    }

    #[test]
    fn fills_known_tokens_and_keeps_the_rest() {
        assert_eq!(
            tokens().fill("{clients} clients pay {fee.setup.amount} in {year}; {Not} {}"),
            "300 clients pay USD 5,000 in {year}; {Not} {}"
        );
    }

    #[test]
    fn a_value_ending_a_sentence_takes_the_place_of_its_full_stop() {
        let tokens = CopyTokens {
            values: BTreeMap::from([
                (
                    "entity.sg.legal_name".to_owned(),
                    "Example (Singapore) Pte. Ltd.".to_owned(),
                ),
                ("clients".to_owned(), "300".to_owned()),
            ]),
            groups: vec!["entity"],
        };
        assert_eq!(
            tokens.fill("Offered by {entity.sg.legal_name}. Over {clients}."),
            "Offered by Example (Singapore) Pte. Ltd. Over 300."
        );
        assert_eq!(
            tokens.fill("由 {entity.sg.legal_name} 提供。{entity.sg.legal_name}, in Singapore"),
            "由 Example (Singapore) Pte. Ltd. 提供。Example (Singapore) Pte. Ltd., in Singapore"
        );
    }

    #[test]
    fn spaces_a_duration_in_figures_from_chinese_characters() {
        let tokens = CopyTokens {
            values: BTreeMap::from([
                ("duration.notice".to_owned(), "24 小时".to_owned()),
                ("duration.reply".to_owned(), "两个工作日".to_owned()),
                ("duration.en".to_owned(), "24 hours".to_owned()),
            ]),
            groups: vec![],
        };
        assert_eq!(
            tokens.fill("在{duration.notice}内；在{duration.reply}内；within {duration.en}."),
            "在 24 小时内；在两个工作日内；within 24 hours."
        );
    }

    #[test]
    fn never_spaces_a_value_ending_in_chinese_from_the_chinese_after_it() {
        let tokens = CopyTokens {
            values: BTreeMap::from([
                ("fee.above.floor".to_owned(), "5,000 万美元".to_owned()),
                (
                    "entity.sg.regulator".to_owned(),
                    "新加坡金融管理局".to_owned(),
                ),
            ]),
            groups: vec![],
        };
        assert_eq!(
            tokens.fill("超过 {fee.above.floor} 的资产；{entity.sg.regulator} 等机构"),
            "超过 5,000 万美元的资产；新加坡金融管理局等机构"
        );
    }

    #[test]
    fn finds_unknown_tokens_outside_comments() {
        let text = "# a comment on /faq/{id}\nover {clients}; {year}; {fee.setup.amout} {Not}";
        assert_eq!(tokens().unknown(text), vec![(49, "fee.setup.amout")]);
        assert!(
            tokens().unknown("{entity.sg.name}").is_empty(),
            "entities were not read"
        );
        assert_eq!(tokens().unknown("{client.x}"), vec![(0, "client.x")]);
        let message = tokens().unknown_message("fee.setup.amout");
        assert!(message.contains("unknown fee amount"), "{message}");
        assert!(message.contains("{fee.setup.amount}"), "{message}");
        assert!(
            tokens()
                .unknown_message("client")
                .starts_with("unknown figure `{client}`")
        );
    }
}
