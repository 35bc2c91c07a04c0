//! Serde types for every content file: the schema of `content/`.
//!
//! Every struct denies unknown fields so a misspelt key fails the build instead of
//! silently disappearing from the site.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::api_copy::ApiCopy;
use crate::schema::contact::ContactCopy;
use crate::schema::countries::CallingCodes;
use crate::schema::documents::{Announcements, Faq, LongDocument};
use crate::schema::entities::{Entity, LocalEntity};
use crate::schema::fees::{FeeSchedules, LocalFees};
use crate::schema::glossary::Glossary;
use crate::schema::marketing::MarketingPage;
use crate::schema::menu_features::MenuFeature;
use crate::schema::supported_assets::SupportedAssetLists;

/// All site content, parsed and validated.
#[derive(Debug, Clone, Serialize)]
pub struct Content {
    /// Brand facts that do not depend on the language (`site.toml`).
    pub site: SiteFacts,
    /// The page table (`routes.toml`).
    pub routes: Vec<Route>,
    /// Permanent redirects from retired paths (`redirects.toml`).
    pub redirects: Vec<Redirect>,
    /// The Singapore entity's fee amounts (`fees.toml`).
    pub fees: FeeSchedules,
    /// The supported-asset lists of both entities (`assets/`).
    pub supported_assets: SupportedAssetLists,
    /// Per-language content, English first (`en/`, `zh/`).
    pub locales: BTreeMap<Lang, LocaleContent>,
    /// The Chinese terms of the house style and the variants they replace (`glossary.toml`).
    pub glossary: Glossary,
    /// The channels, the signing model, what each entity offers and the recurring commitments
    /// (`channels.toml`, `signing.toml`, `offerings.toml`, `commitments.toml`).
    pub operations: crate::schema::operations::Operations,
    /// The application form's area codes. Not a content file: [`crate::load::parse`] leaves it
    /// empty; `crates/site/build.rs` fills it from libphonenumber and the server from the table
    /// `crates/site/build.rs` embedded (`embedded::CALLING_CODES`).
    pub calling_codes: CallingCodes,
}

impl Content {
    /// The content of one language.
    pub fn locale(&self, lang: Lang) -> &LocaleContent {
        &self.locales[&lang]
    }
}

/// `site.toml`: language-independent brand facts.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteFacts {
    /// The pages the 404 page suggests, in order (unprefixed paths).
    pub suggested_pages: Vec<String>,
    /// The certifications the line under every hero names first, by id.
    pub trust_line: Vec<String>,
    /// Company figures shown in figure strips and written in copy as tokens.
    pub figures: Figures,
    /// Clients by type on the day of the figures, shown in client-evidence strips.
    pub client_type: Vec<crate::schema::section_layouts::ClientTypeCount>,
    /// The named chains; the site claims their count minus two as `N+` supported chains.
    pub chain: Vec<Chain>,
    /// Certifications and audit reports, in display order.
    pub certification: Vec<Certification>,
    /// The legal entities the site names, in display order; described in `{lang}/site.toml`.
    pub entity: Vec<Entity>,
    /// Durations and service levels, written in copy as `{duration.{id}}`.
    pub duration: Vec<crate::schema::durations::Duration>,
    /// The service levels that are not durations: availability target, business hours, cut-offs.
    pub service: crate::schema::service_facts::ServiceFacts,
    /// The management team and the board, written in copy as `{leader.{id}}`.
    pub leader: Vec<crate::schema::service_facts::Named>,
    /// The exchanges connected to Oasis, written in copy as `{exchange.{id}}`.
    pub exchange: Vec<crate::schema::service_facts::Named>,
    /// Where data is kept, written in copy as `{data.{id}}`.
    pub data_location: Vec<crate::schema::data_locations::DataLocation>,
    /// The regulators' public registers, linked in copy as `[text]({register.{id}})`.
    pub register: Vec<crate::schema::service_facts::Register>,
    /// The policy of the security contact: `/.well-known/security.txt` names it beside the address
    /// of the vulnerability-report channel (`channels.toml`).
    pub security: crate::schema::security::SecurityContact,
    /// Brand colours in display order; each becomes the CSS custom property `--color-{key}`.
    /// `brand` is the theme colour and `background` the page background.
    pub palette: Vec<PaletteColour>,
    /// The type scale, small to large; each step becomes `--text-{key}`.
    pub type_step: Vec<TypeStep>,
}

