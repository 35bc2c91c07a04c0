//! The claims register: every fact copy cites as a token (a channel's hours, a wallet's signing
//! threshold, what an entity offers, a fee, a frequency, a figure), its value in each language
//! and every page and line of both languages that cites it. A compliance officer reviews this one
//! list instead of every page; `custody-site claims` prints it as Markdown or CSV, and with a
//! diff only the claims a change touches.

mod changes;
mod format;
mod pages;
mod particulars;

use std::collections::BTreeMap;

pub use changes::ChangedLines;
pub use format::{csv, markdown};

use crate::Lang;
use crate::schema::model::Content;
use crate::source::files::ContentFiles;
use crate::source::lines::copy_lines;
use crate::tokens::copy::{CopyTokens, Sources, names_in};
use particulars::{api_about, insurance_about, staking_about};

/// The register: the claims in the order of their groups, then of their tokens.
#[derive(Debug, Clone, Default)]
pub struct Register {
    /// Every claim.
    pub claims: Vec<Claim>,
}

/// One fact copy cites, with its value and its citations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// The group it belongs to.
    pub group: Group,
    /// The token copy writes, without braces: `channel.incidents.hours`.
    pub token: String,
    /// What the fact is about, where the data says (a channel's purpose, what recurs).
    pub about: String,
    /// Its text in English.
    pub en: String,
    /// Its text in Chinese.
    pub zh: String,
    /// Every line that cites it, English first.
    pub citations: Vec<Citation>,
}

/// One line of copy that cites a claim.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Citation {
    /// The language of the file.
    pub lang: Lang,
    /// The file, relative to `content/`.
    pub file: String,
    /// The one-based line.
    pub line: usize,
    /// The page that shows it (`/zh/faq/how-wallets-sign`), or where it appears when it is no one
    /// page ("every page").
    pub page: String,
}

/// The groups of facts, in the order the register lists them, with the file each comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Group {
    /// `channels.toml`.
    Channels,
    /// `signing.toml`.
    Signing,
    /// `offerings.toml`: what each entity offers, its staking particulars and Oasis collateral.
    Offerings,
    /// `insurance.toml`.
    Insurance,
    /// `holdings.toml`: the attestation of client balances.
    Holdings,
    /// `jurisdictions.toml`.
    Jurisdictions,
    /// `developers.toml`.
    Developers,
    /// `fees.toml` and the fee wording of each language.
    Fees,
    /// `commitments.toml`: frequencies and hours.
    Commitments,
    /// `site.toml` `[figures]` and `[[chain]]`.
    Figures,
    /// `site.toml` `[[duration]]`.
    Durations,
    /// `site.toml` `[service]`.
    ServiceLevels,
    /// `site.toml` `[[data_location]]`.
    DataLocations,
    /// The legal entities, `site.toml` and each language's `site.toml`.
    Entities,
    /// `site.toml` `[[leader]]`, `[[exchange]]` and `[[register]]`.
    Names,
}

impl Group {
    /// The group of a token.
    fn of(token: &str) -> Self {
        match token.split('.').next().unwrap_or_default() {
            "channel" => Self::Channels,
            "signing" => Self::Signing,
            "offering" | "staking" | "collateral" => Self::Offerings,
            "insurance" if token.contains('.') => Self::Insurance,
            "attestation" => Self::Holdings,
            "jurisdiction" => Self::Jurisdictions,
            "api" => Self::Developers,
            "fee" => Self::Fees,
            "frequency" | "hours" => Self::Commitments,
            "duration" => Self::Durations,
            "service" | "cutoff" => Self::ServiceLevels,
            "data" => Self::DataLocations,
            "entity" => Self::Entities,
            "leader" | "exchange" | "register" => Self::Names,
            _ => Self::Figures,
        }
    }

    /// The group's heading in the register.
    pub fn title(self) -> &'static str {
        match self {
            Self::Channels => "Channels",
            Self::Signing => "Signing model",
            Self::Offerings => "What each entity offers",
            Self::Insurance => "Insurance",
            Self::Holdings => "Verifying holdings",
            Self::Jurisdictions => "Where each entity accepts clients from",
            Self::Developers => "The client API",
            Self::Fees => "Fees and fee rules",
            Self::Commitments => "Frequencies and hours",
            Self::Figures => "Company figures",
            Self::Durations => "Durations",
            Self::ServiceLevels => "Service levels",
            Self::DataLocations => "Where data is kept",
            Self::Entities => "Legal entities",
            Self::Names => "Names and registers",
        }
    }

    /// The file the group's facts are data of, relative to `content/`.
    pub fn source(self) -> &'static str {
        match self {
            Self::Channels => "channels.toml",
            Self::Signing => "signing.toml",
            Self::Offerings => "offerings.toml",
            Self::Insurance => "insurance.toml",
            Self::Holdings => "holdings.toml",
            Self::Jurisdictions => "jurisdictions.toml",
            Self::Developers => "developers.toml",
            Self::Fees => "fees.toml",
            Self::Commitments => "commitments.toml",
            _ => "site.toml",
        }
    }
}

