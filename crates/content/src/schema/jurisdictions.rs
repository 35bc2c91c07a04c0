//! Where clients may come from (`jurisdictions.toml`): for each region, the entities that accept
//! clients established there and on what terms, and the restricted jurisdictions where we provide
//! no services at all. Our entities page shows each cell as `{jurisdiction.eu.sg}`, the AML
//! statement lists the restricted jurisdictions as `{jurisdiction.restricted.asia}`.

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::entities::Entity;
use crate::text::bilingual::Bilingual;
use crate::text::prose::listed;
use crate::text::words::Words;

/// `jurisdictions.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Jurisdictions {
    /// The regions, in the order the entities page lists them.
    pub region: Vec<Region>,
    /// Words that say we accept clients from a place.
    pub accepting: Words,
    /// The restricted jurisdictions, in the order the AML statement lists them.
    pub restricted: Vec<Restricted>,
    /// The sanctions lists every client, counterparty and address is screened against, in the
    /// order copy lists them as `{jurisdiction.sanctions-lists}`.
    pub sanctions_list: Vec<Bilingual>,
    /// Whom the Simplified Chinese pages are written for, and that they are no offer to residents
    /// of mainland China: `{jurisdiction.zh-pages}`, in the legal line and the AML statement.
    pub zh_pages: Bilingual,
}

/// A region and the entities that accept clients from it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Region {
    /// The token's name: copy writes `{jurisdiction.{id}.name}` and `{jurisdiction.{id}.{entity}}`.
    pub id: String,
    /// The region's name in each language.
    pub name: Bilingual,
    /// The entities that accept its clients; an entity not listed does not.
    pub accept: Vec<Acceptance>,
    /// How copy names the region.
    #[serde(default)]
    pub called: Words,
}

/// One entity's acceptance of a region's clients.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Acceptance {
    /// The entity id.
    pub entity: String,
    /// On what terms.
    pub on: Terms,
}

/// The terms on which an entity accepts a region's clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terms {
    /// Any application, assessed as every other.
    Any,
    /// Only an application the client makes on its own initiative: we do not market there.
    OwnInitiative,
}

/// A jurisdiction where we provide no services.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Restricted {
    /// The area the AML statement lists it under.
    pub area: Area,
    /// The region of the entities page it is, if any.
    #[serde(default)]
    pub region: Option<String>,
    /// Its name in each language.
    pub name: Bilingual,
}

/// The areas of the restricted list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Area {
    /// Asia.
    Asia,
    /// North and South America.
    Americas,
    /// Europe.
    Europe,
}

impl Area {
    const ALL: [Self; 3] = [Self::Asia, Self::Americas, Self::Europe];

    fn id(self) -> &'static str {
        match self {
            Self::Asia => "asia",
            Self::Americas => "americas",
            Self::Europe => "europe",
        }
    }
}

impl Jurisdictions {
    /// Whether a `[[restricted]]` names the region.
    pub fn is_restricted(&self, region: &str) -> bool {
        self.restricted
            .iter()
            .any(|r| r.region.as_deref() == Some(region))
    }
}

impl Region {
    /// The entity's acceptance of the region's clients, if it accepts them.
    pub fn acceptance_of(&self, entity: &str) -> Option<&Acceptance> {
        self.accept.iter().find(|a| a.entity == entity)
    }
}

/// What an entity's cell of the region table says.
fn cell(acceptance: Option<&Acceptance>, restricted: bool, lang: Lang) -> &'static str {
    match (acceptance.map(|a| a.on), restricted, lang) {
        (_, true, Lang::En) => "Not accepted (a restricted jurisdiction)",
        (_, true, Lang::Zh) => "不接受（受限司法管辖区）",
        (None, false, Lang::En) => "Not accepted",
        (None, false, Lang::Zh) => "不接受",
        (Some(Terms::Any), false, Lang::En) => "Accepted",
        (Some(Terms::Any), false, Lang::Zh) => "接受",
        (Some(Terms::OwnInitiative), false, Lang::En) => {
            "Only at your own initiative, which our due diligence confirms (we do not market our services there)"
        }
        (Some(Terms::OwnInitiative), false, Lang::Zh) => {
            "仅限主动申请，须经我们在尽职调查中核实（我们不在当地推广服务）"
        }
    }
}

