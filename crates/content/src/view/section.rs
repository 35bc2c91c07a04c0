//! The sections of a marketing page as the page shows them: the written sections with figures
//! computed, fee tables joined, certifications and entities looked up and links localized.

use serde::Serialize;
use ts_rs::TS;

use super::brand::{BrandCopyText, Swatch, TypeStepView};
use super::drawn_facts::{KeysView, LimitsView};
use super::evidence::{ClientTypeView, PartnerGroupView};
use crate::schema::brand_items::{LogoItem, MarkItem, RuleItem};
use crate::schema::marketing::{Action, Illustration};
use crate::schema::section_items::{
    CertificationLayout, ClientCase, EntityId, FeatureItem, FeatureLayout, FeeScheduleId, Figure,
    TableLayout, TitledText,
};
use crate::schema::section_layouts::Milestone;
use crate::text::markup::Block;

/// One body section: its anchor, heading and lead, then what its kind shows.
#[derive(Debug, Clone, Serialize, TS)]
pub struct SectionView {
    /// Anchor id.
    pub id: String,
    /// Section heading.
    pub heading: String,
    /// Paragraph under the heading.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lead: Option<String>,
    /// What the section shows.
    #[serde(flatten)]
    pub body: SectionBody,
}

/// What a section shows, by kind.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SectionBody {
    /// The figure strip.
    Figures {
        /// The figures with their computed values.
        item: Vec<FigureView>,
    },
    /// A grid of cards or a list.
    Features {
        /// Bordered cards, or rows without borders.
        layout: FeatureLayout,
        /// Items per row on wide screens.
        #[ts(type = "1 | 2 | 3 | 4")]
        columns: u8,
        /// The product screen beside the list.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        illustration: Option<Illustration>,
        /// The words the illustration shows, in the order of its places.
        words: Vec<String>,
        /// The exceptions under the lead, one a row.
        exceptions: Vec<String>,
        /// The items, their links localized.
        item: Vec<FeatureItem>,
        /// Buttons under the cards.
        action: Vec<Action>,
    },
    /// A numbered step flow.
    Steps {
        /// The steps in order.
        item: Vec<TitledText>,
    },
    /// Prose with an optional side box or illustration, and buttons.
    Split {
        /// The text.
        body: Vec<Block>,
        /// The side box beside the text.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        aside: Option<Vec<Block>>,
        /// The illustration beside it.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        illustration: Option<Illustration>,
        /// The words the illustration shows, in the order of its places.
        words: Vec<String>,
        /// How each wallet type's keys are held, in the order of `signing.toml`, for the
        /// illustration that draws them (`key-map`).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        keys: Option<Vec<KeysView>>,
        /// The insurance's limits, for the illustration that draws them (`insurance-limits`).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        limits: Option<LimitsView>,
        /// Buttons under the text.
        action: Vec<Action>,
    },
    /// A comparison table.
    Table {
        /// Visible caption.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        caption: Option<String>,
        /// Column headers.
        header: Vec<String>,
        /// Rows of cells.
        rows: Vec<Vec<String>>,
        /// A table, or a card per row.
        layout: TableLayout,
    },
    /// A fee table.
    Fees {
        /// Which schedule.
        schedule: FeeScheduleId,
        /// A note under the table.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        note: Option<String>,
        /// The table with every amount filled in.
        table: FeeTable,
    },
    /// The certification badges.
    Certifications {
        /// A compact badge row, or each in full.
        layout: CertificationLayout,
        /// The certifications in order.
        item: Vec<CertificationView>,
        /// Buttons under them.
        action: Vec<Action>,
    },
    /// Anonymised client set-ups.
    Cases {
        /// The cases in order.
        item: Vec<ClientCase>,
        /// What the cases are and are not.
        note: String,
    },
    /// The client mix, example set-ups and partner wordmarks.
    Evidence {
        /// The client types with their counts, in order.
        client: Vec<ClientTypeView>,
        /// Their sum: the institutional clients of the figures.
        #[ts(type = "number")]
        total: u32,
        /// What the total counts.
        total_label: String,
        /// The label of each example.
        example: String,
        /// The example set-ups.
        item: Vec<ClientCase>,
        /// What the examples are and are not.
        note: String,
        /// The groups of partner wordmarks.
        group: Vec<PartnerGroupView>,
        /// Buttons under the section.
        action: Vec<Action>,
    },
    /// The wordmarks of partner firms, in groups.
    Partners {
        /// The groups, in order.
        group: Vec<PartnerGroupView>,
    },
    /// Dated milestones.
    Timeline {
        /// The milestones in order, their periods filled in.
        item: Vec<Milestone>,
    },
    /// The diagram of keys, people and destinations.
    Diagram {
        /// The request, the quorum, the keys and the destination, in order.
        stage: [TitledText; 4],
        /// The words drawn beside the shards.
        keys_label: String,
        /// How many key shards exist.
        #[ts(type = "number")]
        keys: u8,
        /// How many of them sign a transfer.
        #[ts(type = "number")]
        threshold: u8,
        /// Buttons under the diagram.
        action: Vec<Action>,
    },
    /// A lifecycle diagram.
    Lifecycle {
        /// The stages in order.
        stage: Vec<TitledText>,
        /// Heading over the branches.
        outcomes_heading: String,
        /// The branches after the last stage.
        outcome: Vec<TitledText>,
    },
    /// The entities side by side.
    Entities {
        /// One card per entity.
        item: Vec<EntityCard>,
    },
    /// The licence cards of every entity.
    Licences {
        /// Every entity in display order.
        item: Vec<EntityParticulars>,
    },
    /// A call-to-action band.
    Cta {
        /// One or two sentences.
        body: String,
        /// The side panel beside the call to action.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        aside: Option<Vec<Block>>,
        /// One or two buttons.
        action: Vec<Action>,
    },
    /// The logo variants.
    BrandLogos {
        /// One card per variant.
        item: Vec<LogoItem>,
    },
    /// The mark's construction, clear space and misuse.
    BrandMark {
        /// The drawings with their words.
        item: Vec<MarkItem>,
    },
    /// The type scale.
    BrandType {
        /// The words each step is set in.
        sample: String,
        /// The steps, largest first.
        item: Vec<TypeStepView>,
    },
    /// The colour swatches.
    BrandPalette {
        /// One swatch per colour.
        item: Vec<Swatch>,
    },
    /// The approved copy in every language.
    BrandCopy {
        /// One block per text.
        item: Vec<BrandCopyText>,
    },
    /// Usage rules.
    BrandRules {
        /// The lists of rules.
        item: Vec<RuleItem>,
    },
    /// The zip download of the brand files.
    BrandDownload {
        /// What the zip holds.
        body: String,
        /// The download link's text.
        link: String,
    },
}

