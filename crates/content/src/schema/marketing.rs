//! The schema of the marketing pages (`{lang}/marketing/{page-id}.toml`): the hero extras and the
//! ordered body sections each page is composed of.

use serde::{Deserialize, Serialize};

use crate::schema::brand_items::{
    BrandMarkSection, BrandTypeSection, CopyItem, LogoItem, PaletteItem, RuleItem,
};
pub use crate::schema::illustration::{HeroLayout, Illustration};
pub use crate::schema::section_items::{Action, ActionStyle};
use crate::schema::section_items::{
    CertificationLayout, ClientCase, EntityItem, FeatureItem, FeatureLayout, FeeScheduleId,
    FigureItem, TableLayout, TitledText,
};
use crate::schema::section_layouts::{
    DiagramSection, EvidenceSection, PartnersSection, TimelineSection,
};

/// One marketing page in one language.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarketingPage {
    /// Extras for the page's intro; its heading and lead come from `pages.toml`.
    #[serde(default)]
    pub hero: Hero,
    /// The body sections, top to bottom.
    pub section: Vec<Section>,
}

/// What the intro of a marketing page shows besides its heading and lead.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hero {
    /// A short line above the heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eyebrow: Option<String>,
    /// The illustration beside the heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illustration: Option<Illustration>,
    /// The words a product drawing shows, in the page's language and font, one per place the
    /// drawing leaves for them ([`Illustration::label_count`]).
    #[serde(default)]
    pub labels: Vec<String>,
    /// Up to two buttons under the lead.
    #[serde(default)]
    pub action: Vec<Action>,
    /// How the illustration sits with the words: `beside` (the default), `layered` over a large
    /// lattice of the mark (a page that leads the site: the home page, the Trust center), or
    /// `band`, a diagram across the full width under the words (How custody works, About).
    #[serde(default)]
    pub layout: HeroLayout,
}

/// One body section. Every kind has an anchor `id`, a `heading` (its `h2`) and an optional `lead`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Section {
    /// The figure strip: values computed from `site.toml`, labels from content.
    Figures {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// The figures in order.
        item: Vec<FigureItem>,
    },
    /// A grid of cards.
    Features {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// How the items are drawn: bordered cards (the default) or a list without borders.
        #[serde(default)]
        layout: FeatureLayout,
        /// Items per row on wide screens: 2, 3 (default) or 4 cards, or 1 or 2 list columns.
        #[serde(default = "default_columns")]
        columns: u8,
        /// A product screen beside a list (`layout = "list"`), on a tinted band.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        illustration: Option<Illustration>,
        /// The words a product drawing shows ([`Illustration::label_count`]).
        #[serde(default)]
        labels: Vec<String>,
        /// Short rows under the lead, each marked with a shard: the exceptions to the rule the
        /// lead states, such as the transfers signed without approval of each one.
        #[serde(default)]
        exceptions: Vec<String>,
        /// The items in order.
        item: Vec<FeatureItem>,
        /// Up to two buttons under the cards, for a link that belongs to the whole section.
        #[serde(default)]
        action: Vec<Action>,
    },
    /// A numbered step flow.
    Steps {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// The steps in order.
        item: Vec<TitledText>,
    },
    /// Prose in the content markup with an optional illustration and buttons.
    Split {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// Body in the content markup, read top to bottom: a list stays under its lead-in.
        body: String,
        /// The side box beside the text, in the content markup: the one place a section puts
        /// points apart from its body (never with an illustration).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aside: Option<String>,
        /// The illustration beside the text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        illustration: Option<Illustration>,
        /// The words a product drawing shows ([`Illustration::label_count`]).
        #[serde(default)]
        labels: Vec<String>,
        /// Up to two buttons under the text.
        #[serde(default)]
        action: Vec<Action>,
    },
    /// A comparison table whose first column holds the row headers.
    Table {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// Visible table caption.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        caption: Option<String>,
        /// Column headers.
        header: Vec<String>,
        /// Rows, each with as many cells as `header`.
        rows: Vec<Vec<String>>,
        /// A table, or a card per row (`people`: a name, a role and a line).
        #[serde(default)]
        layout: TableLayout,
    },
    /// A fee table of the Singapore entity, its figures from `fees.toml`.
    Fees {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// Which fee schedule to show.
        schedule: FeeScheduleId,
        /// A note under the table.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// The certification badges of `site.toml`.
    Certifications {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// A compact badge row (the default), or every fact of each: the Trust center and How
        /// custody works only.
        #[serde(default)]
        layout: CertificationLayout,
        /// Up to two buttons under the certifications.
        #[serde(default)]
        action: Vec<Action>,
    },
    /// Anonymised client set-ups, each with what the client needed, what it set up and a few
    /// figures, under a note that says they are illustrative.
    Cases {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// The cases in order.
        item: Vec<ClientCase>,
        /// What the cases are and are not (composites, illustrative figures), under them.
        note: String,
    },
    /// A lifecycle diagram: linear stages, then the outcomes they may branch into.
    Lifecycle {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// The stages in order.
        stage: Vec<TitledText>,
        /// Heading over the branches after the last stage.
        outcomes_heading: String,
        /// The branches after the last stage.
        outcome: Vec<TitledText>,
    },
    /// The client mix, example set-ups and partner wordmarks.
    Evidence(EvidenceSection),
    /// The wordmarks of the firms that audit, insure and connect with the company.
    Partners(PartnersSection),
    /// Dated milestones in order.
    Timeline(TimelineSection),
    /// The diagram of keys, people and destinations.
    Diagram(DiagramSection),
    /// The provider's entities side by side.
    Entities {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// One card per entity.
        item: Vec<EntityItem>,
    },
    /// The legal entities of `site.toml` as licence cards: legal name, registration, registered
    /// address, regulator, licence or exemption and its scope.
    Licences {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
    },
    /// A call-to-action band.
    Cta {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// One or two sentences.
        body: String,
        /// A side panel of markup beside the call to action (the home page's entities).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aside: Option<String>,
        /// One or two buttons.
        action: Vec<Action>,
    },
    /// Brand kit: the mark's construction, clear space and misuse.
    BrandMark(BrandMarkSection),
    /// Brand kit: the type scale.
    BrandType(BrandTypeSection),
    /// Brand kit: the logo variants with previews and downloads.
    BrandLogos {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// One card per logo variant.
        item: Vec<LogoItem>,
    },
    /// Brand kit: colour swatches from the palette of `site.toml`.
    BrandPalette {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// One swatch per palette colour.
        item: Vec<PaletteItem>,
    },
    /// Brand kit: the approved copy of `{lang}/site.toml`, in every language.
    BrandCopy {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// One block per text.
        item: Vec<CopyItem>,
    },
    /// Brand kit: usage rules, what to do and what not to do.
    BrandRules {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// The lists of rules.
        item: Vec<RuleItem>,
    },
    /// Brand kit: the zip download of every brand file.
    BrandDownload {
        /// Anchor id.
        id: String,
        /// Section heading.
        heading: String,
        /// Paragraph under the heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lead: Option<String>,
        /// What the zip holds.
        body: String,
        /// The download link's text.
        link: String,
    },
}