impl SiteFacts {
    /// The facts whose tokens `service_facts.rs` writes.
    pub fn service_facts(&self) -> crate::schema::service_facts::Facts<'_> {
        crate::schema::service_facts::Facts {
            service: &self.service,
            leaders: &self.leader,
            exchanges: &self.exchange,
            registers: &self.register,
        }
    }

    /// The hex value of a palette colour.
    pub fn colour(&self, key: &str) -> Option<&str> {
        self.palette
            .iter()
            .find(|colour| colour.key == key)
            .map(|colour| colour.hex.as_str())
    }

    /// The primary brand colour: the browser theme colour and the app manifest's.
    pub fn theme_color(&self) -> &str {
        self.colour("brand").unwrap_or_default()
    }

    /// The page background colour of the app manifest.
    pub fn background_color(&self) -> &str {
        self.colour("background").unwrap_or_default()
    }
}

/// The company figures of `site.toml` `[figures]`: written once, shown in figure strips and
/// through tokens in copy.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// Institutional clients served on the day of the figures, each counted once: the sum of
    /// the `[[client_type]]` counts. Copy claims it rounded down to a hundred ("more than 300",
    /// "300+").
    pub institutional_clients: u32,
    /// Supported assets, shown as "400+"; never more than the Singapore asset list holds.
    pub supported_assets: u32,
    /// Value safeguarded in US dollars, "over USD 10 billion" when `floor` lists it.
    pub safeguarded_usd: u64,
    /// Maximum insurance cover in US dollars.
    pub insurance_usd: u64,
    /// EVM chains supported, shown as "13+" (`{evm_chains}+`); never more than the chains of
    /// the EVM family named in `[[chain]]`.
    pub evm_chains: u32,
    /// The day the figures describe, written in copy as `{figures.as_of}`.
    pub as_of: toml::value::Date,
    /// The figures whose value is a floor the fact exceeds on that day (`safeguarded`: client
    /// assets worth more than USD 10 billion): copy may write "over" / 逾 before them, and a
    /// figure strip shows them as "USD 10bn+" / "逾 100 亿美元". The others are exact. The clients
    /// (rounded down) and the chains (the named ones minus two) are floors by how they are counted.
    #[serde(default)]
    pub floor: Vec<crate::schema::section_items::Figure>,
}

/// A blockchain network the provider supports.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chain {
    /// Stable identifier, e.g. `ethereum`.
    pub id: String,
    /// Full name, e.g. "Ethereum".
    pub name: String,
    /// Common abbreviation, e.g. "ETH".
    pub abbreviation: String,
    /// Address family, which decides how addresses on it are validated.
    pub family: ChainFamily,
    /// Other names visitors search by, such as the Chinese name (以太坊); matched by the
    /// supported-assets network filter, never displayed. Default: none.
    #[serde(default)]
    pub aliases: Vec<String>,
}

/// Families of chains that share an address format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChainFamily {
    /// Ethereum-compatible: 20-byte hex addresses with the EIP-55 checksum.
    Evm,
    /// Bitcoin-like UTXO chains.
    Utxo,
    /// Tron: base58check addresses starting with T.
    Tron,
    /// Solana: 32-byte base58 keys.
    Solana,
    /// Every other chain with its own address format.
    Other,
}

