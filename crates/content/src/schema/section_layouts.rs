//! The section layouts of the page grammar beyond cards and prose (`{lang}/marketing/*.toml`):
//! client evidence, the wordmarks of partner firms, a timeline and the diagram of keys, people
//! and destinations. Each holds its words; figures and names come from `site.toml`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::schema::section_items::{Action, TitledText};

/// `kind = "evidence"`: the client mix, the institutional clients of `site.toml` by type as one
/// bar whose parts add up to the total (`[[client_type]]`), then the set-ups of another page's
/// `cases` section as examples, each with its headline figure, and the firms named in `site.toml`
/// that audit, insure and connect with the company, as wordmarks.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvidenceSection {
    /// Anchor id.
    pub id: String,
    /// Section heading.
    pub heading: String,
    /// Paragraph under the heading; it says when the counts were taken (`{figures.as_of}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    /// What the total counts, shown beside it, e.g. "institutional clients".
    pub total: String,
    /// The client types of the bar, in order; every type `site.toml` counts, once.
    pub client: Vec<ClientTypeItem>,
    /// The page id whose cases are shown as examples, such as `clients`.
    pub from_page: String,
    /// The id of its `cases` section.
    pub from_section: String,
    /// The label of each example, e.g. "Example set-up".
    pub example: String,
    /// The groups of firms shown as wordmarks under the examples.
    #[serde(default)]
    pub group: Vec<PartnerGroup>,
    /// Up to two buttons under the section.
    #[serde(default)]
    pub action: Vec<Action>,
}

/// One part of the client mix; its count is the `site.toml` client type's.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ClientTypeItem {
    /// The id of a `site.toml` `[[client_type]]`.
    pub client_type: String,
    /// What the count counts, e.g. "exchanges".
    pub label: String,
}

/// `kind = "partners"`: the firms named in `site.toml` that audit, insure and connect with the
/// company, as wordmarks in groups.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartnersSection {
    /// Anchor id.
    pub id: String,
    /// Section heading.
    pub heading: String,
    /// Paragraph under the heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    /// The groups, in order.
    pub group: Vec<PartnerGroup>,
}

/// A group of wordmarks: which firms of `site.toml`, and its label.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartnerGroup {
    /// Which firms.
    pub firms: PartnerRole,
    /// What they do for the company, e.g. "Audits and certification".
    pub label: String,
}

/// The firms `site.toml` names, by what they do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum PartnerRole {
    /// The issuers of the `[[certification]]`s, each once.
    Auditors,
    /// The insurance policy's broker and underwriter (`insurance.toml`).
    Insurers,
    /// The `[[exchange]]`s connected to Oasis.
    Exchanges,
}

/// `site.toml` `[[client_type]]`: how many clients of one type there were on the day of the
/// figures (`[figures] as_of`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientTypeCount {
    /// The id pages name it by.
    pub id: String,
    /// Clients of this type.
    pub count: u32,
}

/// `kind = "timeline"`: dated milestones in order, each when it happens (a period token such as
/// `{duration.application-reply}`, never a typed period) with a title and a short text.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimelineSection {
    /// Anchor id.
    pub id: String,
    /// Section heading.
    pub heading: String,
    /// Paragraph under the heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    /// The milestones in order.
    pub item: Vec<Milestone>,
}

/// One milestone of a timeline.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Milestone {
    /// When, in words with a period token: "Within {duration.application-reply}".
    pub when: String,
    /// What happens.
    pub title: String,
    /// One or two sentences.
    pub body: String,
}

/// `kind = "diagram"`: how a transfer reaches the chain, drawn by the page: a request, the
/// approvers' quorum, the keys in HSMs (their number and threshold those of the wallet type
/// `wallet` of `signing.toml`) and the whitelisted destination.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagramSection {
    /// Anchor id.
    pub id: String,
    /// Section heading.
    pub heading: String,
    /// Paragraph under the heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    /// The instruction an Order Maker creates.
    pub request: TitledText,
    /// The Checkers who approve it.
    pub quorum: TitledText,
    /// The keys that sign it.
    pub keys: TitledText,
    /// Where it may go.
    pub destination: TitledText,
    /// The wallet type of `signing.toml` whose keys the diagram draws (`cold`).
    pub wallet: String,
    /// The words drawn beside the keys, e.g. "{signing.cold.threshold} signing".
    pub keys_label: String,
    /// Up to two buttons under the diagram.
    #[serde(default)]
    pub action: Vec<Action>,
}
