//! The page data of a marketing page: its hero and sections as written, with figures computed,
//! fee tables joined, certifications and brand facts looked up, and every link localized.

use crate::Lang;
use crate::pages::{entities, evidence, fees};
use crate::schema::brand_items::BrandText;
use crate::schema::illustration::{Illustration, KEY_SITES_WALLET};
use crate::schema::marketing::{Action, MarketingPage, Section};
use crate::schema::model::{Content, Evidence, PageMeta, TrustLine};
use crate::schema::section_items::{EntityId, Figure};
use crate::schema::signing::Wallet;
use crate::text::markup::{self, localize_link};
use crate::tokens::figures;
use crate::view::brand::{BrandCopyText, Swatch, TextInLanguage, TypeStepView};
use crate::view::drawn_facts::{KeySite, KeysView, LimitsView};
use crate::view::intro::Intro;
use crate::view::marketing::{HeroView, MarketingData, TrustBadge, TrustLineView};
use crate::view::section::{
    CertificationView, EntityCard, EvidenceView, FigureView, SectionBody, SectionView,
};

/// Where the supported-assets list of an entity is shown.
pub fn entity_supported_assets_path(entity: EntityId) -> &'static str {
    match entity {
        EntityId::Sg => "/support-token?entity=sg",
        EntityId::Hk => "/support-token?entity=hk",
    }
}

/// The data a marketing page renders from: heading, lead, hero extras and sections.
pub fn page_data(
    content: &Content,
    lang: Lang,
    meta: &PageMeta,
    page: &MarketingPage,
) -> MarketingData {
    let hero = &page.hero;
    let hero = HeroView {
        eyebrow: hero.eyebrow.clone(),
        illustration: hero.illustration,
        words: hero
            .illustration
            .map_or_else(Vec::new, |drawn| drawn.words(&hero.labels)),
        keys: (hero.illustration == Some(Illustration::KeySites))
            .then(|| key_sites(content, lang))
            .flatten(),
        action: localized(&hero.action, lang),
        layout: hero.layout,
    };
    let trust = &content.locale(lang).site.trust_line;
    MarketingData {
        intro: Intro {
            heading: meta.heading.clone(),
            lead: meta.lead.clone(),
        },
        hero,
        trust: trust_line(content, lang, trust),
        sections: page
            .section
            .iter()
            .map(|section| section_view(content, lang, section))
            .collect(),
    }
}

/// How the keys of the wallet the `key-sites` diagram draws are held, continent by continent.
fn key_sites(content: &Content, lang: Lang) -> Option<KeysView> {
    let wallet = content
        .operations
        .signing
        .wallet
        .iter()
        .find(|wallet| wallet.id == KEY_SITES_WALLET)?;
    Some(keys_view(wallet, lang))
}

/// How one wallet type's keys are held, continent by continent.
fn keys_view(wallet: &Wallet, lang: Lang) -> KeysView {
    KeysView {
        threshold: wallet.threshold,
        sites: wallet
            .continents
            .iter()
            .map(|(continent, &keys)| KeySite {
                name: continent.name(lang).to_owned(),
                keys,
            })
            .collect(),
    }
}

/// The insurance's aggregate limit and its sublimits, for the `insurance-limits` bar.
fn limits_view(content: &Content) -> LimitsView {
    LimitsView {
        aggregate_usd: content.site.figures.insurance_usd,
        sublimits_usd: content
            .operations
            .insurance
            .sublimit
            .iter()
            .map(|sublimit| sublimit.usd)
            .collect(),
    }
}

/// The Trust center's section on its reports and certificates, which their badges link to.
const TRUST_CENTER_CERTIFICATIONS: &str = "certifications";
/// The Trust center's section on insurance, which the insurance badge links to.
const TRUST_CENTER_INSURANCE: &str = "insurance";
/// The Trust center's section on the entities' licences, which the entities' badge links to.
const TRUST_CENTER_REGULATION: &str = "regulation";
/// The sections of the Trust center the trust line links to (`validate::trust_line`).
pub const TRUST_LINE_SECTIONS: [&str; 3] = [
    TRUST_CENTER_CERTIFICATIONS,
    TRUST_CENTER_INSURANCE,
    TRUST_CENTER_REGULATION,
];