/// The register of `content`, whose `files` give the citations.
pub fn build(content: &Content, files: &ContentFiles) -> Register {
    let values = |lang: Lang| {
        let local = &content.locale(lang).site;
        let sources = Sources {
            site: &content.site,
            fees: Some(&content.fees),
            operations: Some(&content.operations),
            entities: Some((&local.entity, &local.regulator)),
        };
        CopyTokens::new(sources, lang).with_fee_wording(
            &content.fees,
            &content.locale(lang).fees,
            lang,
        )
    };
    let (en, zh) = (values(Lang::En), values(Lang::Zh));
    let mut citations: BTreeMap<String, Vec<Citation>> = BTreeMap::new();
    for (file, text) in files {
        let Some(lang) = Lang::ALL
            .into_iter()
            .find(|lang| file.starts_with(&format!("{}/", lang.code())))
        else {
            continue;
        };
        let page_of = pages::pages_of(content, file, text, lang);
        for (offset, line) in copy_lines(text) {
            let number = text[..offset].matches('\n').count() + 1;
            let page = page_of(number);
            for token in cited_in(line) {
                citations.entry(token).or_default().push(Citation {
                    lang,
                    file: (*file).clone(),
                    line: number,
                    page: page.clone(),
                });
            }
        }
    }
    let mut claims: Vec<Claim> = en
        .iter()
        .map(|(token, text)| {
            let mut cited = citations.remove(token).unwrap_or_default();
            cited.sort();
            cited.dedup();
            Claim {
                group: Group::of(token),
                token: token.to_owned(),
                about: about(content, token),
                en: text.to_owned(),
                zh: zh.get(token).unwrap_or_default().to_owned(),
                citations: cited,
            }
        })
        .collect();
    claims.sort_by(|a, b| (a.group, &a.token).cmp(&(b.group, &b.token)));
    Register { claims }
}

/// The tokens a line cites: those it writes, the figure a figure strip names
/// (`figure = "clients"`), and the keys a diagram draws (`wallet = "cold"`).
fn cited_in(line: &str) -> Vec<String> {
    let mut tokens: Vec<String> = names_in(line)
        .into_iter()
        .map(|(_, name)| name.to_owned())
        .collect();
    let value = |key: &str| {
        line.trim_start()
            .strip_prefix(key)
            .and_then(|rest| rest.trim().strip_prefix('"'))
            .and_then(|rest| rest.strip_suffix('"'))
            .map(str::to_owned)
    };
    if let Some(figure) = value("figure =") {
        tokens.push(figure);
    }
    if let Some(wallet) = value("wallet =") {
        tokens.push(format!("signing.{wallet}.threshold"));
        tokens.push(format!("signing.{wallet}.keys"));
    }
    tokens
}

