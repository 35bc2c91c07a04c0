//! The page data of a marketing page: its hero and sections as written, with figures computed,
//! fee tables joined, certifications and brand facts looked up, and every link localized.

use serde_json::{Value, json};

use super::brand_items::BrandText;
use super::marketing::{MarketingPage, Section};
use super::markup::{self, localize_link};
use super::model::{Content, PageMeta};
use super::section_items::EntityId;
use super::{Lang, entity_view, facts, fees};

/// Where the supported-assets list of an entity is shown.
pub fn entity_assets_path(entity: EntityId) -> &'static str {
    match entity {
        EntityId::Sg => "/support-token?entity=sg",
        EntityId::Hk => "/support-token?entity=hk",
    }
}

/// The data a marketing page renders from: heading, lead, hero extras and sections.
pub fn page_data(content: &Content, lang: Lang, meta: &PageMeta, page: &MarketingPage) -> Value {
    let mut hero = serde_json::to_value(&page.hero).unwrap_or_default();
    localize_actions(&mut hero, lang);
    let sections: Vec<Value> = page
        .section
        .iter()
        .map(|section| section_data(content, lang, section))
        .collect();
    json!({ "heading": meta.heading, "lead": meta.lead, "hero": hero, "sections": sections })
}

fn section_data(content: &Content, lang: Lang, section: &Section) -> Value {
    let mut data = serde_json::to_value(section).unwrap_or_default();
    localize_actions(&mut data, lang);
    let site = &content.site;
    match section {
        Section::Figures { item, .. } => {
            for (index, figure) in item.iter().enumerate() {
                data["item"][index]["value"] = facts::in_strip(site, figure.figure, lang).into();
            }
        }
        Section::Features { item, .. } => {
            for (index, card) in item.iter().enumerate() {
                if let Some(href) = &card.href {
                    data["item"][index]["href"] = localize_link(href, lang).into();
                }
            }
        }
        Section::Split { body, .. } => data["body"] = json!(markup::parse(body, lang)),
        Section::Fees { schedule, .. } => {
            data["table"] = fees::table(&content.fees, &content.locale(lang).fees, *schedule, lang);
        }
        Section::Certifications { .. } => {
            let descriptions = &content.locale(lang).site.certification;
            let items: Vec<Value> = site
                .certification
                .iter()
                .map(|c| {
                    json!({
                        "id": c.id,
                        "name": c.name,
                        "body": descriptions.get(&c.id),
                        "issuer": c.issuer,
                        "evidence": evidence_view(c.evidence()),
                    })
                })
                .collect();
            data["item"] = items.into();
        }
        Section::Entities { item, .. } => {
            for (index, entity) in item.iter().enumerate() {
                data["item"][index]["href"] =
                    localize_link(entity_assets_path(entity.entity), lang).into();
                data["item"][index]["particulars"] =
                    entity_view::by_id(content, lang, entity.entity.code()).into();
            }
        }
        Section::Licences { .. } => data["item"] = entity_view::all(content, lang, false).into(),
        Section::BrandPalette { item, .. } => {
            for (index, swatch) in item.iter().enumerate() {
                let hex = site.colour(&swatch.colour).unwrap_or_default();
                data["item"][index]["hex"] = hex.into();
                data["item"][index]["rgb"] = rgb(hex).into();
            }
        }
        Section::BrandCopy { item, .. } => {
            for (index, text) in item.iter().enumerate() {
                let texts: Vec<Value> = Lang::ALL
                    .iter()
                    .map(|other| json!({ "lang": other.code(), "text": brand_text(content, *other, text.copy) }))
                    .collect();
                data["item"][index]["texts"] = texts.into();
            }
        }
        _ => {}
    }
    data
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

/// Localizes the `href` of every button in `data["action"]`.
fn localize_actions(data: &mut Value, lang: Lang) {
    if let Some(actions) = data.get_mut("action").and_then(Value::as_array_mut) {
        for action in actions {
            if let Some(href) = action["href"].as_str() {
                action["href"] = localize_link(href, lang).into();
            }
        }
    }
}

/// A certification's evidence as the page shows it: its kind and its dates (ISO 8601).
fn evidence_view(evidence: Option<super::model::Evidence<'_>>) -> Value {
    use super::model::Evidence;
    match evidence {
        Some(Evidence::ReportForPeriod(from, to)) => {
            json!({ "kind": "period", "from": from.to_string(), "to": to.to_string() })
        }
        Some(Evidence::ReportAsOf(day)) => json!({ "kind": "as-of", "date": day.to_string() }),
        Some(Evidence::Certificate(number, until)) => {
            json!({ "kind": "certificate", "number": number, "validUntil": until.to_string() })
        }
        None => Value::Null,
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