/// A certification or audit report, with the evidence a due-diligence reader looks for: a report
/// gives its review period or the day it describes, a certificate its number and expiry.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certification {
    /// Stable identifier, the key of its description (its scope) in `{lang}/site.toml`.
    pub id: String,
    /// Its name as written in every language, e.g. "SOC 2 Type 2".
    pub name: String,
    /// The auditor who issued the report, or the body that issued the certificate.
    pub issuer: String,
    /// First day of a report's review period (with `period_end`).
    pub period_start: Option<toml::value::Date>,
    /// Last day of a report's review period.
    pub period_end: Option<toml::value::Date>,
    /// The day a point-in-time report describes.
    pub as_of: Option<toml::value::Date>,
    /// A certificate's number (with `valid_until`).
    pub certificate: Option<String>,
    /// The last day a certificate is valid.
    pub valid_until: Option<toml::value::Date>,
}

/// What a certification is, from the fields it gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evidence<'a> {
    /// An auditor's report on the controls over a review period (SOC 2 Type 2).
    ReportForPeriod(toml::value::Date, toml::value::Date),
    /// An auditor's report on the controls as of one day (SOC 1 Type 1).
    ReportAsOf(toml::value::Date),
    /// A certificate of a management system: its number and last valid day.
    Certificate(&'a str, toml::value::Date),
}

impl Certification {
    /// The evidence its fields describe; `None` unless they give exactly one of a review
    /// period, an `as_of` day, or a certificate with its expiry.
    pub fn evidence(&self) -> Option<Evidence<'_>> {
        match (
            self.period_start,
            self.period_end,
            self.as_of,
            self.certificate.as_deref(),
            self.valid_until,
        ) {
            (Some(start), Some(end), None, None, None) if start < end => {
                Some(Evidence::ReportForPeriod(start, end))
            }
            (None, None, Some(day), None, None) => Some(Evidence::ReportAsOf(day)),
            (None, None, None, Some(number), Some(until)) => {
                Some(Evidence::Certificate(number, until))
            }
            _ => None,
        }
    }
}

/// One colour of the brand palette.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaletteColour {
    /// Token key: the colour is `--color-{key}` in CSS.
    pub key: String,
    /// `#rrggbb`.
    pub hex: String,
}

/// One step of the type scale.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypeStep {
    /// Token key: the size is `--text-{key}` in CSS.
    pub key: String,
    /// Font size in rem (from a window 80rem wide, for a fluid step).
    pub rem: f64,
    /// For a fluid step, the font size in rem on a window 20rem wide; the size grows in step with
    /// the window's width up to `rem` at 80rem.
    pub phone_rem: Option<f64>,
}

/// `routes.toml`: the page table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteTable {
    /// Every page of the site, static paths before dynamic ones.
    pub route: Vec<Route>,
}

/// One page of the site: an unprefixed path pattern and the page component that renders it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Route {
    /// Page id: names the UI component (`ui/src/pages/{id}.tsx`) and the entry in `pages.toml`.
    pub id: String,
    /// English path; `{id}` marks the one dynamic segment of a dynamic route.
    pub path: String,
    /// Keep the page out of search engines (`noindex, nofollow`) and out of the sitemap.
    #[serde(default)]
    pub noindex: bool,
    /// Validity check of a dynamic route: which ids exist (`faq-id`, `announcement-id`).
    #[serde(default)]
    pub check: Option<String>,
    /// The page shows a long-form document of `{lang}/documents.toml` (legal pages, guides).
    #[serde(default)]
    pub document: bool,
}

impl Route {
    /// The path before the dynamic segment, e.g. `/faq/` for `/faq/{id}`; `None` for a static route.
    pub fn dynamic_prefix(&self) -> Option<&str> {
        self.path.strip_suffix("{id}")
    }
}

/// `redirects.toml`: retired paths and where they moved.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RedirectTable {
    /// Every permanent redirect.
    pub redirect: Vec<Redirect>,
}

/// A permanent redirect, applied identically under `/zh`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Redirect {
    /// The old path without leading slash, e.g. `supports/overview`.
    pub from: String,
    /// The new unprefixed path, e.g. `/faq`.
    pub to: String,
}

