//! What each entity may offer, and under what (`offerings.toml`): for every service, the
//! entities that offer it, each with its basis (within its licence or exemption, or an activity
//! no licence covers) and whether the entity deals as the client's counterparty. The entity
//! table's cells are tokens, `{offering.fixed-income.sg}`, and the account types an entity's
//! supported-asset list may flag follow from the services it offers.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::entities::{AccountType, Entity};
use crate::text::prose;
use crate::text::words::Words;

/// `offerings.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Offerings {
    /// Every service, in the order the entity table lists them.
    pub service: Vec<Service>,
    /// How copy names each entity clients contract with, by entity id.
    pub entity: BTreeMap<String, Words>,
    /// How copy speaks of both entities at once ("both entities", "两家实体").
    pub both: Words,
    /// Words that limit what a line says an entity offers ("only", "not", "仅", "不"): a line
    /// with one is not read as offering a service.
    pub limiting: Words,
    /// Phrases that say each entity provides only what its licence or exemption permits: true
    /// only while every service is offered within a licence or exemption.
    pub licence_only: Words,
    /// Phrases that leave open whether an entity accepts individual clients ("where the entity
    /// accepts individual clients"): refused, since `[entity.{id}] individuals` of
    /// `{lang}/site.toml` states it for each entity and copy cites `{entity.sg.individuals}`.
    #[serde(default)]
    pub individuals_hedged: Words,
    /// Phrases that keep a service for institutions ("only to institutional clients"): refused in
    /// a line that names a service offered to individuals too.
    #[serde(default)]
    pub institutions_only: Words,
    /// Claims about an entity's status that need their qualification in the same line.
    #[serde(default)]
    pub qualification: Vec<Qualification>,
    /// The particulars of staking of each entity that offers it.
    #[serde(default)]
    pub staking: Vec<crate::schema::staking::StakingTerms>,
    /// How copy speaks of slashing and of who bears it.
    #[serde(default)]
    pub slashing_words: crate::schema::staking::SlashingWords,
    /// The eligible collateral of each entity that offers Oasis, with its haircuts.
    #[serde(default)]
    pub collateral: Vec<crate::schema::collateral::CollateralTerms>,
}

/// A claim and the words that qualify it: a line that uses one of `claim` uses one of `needs`
/// ("trust or company service provider licence" is "an anti-money-laundering licence").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Qualification {
    /// The claim's words.
    pub claim: Words,
    /// The words, or tokens, that qualify it.
    pub needs: Words,
}

/// One service and the entities that offer it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Service {
    /// The token's name: copy writes `{offering.{id}.{entity}}`.
    pub id: String,
    /// The service, in English, as the claims register names it.
    pub name: String,
    /// The account type it runs in.
    pub account: AccountType,
    /// The entities that offer it; an entity not listed does not.
    pub offer: Vec<Offer>,
    /// How copy names it: a line that names it and an entity that does not offer it is refused.
    #[serde(default)]
    pub called: Words,
}

/// One entity's offer of a service.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Offer {
    /// The entity id.
    pub entity: String,
    /// Under what it is offered.
    pub basis: Basis,
    /// The entity deals as principal: it is the client's counterparty, not its custodian.
    #[serde(default)]
    pub principal: bool,
    /// The entity acts as the client's agent (it stakes on the client's behalf), not as its
    /// counterparty; only with `basis = "unregulated"`.
    #[serde(default)]
    pub agent: bool,
    /// What the entity table's cell says, where the basis alone would not state the arrangement
    /// (whose account holds the client's money, what a licence does not cover); default: the
    /// basis in words.
    #[serde(default)]
    pub cell: Option<crate::text::bilingual::Bilingual>,
    /// Whether the entity offers the service to its individual clients too (default); `false`
    /// keeps it for institutions, and `{offering.not-for-individuals.{entity}}` names it.
    #[serde(default = "offered_to_individuals")]
    pub individuals: bool,
}

/// Unless `offerings.toml` says otherwise, an entity offers a service to every client it accepts.
fn offered_to_individuals() -> bool {
    true
}

/// Under what a service is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Basis {
    /// Within the scope of the entity's licence or exemption (its `status` and `scope`).
    Licence,
    /// Outside the scope of the entity's licence or exemption.
    Unregulated,
}

impl Service {
    /// The entity's offer, if it offers the service.
    pub fn offer_of(&self, entity: &str) -> Option<&Offer> {
        self.offer.iter().find(|offer| offer.entity == entity)
    }
}

