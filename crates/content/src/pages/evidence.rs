//! Client evidence as the page shows it: the client mix counted in `site.toml`, the set-ups of a
//! `cases` section as examples, and the names of the firms that audit, insure and connect with the
//! company, looked up in `site.toml` and `insurance.toml`.

use crate::Lang;
use crate::schema::marketing::Section;
use crate::schema::model::Content;
use crate::schema::section_items::ClientCase;
use crate::schema::section_layouts::{EvidenceSection, PartnerGroup, PartnerRole};
use crate::view::evidence::{ClientTypeView, PartnerGroupView};
use crate::view::section::SectionBody;

/// The body of an evidence section: the client mix with its total, the examples and their note,
/// the partner groups and the buttons (`actions`, localized).
pub fn evidence_body(
    content: &Content,
    lang: Lang,
    evidence: &EvidenceSection,
    action: Vec<crate::schema::marketing::Action>,
) -> SectionBody {
    let site = &content.site;
    let client: Vec<ClientTypeView> = evidence
        .client
        .iter()
        .map(|item| ClientTypeView {
            id: item.client_type.clone(),
            label: item.label.clone(),
            count: site
                .client_type
                .iter()
                .find(|counted| counted.id == item.client_type)
                .map_or(0, |counted| counted.count),
        })
        .collect();
    let (item, note) = cases_of(content, lang, &evidence.from_page, &evidence.from_section)
        .map_or_else(Default::default, |(item, note)| {
            (item.to_vec(), note.to_owned())
        });
    SectionBody::Evidence {
        total: client.iter().map(|part| part.count).sum(),
        client,
        total_label: evidence.total.clone(),
        example: evidence.example.clone(),
        item,
        note,
        group: partner_groups(content, &evidence.group),
        action,
    }
}

/// The cases and note of the `cases` section `section` of the page `page`, in `lang`: the
/// examples an evidence section shows (`validate/grammar.rs` refuses one whose cases do not
/// exist).
pub fn cases_of<'a>(
    content: &'a Content,
    lang: Lang,
    page: &str,
    section: &str,
) -> Option<(&'a [ClientCase], &'a str)> {
    let page = content.locale(lang).marketing.get(page)?;
    page.section.iter().find_map(|candidate| match candidate {
        Section::Cases { id, item, note, .. } if id == section => Some((&item[..], note.as_str())),
        _ => None,
    })
}

/// Each group's label with the names of its firms, in `site.toml` order.
pub fn partner_groups(content: &Content, groups: &[PartnerGroup]) -> Vec<PartnerGroupView> {
    groups
        .iter()
        .map(|group| PartnerGroupView {
            label: group.label.clone(),
            names: firms(content, group.firms),
        })
        .collect()
}

/// The names of the firms of one role: the certifications' issuers each once, the policy's broker
/// and underwriter (`insurance.toml`) or the exchanges.
fn firms(content: &Content, role: PartnerRole) -> Vec<String> {
    let site = &content.site;
    match role {
        PartnerRole::Auditors => {
            let mut names: Vec<String> = Vec::new();
            for certification in &site.certification {
                if !names.contains(&certification.issuer) {
                    names.push(certification.issuer.clone());
                }
            }
            names
        }
        PartnerRole::Insurers => {
            let insurance = &content.operations.insurance;
            vec![insurance.broker.clone(), insurance.underwriter.clone()]
        }
        PartnerRole::Exchanges => site.exchange.iter().map(|firm| firm.name.clone()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content() -> Content {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../content"));
        let files = crate::source::files::read_dir(root).expect("content/ reads");
        crate::load::parse(&files).expect("content/ parses")
    }

    #[test]
    fn the_client_mix_adds_up_to_the_institutional_clients_and_names_each_firm_once() {
        let content = content();
        let site = &content.site;
        let total: u32 = site.client_type.iter().map(|part| part.count).sum();
        assert_eq!(total, site.figures.institutional_clients);
        let groups = [PartnerGroup {
            firms: PartnerRole::Auditors,
            label: "Audits".into(),
        }];
        let names = &partner_groups(&content, &groups)[0].names;
        assert!(!names.is_empty());
        let mut unique = names.clone();
        unique.dedup();
        assert_eq!(&unique, names);
    }
}