/// A figure of the strip with its value.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FigureView {
    /// Which figure.
    pub figure: Figure,
    /// Its label.
    pub label: String,
    /// Its value as the strip writes it, e.g. `300+`.
    pub value: String,
}

/// A fee table with every amount filled in.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FeeTable {
    /// The table's caption.
    pub caption: String,
    /// The two column headers.
    pub header: [String; 2],
    /// The rows.
    pub rows: Vec<FeeTableRow>,
}

/// One row of a fee table.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FeeTableRow {
    /// The row's id.
    pub id: String,
    /// What is charged for.
    pub item: String,
    /// The fee.
    pub fee: String,
}

/// A certification or audit report.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CertificationView {
    /// Its id.
    pub id: String,
    /// Its name, e.g. `SOC 2 Type 2`.
    pub name: String,
    /// Its scope in the page's language.
    pub body: String,
    /// Who issued it.
    pub issuer: String,
    /// When it applies.
    pub evidence: EvidenceView,
}

/// When a certification applies (ISO 8601 dates).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum EvidenceView {
    /// An auditor's report over a review period.
    Period {
        /// First day of the period.
        from: String,
        /// Last day of the period.
        to: String,
    },
    /// An auditor's report as of one day.
    AsOf {
        /// The day.
        date: String,
    },
    /// A certificate with its number and last valid day.
    Certificate {
        /// The certificate number.
        number: String,
        /// Its last valid day.
        #[serde(rename = "validUntil")]
        valid_until: String,
    },
}

/// An entity's card: its points, its link to the supported assets, and its particulars.
#[derive(Debug, Clone, Serialize, TS)]
pub struct EntityCard {
    /// Which entity.
    pub entity: EntityId,
    /// What it offers.
    pub points: Vec<String>,
    /// The link's text.
    pub link: String,
    /// The localized path of its supported-assets list.
    pub href: String,
    /// Its particulars.
    pub particulars: EntityParticulars,
}

/// A legal entity's particulars in one language, every token filled in.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EntityParticulars {
    /// Its id (`sg`, `hk`).
    pub id: String,
    /// Its short name.
    pub name: String,
    /// The registered name.
    pub legal_name: String,
    /// The registration number.
    pub registration: String,
    /// The registered address on one line.
    pub address: String,
    /// Its regulator.
    pub regulator: String,
    /// The licence number, when it holds one.
    pub licence: Option<String>,
    /// The regulatory status.
    pub status: String,
    /// What it may do.
    pub scope: String,
}