impl Offerings {
    /// The account types `entity` offers: those of the services it offers.
    pub fn accounts(&self, entity: &str) -> Vec<AccountType> {
        let mut accounts: Vec<AccountType> = Vec::new();
        for service in self.service.iter().filter(|s| s.offer_of(entity).is_some()) {
            if !accounts.contains(&service.account) {
                accounts.push(service.account);
            }
        }
        accounts
    }

    /// Whether every service is offered within a licence or exemption.
    pub fn all_licensed(&self) -> bool {
        self.service
            .iter()
            .flat_map(|s| &s.offer)
            .all(|offer| offer.basis == Basis::Licence)
    }
}

/// What an entity's cell of the entity table says of one service, in one language.
fn cell(offer: Option<&Offer>, entity: Option<&Entity>, lang: Lang) -> String {
    let Some(offer) = offer else {
        return match lang {
            Lang::En => "Not offered".to_owned(),
            Lang::Zh => "不提供".to_owned(),
        };
    };
    if let Some(cell) = &offer.cell {
        return cell.of(lang).to_owned();
    }
    let exempt = entity.is_some_and(|e| e.licence.is_none());
    let outside = match (exempt, lang) {
        (true, Lang::En) => "outside the scope of its exemption",
        (false, Lang::En) => "outside the scope of its licence",
        (true, Lang::Zh) => "不在其豁免范围内",
        (false, Lang::Zh) => "不在其牌照范围内",
    };
    if offer.agent {
        return match lang {
            Lang::En => format!("Offered as your agent, {outside}"),
            Lang::Zh => format!("作为贵机构的代理人提供，{outside}"),
        };
    }
    match (offer.basis, offer.principal, lang) {
        (Basis::Licence, principal, Lang::En) => {
            let under = if exempt {
                "Offered under its exemption"
            } else {
                "Offered under its licence"
            };
            if principal {
                format!("{under}; the entity is your counterparty")
            } else {
                under.to_owned()
            }
        }
        (Basis::Licence, principal, Lang::Zh) => {
            let under = if exempt {
                "依其豁免提供"
            } else {
                "依其牌照提供"
            };
            if principal {
                format!("{under}；该实体为贵机构的交易对手方")
            } else {
                under.to_owned()
            }
        }
        (Basis::Unregulated, true, Lang::En) => {
            format!("Offered with the entity as your counterparty, {outside}")
        }
        (Basis::Unregulated, true, Lang::Zh) => {
            format!("由该实体作为贵机构的交易对手方提供，{outside}")
        }
        (Basis::Unregulated, false, Lang::En) => format!("Offered {outside}"),
        (Basis::Unregulated, false, Lang::Zh) => format!("提供，{outside}"),
    }
}

/// Every offering token of one language: one per service and entity clients contract with,
/// `{offering.unregulated.{entity}}`, the services that entity offers that no licence covers, and
/// `{offering.not-for-individuals.{entity}}`, those it offers to institutions only.
pub fn tokens(offerings: &Offerings, entities: &[Entity], lang: Lang) -> Vec<(String, String)> {
    let mut tokens = Vec::new();
    for entity in entities.iter().filter(|e| e.contracts_with_clients()) {
        for service in &offerings.service {
            tokens.push((
                format!("offering.{}.{}", service.id, entity.id),
                cell(service.offer_of(&entity.id), Some(entity), lang),
            ));
        }
        tokens.push((
            format!("offering.unregulated.{}", entity.id),
            unregulated(offerings, &entity.id, lang),
        ));
        tokens.push((
            format!("offering.not-for-individuals.{}", entity.id),
            listed(offerings, &entity.id, lang, |offer| !offer.individuals),
        ));
    }
    tokens
}

/// The services an entity offers outside the scope of its licence or exemption, as copy names them:
/// "fixed income, flexible saving, lending and staking" / "固定收益、活期理财、出借及质押".
fn unregulated(offerings: &Offerings, entity: &str, lang: Lang) -> String {
    listed(offerings, entity, lang, |offer| {
        offer.basis == Basis::Unregulated
    })
}

/// The services an entity offers on the terms `which` accepts, as copy names them, in the order
/// of the services.
fn listed(offerings: &Offerings, entity: &str, lang: Lang, which: fn(&Offer) -> bool) -> String {
    let names: Vec<&str> = offerings
        .service
        .iter()
        .filter(|s| s.offer_of(entity).is_some_and(which))
        .filter_map(|s| s.called.of(lang).first().map(String::as_str))
        .collect();
    prose::listed(&names, lang)
}