/// Everything in one language folder.
#[derive(Debug, Clone, Serialize)]
pub struct LocaleContent {
    /// `site.toml`: brand copy.
    pub site: LocalSiteFacts,
    /// `pages.toml`: head and heading of every page id.
    pub pages: BTreeMap<String, PageMeta>,
    /// `faq.toml`: FAQ categories.
    pub faq: Faq,
    /// `announcements.toml`: the announcements centre, newest first.
    pub announcements: Announcements,
    /// `documents.toml`: long-form pages (legal pages, security guides) by page id.
    pub documents: BTreeMap<String, LongDocument>,
    /// `fees.toml`: the wording of the fee tables.
    pub fees: LocalFees,
    /// `contact.toml`: the application form's copy.
    pub contact: ContactCopy,
    /// `api.toml`: the messages of the API's error answers.
    pub api: ApiCopy,
    /// `marketing/{page-id}.toml`: the sections of each marketing page by page id.
    pub marketing: BTreeMap<String, MarketingPage>,
}

/// `{lang}/site.toml`: brand copy in one language.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocalSiteFacts {
    /// Brand name shown in the header and appended to every title.
    pub name: String,
    /// One-line positioning statement.
    pub tagline: String,
    /// Organisation description for JSON-LD and Open Graph.
    pub organization_description: String,
    /// Footer legal line; `{year}` is replaced by the current year.
    pub legal_line: String,
    /// Text of the skip link to the main content.
    pub skip_link: String,
    /// What each certification of `site.toml` is, by certification id.
    pub certification: BTreeMap<String, String>,
    /// The name of each regulator `site.toml` refers to, by regulator id.
    pub regulator: BTreeMap<String, String>,
    /// Each legal entity of `site.toml` in this language, by entity id.
    pub entity: BTreeMap<String, LocalEntity>,
    /// Approved boilerplate for press and partners.
    pub brand: BrandCopy,
    /// One line under each link of the header's menus and each page the 404 page suggests, by
    /// unprefixed page path (`insights` for the Insights link).
    pub menu_summary: BTreeMap<String, String>,
    /// The featured link of each header menu, by menu id (`solutions`, `product`, `company`,
    /// `resources`).
    #[serde(default)]
    pub menu_feature: BTreeMap<String, MenuFeature>,
    /// The line of proofs under every marketing page's hero.
    pub trust_line: TrustLine,
}

/// The badges under every hero that name what a buyer's security team checks first (reports,
/// certificates, insurance, the entities' status), each linking to its section of the Trust
/// center: the certifications of [`SiteFacts::trust_line`], then the insurance limit and the
/// entities (`view::page::TrustLineView`). The full regulatory wording is on the home page and
/// the Trust center.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrustLine {
    /// The line under an auditor's report's name, such as "Auditor's report".
    pub report: String,
    /// The line under a certificate's name, such as "Certified".
    pub certificate: String,
    /// The line under the insurance limit, such as "Insurance aggregate limit".
    pub insurance: String,
    /// The title of the entities' badge, such as "Singapore and Hong Kong".
    pub entities: String,
    /// The line under it, such as "Regulatory status of each entity".
    pub status: String,
    /// The Trust center's path, localized when the page data is made; each badge links to one
    /// of its sections.
    #[serde(default = "trust_center_path")]
    pub href: String,
}

/// Where the trust line leads.
fn trust_center_path() -> String {
    "/trust-center".to_owned()
}

/// The approved descriptions of the brand kit.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrandCopy {
    /// One sentence.
    pub short: String,
    /// One paragraph.
    pub long: String,
}

/// The head and heading of one page.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageMeta {
    /// Document title without the brand name.
    pub title: String,
    /// Meta description.
    pub description: String,
    /// The page's `h1`.
    pub heading: String,
    /// Introductory sentence under the heading.
    pub lead: String,
}