/// The trust line's badges: the certifications `site.toml` picks, the insurance limit and the
/// entities' status, each linking to its section of the Trust center.
fn trust_line(content: &Content, lang: Lang, trust: &TrustLine) -> TrustLineView {
    let site = &content.site;
    let link = |section: &str| localize_link(&format!("{}#{section}", trust.href), lang);
    let certifications = site.trust_line.iter().filter_map(|id| {
        let certification = site.certification.iter().find(|c| &c.id == id)?;
        let line = if certification.certificate.is_some() {
            &trust.certificate
        } else {
            &trust.report
        };
        Some(TrustBadge {
            title: certification.name.clone(),
            line: line.clone(),
            href: link(TRUST_CENTER_CERTIFICATIONS),
        })
    });
    let insurance = TrustBadge {
        title: figures::in_strip(site, Figure::Insurance, lang),
        line: trust.insurance.clone(),
        href: link(TRUST_CENTER_INSURANCE),
    };
    let entities = TrustBadge {
        title: trust.entities.clone(),
        line: trust.status.clone(),
        href: link(TRUST_CENTER_REGULATION),
    };
    TrustLineView {
        badges: certifications.chain([insurance, entities]).collect(),
    }
}

fn section_view(content: &Content, lang: Lang, section: &Section) -> SectionView {
    let (id, heading, lead) = section.head();
    SectionView {
        id: id.to_owned(),
        heading: heading.to_owned(),
        lead: lead.cloned(),
        body: section_body(content, lang, section),
    }
}

fn section_body(content: &Content, lang: Lang, section: &Section) -> SectionBody {
    let site = &content.site;
    match section {
        Section::Figures { item, .. } => SectionBody::Figures {
            item: item
                .iter()
                .map(|figure| FigureView {
                    figure: figure.figure,
                    label: figure.label.clone(),
                    value: figures::in_strip(site, figure.figure, lang),
                })
                .collect(),
        },
        Section::Features {
            layout,
            columns,
            illustration,
            labels,
            exceptions,
            item,
            action,
            ..
        } => SectionBody::Features {
            layout: *layout,
            columns: *columns,
            illustration: *illustration,
            words: illustration.map_or_else(Vec::new, |drawn| drawn.words(labels)),
            exceptions: exceptions.clone(),
            item: item
                .iter()
                .map(|card| {
                    let mut card = card.clone();
                    card.href = card.href.map(|href| localize_link(&href, lang));
                    card
                })
                .collect(),
            action: localized(action, lang),
        },
        Section::Steps { item, .. } => SectionBody::Steps { item: item.clone() },
        Section::Split {
            body,
            aside,
            illustration,
            labels,
            action,
            ..
        } => SectionBody::Split {
            body: markup::parse(body, lang),
            aside: aside.as_ref().map(|aside| markup::parse(aside, lang)),
            illustration: *illustration,
            words: illustration.map_or_else(Vec::new, |drawn| drawn.words(labels)),
            keys: (*illustration == Some(Illustration::KeyMap)).then(|| {
                let wallets = &content.operations.signing.wallet;
                wallets
                    .iter()
                    .map(|wallet| keys_view(wallet, lang))
                    .collect()
            }),
            limits: (*illustration == Some(Illustration::InsuranceLimits))
                .then(|| limits_view(content)),
            action: localized(action, lang),
        },
        Section::Table {
            caption,
            header,
            rows,
            layout,
            ..
        } => SectionBody::Table {
            caption: caption.clone(),
            header: header.clone(),
            rows: rows.clone(),
            layout: *layout,
        },
        Section::Fees { schedule, note, .. } => SectionBody::Fees {
            schedule: *schedule,
            note: note.clone(),
            table: fees::table(&content.fees, &content.locale(lang).fees, *schedule, lang),
        },
        Section::Certifications { layout, action, .. } => {
            let descriptions = &content.locale(lang).site.certification;
            SectionBody::Certifications {
                layout: *layout,
                action: localized(action, lang),
                item: site
                    .certification
                    .iter()
                    .filter_map(|c| {
                        Some(CertificationView {
                            id: c.id.clone(),
                            name: c.name.clone(),
                            body: descriptions.get(&c.id).cloned().unwrap_or_default(),
                            issuer: c.issuer.clone(),
                            evidence: evidence_view(c.evidence()?),
                        })
                    })
                    .collect(),
            }
        }
        Section::Cases { item, note, .. } => SectionBody::Cases {
            item: item.clone(),
            note: note.clone(),
        },
        Section::Evidence(evidence) => {
            evidence::evidence_body(content, lang, evidence, localized(&evidence.action, lang))
        }
        Section::Partners(partners) => SectionBody::Partners {
            group: evidence::partner_groups(content, &partners.group),
        },
        Section::Timeline(timeline) => SectionBody::Timeline {
            item: timeline.item.clone(),
        },
        Section::Diagram(diagram) => {
            let wallet = content
                .operations
                .signing
                .wallet
                .iter()
                .find(|wallet| wallet.id == diagram.wallet);
            SectionBody::Diagram {
                stage: [
                    diagram.request.clone(),
                    diagram.quorum.clone(),
                    diagram.keys.clone(),
                    diagram.destination.clone(),
                ],
                keys_label: diagram.keys_label.clone(),
                keys: wallet.map_or(0, |wallet| wallet.keys),
                threshold: wallet.map_or(0, |wallet| wallet.threshold),
                action: localized(&diagram.action, lang),
            }
        }
        Section::Lifecycle {
            stage,
            outcomes_heading,
            outcome,
            ..
        } => SectionBody::Lifecycle {
            stage: stage.clone(),
            outcomes_heading: outcomes_heading.clone(),
            outcome: outcome.clone(),
        },
        Section::Entities { item, .. } => SectionBody::Entities {
            item: item
                .iter()
                .filter_map(|card| {
                    Some(EntityCard {
                        entity: card.entity,
                        points: card.points.clone(),
                        link: card.link.clone(),
                        href: localize_link(entity_supported_assets_path(card.entity), lang),
                        particulars: entities::by_id(content, lang, card.entity.code())?,
                    })
                })
                .collect(),
        },
        Section::Licences { .. } => SectionBody::Licences {
            item: entities::all(content, lang, false),
        },
        Section::Cta {
            body,
            aside,
            action,
            ..
        } => SectionBody::Cta {
            body: body.clone(),
            aside: aside.as_ref().map(|aside| markup::parse(aside, lang)),
            action: localized(action, lang),
        },
        Section::BrandMark(mark) => SectionBody::BrandMark {
            item: mark.item.clone(),
        },
        Section::BrandType(scale) => SectionBody::BrandType {
            sample: scale.sample.clone(),
            item: scale
                .item
                .iter()
                .filter_map(|item| {
                    let step = site.type_step.iter().find(|step| step.key == item.step)?;
                    Some(TypeStepView {
                        step: step.key.clone(),
                        title: item.title.clone(),
                        rem: step.rem,
                        phone_rem: step.phone_rem,
                    })
                })
                .collect(),
        },
        Section::BrandLogos { item, .. } => SectionBody::BrandLogos { item: item.clone() },
        Section::BrandPalette { item, .. } => SectionBody::BrandPalette {
            item: item
                .iter()
                .map(|swatch| {
                    let hex = site.colour(&swatch.colour).unwrap_or_default();
                    Swatch {
                        colour: swatch.colour.clone(),
                        title: swatch.title.clone(),
                        body: swatch.body.clone(),
                        hex: hex.to_owned(),
                        rgb: rgb(hex),
                    }
                })
                .collect(),
        },
        Section::BrandCopy { item, .. } => SectionBody::BrandCopy {
            item: item
                .iter()
                .map(|text| BrandCopyText {
                    copy: text.copy,
                    title: text.title.clone(),
                    texts: Lang::ALL
                        .iter()
                        .map(|other| TextInLanguage {
                            lang: *other,
                            text: brand_text(content, *other, text.copy).to_owned(),
                        })
                        .collect(),
                })
                .collect(),
        },
        Section::BrandRules { item, .. } => SectionBody::BrandRules { item: item.clone() },
        Section::BrandDownload { body, link, .. } => SectionBody::BrandDownload {
            body: body.clone(),
            link: link.clone(),
        },
    }
}