/// What is wrong with the offerings, if anything: an offer by an entity clients do not contract
/// with, a service offered twice by one entity, or an offer as the client's agent that is also
/// as its counterparty or within a licence.
pub fn problems(offerings: &Offerings, entities: &[Entity]) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for service in &offerings.service {
        let needle = format!("id = \"{}\"", service.id);
        for (index, offer) in service.offer.iter().enumerate() {
            let known = entities
                .iter()
                .any(|e| e.id == offer.entity && e.contracts_with_clients());
            if !known {
                problems.push((
                    needle.clone(),
                    format!(
                        "service `{}`: `{}` is not an entity clients contract with",
                        service.id, offer.entity
                    ),
                ));
            }
            if service.offer[..index]
                .iter()
                .any(|o| o.entity == offer.entity)
            {
                problems.push((
                    needle.clone(),
                    format!(
                        "service `{}` is offered twice by `{}`",
                        service.id, offer.entity
                    ),
                ));
            }
            if offer.agent && (offer.principal || offer.basis != Basis::Unregulated) {
                problems.push((
                    needle.clone(),
                    format!(
                        "service `{}`: `{}` cannot act as the client's agent and also as its \
                         counterparty or under a licence: `agent` goes with \
                         `basis = \"unregulated\"` and no `principal`",
                        service.id, offer.entity
                    ),
                ));
            }
        }
    }
    for id in entities
        .iter()
        .filter(|e| e.contracts_with_clients())
        .map(|e| &e.id)
        .filter(|id| !offerings.entity.contains_key(*id))
    {
        problems.push((
            "[entity".to_owned(),
            format!("`[entity.{id}]` is missing: copy names every entity clients contract with"),
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(basis: Basis, principal: bool) -> Offer {
        Offer {
            entity: "sg".into(),
            basis,
            principal,
            agent: false,
            cell: None,
            individuals: true,
        }
    }

    #[test]
    fn each_cell_states_the_basis_and_the_counterparty() {
        let sg: Entity = toml::from_str(
            "id = \"sg\"\njurisdiction = \"SG\"\nregistration = \"1\"\nregulator = \"mas\"",
        )
        .unwrap();
        let licensed = offer(Basis::Licence, false);
        assert_eq!(
            cell(Some(&licensed), Some(&sg), Lang::En),
            "Offered under its exemption"
        );
        let dealing = offer(Basis::Licence, true);
        assert_eq!(
            cell(Some(&dealing), Some(&sg), Lang::Zh),
            "依其豁免提供；该实体为贵机构的交易对手方"
        );
        let yield_product = offer(Basis::Unregulated, true);
        assert_eq!(
            cell(Some(&yield_product), Some(&sg), Lang::En),
            "Offered with the entity as your counterparty, outside the scope of its exemption"
        );
        assert_eq!(cell(None, Some(&sg), Lang::Zh), "不提供");
        let staking = Offer {
            agent: true,
            ..offer(Basis::Unregulated, false)
        };
        assert_eq!(
            cell(Some(&staking), Some(&sg), Lang::En),
            "Offered as your agent, outside the scope of its exemption"
        );
        let fiat = Offer {
            cell: Some(crate::text::bilingual::Bilingual {
                en: "Held on trust".into(),
                zh: "以信托方式持有".into(),
            }),
            ..offer(Basis::Unregulated, false)
        };
        assert_eq!(cell(Some(&fiat), Some(&sg), Lang::Zh), "以信托方式持有");
    }

    #[test]
    fn the_unregulated_and_institution_only_services_are_listed_in_order() {
        let offerings: Offerings = toml::from_str(
            r#"
[[service]]
id = "custody"
name = "Custody"
account = "segregated"
offer = [{ entity = "sg", basis = "licence" }]

[[service]]
id = "lending"
name = "Lending"
account = "integrated"
offer = [{ entity = "sg", basis = "unregulated", principal = true }]
called = { en = ["lending"], zh = ["出借"] }

[[service]]
id = "staking"
name = "Staking"
account = "segregated"
offer = [{ entity = "sg", basis = "unregulated", agent = true, individuals = false }]
called = { en = ["staking"], zh = ["质押"] }

[entity]
sg = { en = ["Singapore entity"] }

[both]
en = ["both entities"]

[limiting]
en = ["only"]

[licence_only]
en = ["only the services its licence permits"]
"#,
        )
        .unwrap();
        assert_eq!(
            unregulated(&offerings, "sg", Lang::En),
            "lending and staking"
        );
        assert_eq!(unregulated(&offerings, "sg", Lang::Zh), "出借及质押");
        assert_eq!(unregulated(&offerings, "hk", Lang::En), "");
        let institutions_only = |offer: &Offer| !offer.individuals;
        assert_eq!(
            listed(&offerings, "sg", Lang::En, institutions_only),
            "staking"
        );
    }
}