/// The page id of the brand kit, whose page (ui/src/pages/brand-kit.tsx) draws the brand sections.
pub const BRAND_KIT_PAGE: &str = "brand-kit";

/// The page id of the Trust center.
pub const TRUST_CENTER_PAGE: &str = "trust-center";

/// The pages that show the certifications in full, as dated report cards: the Trust center, and
/// How custody works, whose controls they examine.
pub const FULL_CERTIFICATION_PAGES: [&str; 2] = [TRUST_CENTER_PAGE, "how-custody-works"];

fn default_columns() -> u8 {
    3
}

impl Section {
    /// The section's anchor id.
    pub fn id(&self) -> &str {
        self.head().0
    }

    /// What every kind has: the anchor id, the heading and the optional lead.
    pub fn head(&self) -> (&str, &str, Option<&String>) {
        match self {
            Section::Figures {
                id, heading, lead, ..
            }
            | Section::Features {
                id, heading, lead, ..
            }
            | Section::Steps {
                id, heading, lead, ..
            }
            | Section::Split {
                id, heading, lead, ..
            }
            | Section::Table {
                id, heading, lead, ..
            }
            | Section::Fees {
                id, heading, lead, ..
            }
            | Section::Certifications {
                id, heading, lead, ..
            }
            | Section::Cases {
                id, heading, lead, ..
            }
            | Section::Lifecycle {
                id, heading, lead, ..
            }
            | Section::Entities {
                id, heading, lead, ..
            }
            | Section::Licences {
                id, heading, lead, ..
            }
            | Section::Cta {
                id, heading, lead, ..
            }
            | Section::BrandLogos {
                id, heading, lead, ..
            }
            | Section::BrandPalette {
                id, heading, lead, ..
            }
            | Section::BrandCopy {
                id, heading, lead, ..
            }
            | Section::BrandRules {
                id, heading, lead, ..
            }
            | Section::BrandDownload {
                id, heading, lead, ..
            } => (id, heading, lead.as_ref()),
            Section::Evidence(s) => (&s.id, &s.heading, s.lead.as_ref()),
            Section::Partners(s) => (&s.id, &s.heading, s.lead.as_ref()),
            Section::BrandMark(s) => (&s.id, &s.heading, s.lead.as_ref()),
            Section::BrandType(s) => (&s.id, &s.heading, s.lead.as_ref()),
            Section::Timeline(s) => (&s.id, &s.heading, s.lead.as_ref()),
            Section::Diagram(s) => (&s.id, &s.heading, s.lead.as_ref()),
        }
    }

    /// Whether the section belongs to the brand kit page only: the UI draws these kinds on
    /// `BRAND_KIT_PAGE` and nowhere else, and only them and call-to-action bands there.
    pub fn is_brand_kit(&self) -> bool {
        matches!(
            self,
            Section::BrandLogos { .. }
                | Section::BrandMark(_)
                | Section::BrandType(_)
                | Section::BrandPalette { .. }
                | Section::BrandCopy { .. }
                | Section::BrandRules { .. }
                | Section::BrandDownload { .. }
        )
    }

    /// The buttons of the section (features, certifications, split, evidence, diagram and
    /// call-to-action sections).
    pub fn actions(&self) -> &[Action] {
        match self {
            Section::Features { action, .. }
            | Section::Certifications { action, .. }
            | Section::Split { action, .. }
            | Section::Cta { action, .. } => action,
            Section::Evidence(evidence) => &evidence.action,
            Section::Diagram(diagram) => &diagram.action,
            _ => &[],
        }
    }
}