/// What a token is about, where the data says: a channel's purpose, what recurs, what a data
/// location holds, which service an offering cell is of.
fn about(content: &Content, token: &str) -> String {
    let operations = &content.operations;
    let parts: Vec<&str> = token.split('.').collect();
    match parts.as_slice() {
        ["channel", id, field] => operations
            .channels
            .get(id)
            .map(|c| {
                let deadlines = if *field == "hours" && !c.deadlines.is_empty() {
                    format!("; notices given through it: {}", c.deadlines.join(", "))
                } else {
                    String::new()
                };
                format!("{} ({}){deadlines}", c.purpose, c.hours.label())
            })
            .unwrap_or_default(),
        ["signing", id] if operations.signing.approval.iter().any(|a| a.id == *id) => {
            let enables: Vec<&str> = operations
                .signing
                .automatic
                .iter()
                .filter(|a| a.approval == *id)
                .map(|a| a.id.as_str())
                .collect();
            let about = operations
                .signing
                .approval
                .iter()
                .find(|a| a.id == *id)
                .map(|a| a.about.clone())
                .unwrap_or_default();
            if enables.is_empty() {
                about
            } else {
                format!(
                    "{about}; enables the automatic transfers {}",
                    enables.join(", ")
                )
            }
        }
        ["signing", "automatic", ..] => {
            "transfers signed without your checkers' approval of each one".to_owned()
        }
        ["signing", "risk", id] => format!(
            "what a stolen credential could move under the automatic transfer {id}, and how the \
             insurance treats the loss"
        ),
        ["signing", wallet, _] => {
            let automatic: Vec<String> = operations
                .signing
                .automatic
                .iter()
                .filter(|a| a.wallet == *wallet)
                .map(|a| match &a.interval {
                    Some(interval) => format!("{}, every {{duration.{interval}}}", a.id),
                    None => a.id.clone(),
                })
                .collect();
            if automatic.is_empty() {
                format!("{wallet} wallets")
            } else {
                format!(
                    "{wallet} wallets; signed without your checkers' approval: {}",
                    automatic.join(", ")
                )
            }
        }
        ["offering", "unregulated", entity] => {
            format!("The services entity {entity} offers outside its licence or exemption")
        }
        ["offering", "not-for-individuals", entity] => {
            format!("The services entity {entity} offers to institutions only")
        }
        ["certification", id, field] => format!("The {id} report or certificate ({field})"),
        ["offering", service, entity] => operations
            .offerings
            .service
            .iter()
            .find(|s| s.id == *service)
            .map(|s| format!("{}: entity {entity}", s.name))
            .unwrap_or_default(),
        ["frequency", id] | ["frequency", id, "interval"] => operations
            .commitments
            .frequency
            .iter()
            .find(|f| f.id == *id)
            .map(|f| f.what.clone())
            .unwrap_or_default(),
        ["hours", id] => operations
            .commitments
            .hours
            .iter()
            .find(|h| h.id == *id)
            .map(|h| h.what.clone())
            .unwrap_or_default(),
        ["staking", entity, field] => {
            format!("Staking of entity {entity}: {}", staking_about(field))
        }
        ["collateral", entity, "assets"] => {
            format!("Oasis collateral of entity {entity}: the assets a connected exchange counts")
        }
        ["collateral", entity, "haircuts"] => {
            format!("Oasis collateral of entity {entity}: the haircut of each asset")
        }
        ["collateral", entity, token] => format!(
            "Oasis collateral of entity {entity}: the haircut of {}",
            token.to_uppercase()
        ),
        ["insurance", ..] => insurance_about(token),
        ["attestation", field] => format!(
            "The auditor's attestation of client balances ({field}), {{frequency.{}}}",
            operations.holdings.attestation.frequency
        ),
        ["jurisdiction", "sanctions-lists"] => {
            "Whose sanctions lists we screen clients, counterparties and addresses against"
                .to_owned()
        }
        ["jurisdiction", "zh-pages"] => {
            "The Simplified Chinese pages are no offer to residents of mainland China".to_owned()
        }
        ["jurisdiction", "restricted", area] => {
            format!("Restricted jurisdictions of {area}: we provide no services there")
        }
        ["jurisdiction", region, "name"] => format!("The name of the region `{region}`"),
        ["jurisdiction", region, entity] => {
            format!("Whether entity {entity} accepts clients established in `{region}`")
        }
        ["api", "host", id] => operations
            .developers
            .host
            .iter()
            .find(|h| h.id == *id)
            .map(|h| h.what.clone())
            .unwrap_or_default(),
        ["api", "rate", id] => operations
            .developers
            .rate_limit
            .iter()
            .find(|r| r.id == *id)
            .map(|r| r.what.clone())
            .unwrap_or_default(),
        ["api", "event", id] => operations
            .developers
            .event
            .iter()
            .find(|e| e.id == *id)
            .map(|e| format!("Webhook event: {}", e.what))
            .unwrap_or_default(),
        ["api", "error", "field", field] => {
            format!("The field of every error body that carries the {field}")
        }
        ["api", "error", id, ..] => operations
            .developers
            .error
            .code
            .iter()
            .find(|c| c.id == *id)
            .map(|c| format!("API error: {}", c.what))
            .unwrap_or_default(),
        ["api", ..] => api_about(token).to_owned(),
        ["data", id] => content
            .site
            .data_location
            .iter()
            .find(|d| d.id == *id)
            .map(|d| d.what.clone())
            .unwrap_or_default(),
        _ => String::new(),
    }
}

impl Register {
    /// The claims a change touches: those cited on a changed line (with those citations only),
    /// and every claim of a facts file the change edits.
    pub fn touched_by(&self, changed: &ChangedLines) -> Register {
        let claims = self
            .claims
            .iter()
            .filter_map(|claim| {
                if changed.touches_file(claim.group.source()) {
                    return Some(claim.clone());
                }
                let citations: Vec<Citation> = claim
                    .citations
                    .iter()
                    .filter(|c| changed.touches(&c.file, c.line))
                    .cloned()
                    .collect();
                (!citations.is_empty()).then(|| Claim {
                    citations,
                    ..claim.clone()
                })
            })
            .collect();
        Register { claims }
    }
}