/// Every jurisdiction token of one language.
pub fn tokens(
    jurisdictions: &Jurisdictions,
    entities: &[Entity],
    lang: Lang,
) -> Vec<(String, String)> {
    let mut tokens = Vec::new();
    for region in &jurisdictions.region {
        let restricted = jurisdictions.is_restricted(&region.id);
        tokens.push((
            format!("jurisdiction.{}.name", region.id),
            region.name.of(lang).to_owned(),
        ));
        for entity in entities.iter().filter(|e| e.contracts_with_clients()) {
            tokens.push((
                format!("jurisdiction.{}.{}", region.id, entity.id),
                cell(region.acceptance_of(&entity.id), restricted, lang).to_owned(),
            ));
        }
    }
    let lists: Vec<&str> = jurisdictions
        .sanctions_list
        .iter()
        .map(|list| list.of(lang))
        .collect();
    tokens.push((
        "jurisdiction.sanctions-lists".to_owned(),
        listed(&lists, lang),
    ));
    tokens.push((
        "jurisdiction.zh-pages".to_owned(),
        jurisdictions.zh_pages.of(lang).to_owned(),
    ));
    let every: Vec<&str> = jurisdictions
        .restricted
        .iter()
        .map(|r| r.name.of(lang))
        .collect();
    tokens.push((
        "jurisdiction.restricted.all".to_owned(),
        listed(&every, lang),
    ));
    for area in Area::ALL {
        let names: Vec<&str> = jurisdictions
            .restricted
            .iter()
            .filter(|r| r.area == area)
            .map(|r| r.name.of(lang))
            .collect();
        tokens.push((
            format!("jurisdiction.restricted.{}", area.id()),
            listed(&names, lang),
        ));
    }
    tokens
}

/// What is wrong with the jurisdictions, if anything, each with the text of the line it is near: a
/// restricted region some entity accepts, an acceptance by an entity clients do not contract with
/// or given twice, a restricted jurisdiction of an unknown region, a region id that is a token's
/// field (`name`) or an entity's.
pub fn problems(jurisdictions: &Jurisdictions, entities: &[Entity]) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for region in &jurisdictions.region {
        let needle = format!("id = \"{}\"", region.id);
        if region.id == "restricted" || region.id == "name" {
            problems.push((
                needle.clone(),
                format!(
                    "region id `{}` is kept for the tokens' own names",
                    region.id
                ),
            ));
        }
        if jurisdictions.is_restricted(&region.id) {
            for acceptance in &region.accept {
                problems.push((
                    needle.clone(),
                    format!(
                        "`{}` accepts clients from `{}`, a restricted jurisdiction \
                         ([[restricted]]): no entity accepts them",
                        acceptance.entity, region.id
                    ),
                ));
            }
        }
        for (index, acceptance) in region.accept.iter().enumerate() {
            let known = entities
                .iter()
                .any(|e| e.id == acceptance.entity && e.contracts_with_clients());
            if !known {
                problems.push((
                    needle.clone(),
                    format!(
                        "region `{}`: `{}` is not an entity clients contract with",
                        region.id, acceptance.entity
                    ),
                ));
            }
            if region.accept[..index]
                .iter()
                .any(|a| a.entity == acceptance.entity)
            {
                problems.push((
                    needle.clone(),
                    format!(
                        "region `{}` is accepted twice by `{}`",
                        region.id, acceptance.entity
                    ),
                ));
            }
        }
    }
    for restricted in &jurisdictions.restricted {
        if let Some(region) = &restricted.region
            && !jurisdictions.region.iter().any(|r| &r.id == region)
        {
            problems.push((
                format!("region = \"{region}\""),
                format!("restricted jurisdiction of `{region}`, which is not a [[region]]"),
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_names_as_each_language_reads_them() {
        assert_eq!(
            listed(&["Cuba", "Venezuela", "Iran"], Lang::En),
            "Cuba, Venezuela and Iran"
        );
        assert_eq!(listed(&["古巴", "委内瑞拉"], Lang::Zh), "古巴及委内瑞拉");
        assert_eq!(listed(&["Cuba"], Lang::En), "Cuba");
    }

    #[test]
    fn a_restricted_region_is_never_accepted() {
        let jurisdictions: Jurisdictions = toml::from_str(
            r#"
accepting = { en = ["accept"] }
zh_pages = { en = "Our pages in Simplified Chinese are not an offer to residents of mainland China.", zh = "本网站简体中文页面不构成向中国内地居民的要约。" }
[[region]]
id = "us"
name = { en = "United States", zh = "美国" }
accept = [{ entity = "sg", on = "any" }]
[[restricted]]
area = "americas"
region = "us"
name = { en = "the United States of America", zh = "美利坚合众国" }
[[sanctions_list]]
en = "the United Nations Security Council"
zh = "联合国安全理事会"
"#,
        )
        .unwrap();
        let sg: Entity = toml::from_str(
            "id = \"sg\"\njurisdiction = \"SG\"\nregistration = \"1\"\nregulator = \"mas\"",
        )
        .unwrap();
        let problems = problems(&jurisdictions, &[sg]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].1.contains("a restricted jurisdiction"));
        assert_eq!(cell(None, true, Lang::Zh), "不接受（受限司法管辖区）");
    }
}