/// One approved brand text in one language.
pub fn brand_text(content: &Content, lang: Lang, text: BrandText) -> &str {
    let site = &content.locale(lang).site;
    match text {
        BrandText::Tagline => &site.tagline,
        BrandText::Short => &site.brand.short,
        BrandText::Long => &site.brand.long,
    }
}

/// `#0b2545` → `11, 37, 69`.
pub fn rgb(hex: &str) -> String {
    (0..3)
        .filter_map(|i| hex.get(1 + 2 * i..3 + 2 * i))
        .filter_map(|pair| u8::from_str_radix(pair, 16).ok())
        .map(|channel| channel.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The buttons with their `href` localized.
fn localized(actions: &[Action], lang: Lang) -> Vec<Action> {
    actions
        .iter()
        .map(|action| Action {
            href: localize_link(&action.href, lang),
            ..action.clone()
        })
        .collect()
}

/// A certification's evidence as the page shows it: its kind and its dates (ISO 8601).
fn evidence_view(evidence: Evidence<'_>) -> EvidenceView {
    match evidence {
        Evidence::ReportForPeriod(from, to) => EvidenceView::Period {
            from: from.to_string(),
            to: to.to_string(),
        },
        Evidence::ReportAsOf(day) => EvidenceView::AsOf {
            date: day.to_string(),
        },
        Evidence::Certificate(number, until) => EvidenceView::Certificate {
            number: number.to_owned(),
            valid_until: until.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_hex_to_rgb() {
        assert_eq!(rgb("#0b2545"), "11, 37, 69");
        assert_eq!(rgb("#ffffff"), "255, 255, 255");
    }
}
