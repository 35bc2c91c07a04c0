//! The section layouts of the page grammar beyond cards and prose (`{lang}/marketing/*.toml`):
//! client evidence, a band of the composite cases of another page, a timeline and the diagram of
//! keys, people and destinations. Each holds its words; figures come from `site.toml`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::section_items::{Action, TitledText};

/// `kind = "evidence"`: a strip of client-type monograms with their counts (from `site.toml`
/// `[[client_type]]`). Client evidence is figures only: no quote, composite or not.
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
    /// The client types of the strip, in order.
    pub client: Vec<ClientTypeItem>,
}

/// One monogram of the client-evidence strip; its count is the `site.toml` client type's.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ClientTypeItem {
    /// The id of a `site.toml` `[[client_type]]`.
    pub client_type: String,
    /// One to three letters or one or two characters drawn in the monogram.
    pub monogram: String,
    /// What the count counts, e.g. "exchanges".
    pub label: String,
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

/// `kind = "case-band"`: the composite cases of a `cases` section of another page, drawn as a
/// band, so they are written once.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseBandSection {
    /// Anchor id.
    pub id: String,
    /// Section heading.
    pub heading: String,
    /// Paragraph under the heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    /// The page id whose cases are shown, such as `clients`.
    pub from_page: String,
    /// The id of its `cases` section.
    pub from_section: String,
    /// Up to two buttons under the band.
    #[serde(default)]
    pub action: Vec<Action>,
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
