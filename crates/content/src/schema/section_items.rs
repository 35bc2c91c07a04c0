//! The items of the marketing sections (`{lang}/marketing/{page-id}.toml`): feature cards, figures,
//! steps, client cases, fee schedules and entities, and how a features section draws them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One anonymised client set-up of a cases section.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ClientCase {
    /// The kind of client, never its name, e.g. "A regional exchange".
    pub client: String,
    /// Where it is served from or based, e.g. "Hong Kong entity".
    pub context: String,
    /// What the client needed.
    pub need: String,
    /// What it set up with us.
    pub setup: String,
    /// Two figures of the set-up.
    pub metric: Vec<CaseMetric>,
}

/// A figure of a client case: the value as shown and what it counts.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CaseMetric {
    /// The value as shown, e.g. "2 of 3".
    pub value: String,
    /// What the value counts.
    pub label: String,
}

/// One figure of the figure strip.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct FigureItem {
    /// Which company figure.
    pub figure: Figure,
    /// What the value counts, e.g. "institutional clients".
    pub label: String,
}

/// The company figures of `site.toml`, shown in figure strips and written in prose as `{name}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Figure {
    /// Institutional clients served.
    Clients,
    /// Supported assets.
    Assets,
    /// Value of assets safeguarded.
    Safeguarded,
    /// Supported chains: the named chains minus two.
    Chains,
    /// Maximum insurance cover.
    Insurance,
}

/// One card of a feature grid.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct FeatureItem {
    /// A lucide icon name from [`ICONS`](crate::schema::icons::ICONS).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// Card title.
    pub title: String,
    /// One to three sentences.
    pub body: String,
    /// Bullet points under the body.
    #[serde(default)]
    pub points: Vec<String>,
    /// Where the card links: an unprefixed internal path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
    /// The link text; required with `href`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// How a features section draws its items.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum FeatureLayout {
    /// A grid of bordered cards, for items a visitor compares or follows.
    #[default]
    Cards,
    /// Rows without borders, the icon beside the text, in one or two columns: for points read in
    /// turn, so a long page does not run card grid after card grid.
    List,
    /// Compact tiles, each a link, ending in a tile of the section's one button (an index of
    /// pages, such as every service with "All services" last).
    Tiles,
}

impl FeatureLayout {
    /// The items per row this layout allows.
    pub fn columns(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Self::Cards | Self::Tiles => 2..=4,
            Self::List => 1..=2,
        }
    }
}

/// How a table section draws its rows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum TableLayout {
    /// A table: a header row, then a row per entry.
    #[default]
    Table,
    /// A card per row, for people: the first cell a name (drawn with its initials), the second a
    /// role, the third what they do.
    People,
}

/// How a certifications section draws the reports and certificates.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum CertificationLayout {
    /// A compact row of badges, each linking to the Trust center, which shows them in full.
    #[default]
    Badges,
    /// Each with its issuer, period or expiry, scope and how to request it: the Trust center and
    /// How custody works only.
    Full,
}

/// A title with a short text: a step, a lifecycle stage or outcome.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct TitledText {
    /// Title.
    pub title: String,
    /// One to three sentences.
    pub body: String,
}

/// Which fee table a fees section shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum FeeScheduleId {
    /// The flexible package: one row per fee item.
    Flexible,
    /// The fixed package: custody fee tiers.
    Fixed,
}

/// One entity card: its name, registration, address and status come from the entity data of
/// `site.toml` and `{lang}/site.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct EntityItem {
    /// Which entity: `sg` or `hk`.
    pub entity: EntityId,
    /// What it offers.
    pub points: Vec<String>,
    /// Text of the link to the entity's supported assets.
    pub link: String,
}

/// The provider's legal entities that clients contract with, each with a supported-asset list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum EntityId {
    /// Singapore.
    Sg,
    /// Hong Kong.
    Hk,
}

impl EntityId {
    /// Every entity with a supported-asset list.
    pub const ALL: [EntityId; 2] = [EntityId::Sg, EntityId::Hk];

    /// The id of the entity in `site.toml`: `sg`, `hk`.
    pub fn code(self) -> &'static str {
        match self {
            EntityId::Sg => "sg",
            EntityId::Hk => "hk",
        }
    }
}

/// A button linking to a page of the site.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// The button text.
    pub label: String,
    /// An unprefixed internal path, optionally with `?query` or `#anchor`; localized when rendered.
    pub href: String,
    /// Filled (`primary`) or outlined (`secondary`).
    pub style: ActionStyle,
}

/// How prominent a button is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum ActionStyle {
    /// The main action of its block.
    Primary,
    /// An alternative action.
    Secondary,
}
