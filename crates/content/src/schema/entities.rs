//! The provider's legal entities as data: registration, registered address, regulator and the
//! exact scope of each licence or exemption. The footer and the entity and licence cards show
//! them; copy (the about and trust center pages, the privacy policy, the AML statement) names
//! them with `{entity.sg.legal_name}`-style tokens instead of typing them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::section_items::EntityId;

/// `site.toml` `[[entity]]`: the facts of one legal entity that do not depend on the language.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entity {
    /// Stable identifier: `sg` and `hk` for the entities clients contract with (each has a
    /// supported-asset list), others for group members the site names for their licence.
    pub id: String,
    /// Where it is incorporated: an ISO 3166-1 alpha-2 code, e.g. `SG`.
    pub jurisdiction: String,
    /// Its company registration number.
    pub registration: String,
    /// The postal code of its registered address, where the jurisdiction has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postal_code: Option<String>,
    /// Its regulator: a key of `[regulator]` in `{lang}/site.toml`.
    pub regulator: String,
    /// The number of its licence; none for an exemption.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub licence: Option<String>,
    /// The address its data protection officer answers at; required of the entities clients
    /// contract with, each the controller of its clients' personal data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub privacy_email: Option<String>,
}

/// The account types an entity may offer (SPEC: segregated, DeFi, integrated, Oasis buffer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AccountType {
    /// Segregated warm and cold wallets: prime custody.
    Segregated,
    /// The DeFi account, used through the DeFi connector.
    Defi,
    /// The integrated account: fixed income, trading and flexible saving.
    Integrated,
    /// The Oasis buffer account of off-exchange settlement.
    Oasis,
}

impl AccountType {
    /// The account's name in the content check's messages.
    pub fn label(self) -> &'static str {
        match self {
            Self::Segregated => "segregated",
            Self::Defi => "DeFi",
            Self::Integrated => "integrated",
            Self::Oasis => "Oasis buffer",
        }
    }
}

impl Entity {
    /// Whether clients contract with this entity (it has a supported-asset list).
    pub fn contracts_with_clients(&self) -> bool {
        EntityId::ALL.iter().any(|entity| entity.code() == self.id)
    }
}

/// `{lang}/site.toml` `[entity.{id}]`: what an entity is called and what it may do, in one
/// language. `status` and `scope` may name the entity's other particulars with tokens, e.g.
/// `{entity.sg.regulator}`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocalEntity {
    /// The short name used in headings and cards, e.g. "Kestrel Custody (Singapore)".
    pub name: String,
    /// Its registered name.
    pub legal_name: String,
    /// The street part of its registered address: building, number, street, unit.
    pub street: String,
    /// The town or district and, where the street does not say it, the territory.
    pub locality: String,
    /// Its licence or exemption in one line, e.g. "Temporary exemption from the …".
    pub status: String,
    /// The exact scope of the licence or exemption: what it permits and what it does not.
    pub scope: String,
    /// The individuals the entity accepts as clients, and under what investor status, as a
    /// phrase copy continues ("individuals aged 18 or over who are accredited investors …");
    /// required of an entity clients contract with, absent for the others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub individuals: Option<String>,
}

/// The particulars every token and display of an entity draws on.
pub const FIELDS: [&str; 10] = [
    "name",
    "legal_name",
    "registration",
    "address",
    "regulator",
    "licence",
    "privacy_email",
    "status",
    "scope",
    "individuals",
];

/// One entity's particulars in one language, every token filled in: what the footer, the
/// entity cards and the licence cards show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Particulars {
    /// Field name (one of [`FIELDS`]) → its text; absent optional fields are empty.
    pub fields: BTreeMap<&'static str, String>,
}

impl Particulars {
    /// One field's text ("" when the entity has none).
    pub fn get(&self, field: &str) -> &str {
        self.fields
            .get(field)
            .map(String::as_str)
            .unwrap_or_default()
    }
}

/// The particulars of `entity` in `lang`, with `status` and `scope` filled from the others.
/// `None` when `{lang}/site.toml` does not describe the entity or its regulator.
pub fn particulars(
    entity: &Entity,
    local: &BTreeMap<String, LocalEntity>,
    regulators: &BTreeMap<String, String>,
    lang: Lang,
) -> Option<Particulars> {
    let words = local.get(&entity.id)?;
    let regulator = regulators.get(&entity.regulator)?;
    let mut fields = BTreeMap::from([
        ("name", words.name.clone()),
        ("legal_name", words.legal_name.clone()),
        ("registration", entity.registration.clone()),
        ("address", address(entity, words, lang)),
        ("regulator", regulator.clone()),
        ("licence", entity.licence.clone().unwrap_or_default()),
        (
            "privacy_email",
            entity.privacy_email.clone().unwrap_or_default(),
        ),
    ]);
    let own = |text: &str| {
        fields.iter().fold(text.to_owned(), |text, (field, value)| {
            text.replace(&format!("{{entity.{}.{field}}}", entity.id), value)
        })
    };
    let (status, scope) = (own(&words.status), own(&words.scope));
    fields.insert("status", status);
    fields.insert("scope", scope);
    fields.insert("individuals", words.individuals.clone().unwrap_or_default());
    Some(Particulars { fields })
}

/// The registered address on one line, as each language writes it: "20 Kestrel Quay, #18-01,
/// Singapore 099017" / "新加坡红隼码头 20 号 #18-01，邮编 099017".
fn address(entity: &Entity, words: &LocalEntity, lang: Lang) -> String {
    let postal = entity.postal_code.as_deref();
    match (lang, postal) {
        (Lang::En, Some(code)) => format!("{}, {} {code}", words.street, words.locality),
        (Lang::En, None) => format!("{}, {}", words.street, words.locality),
        (Lang::Zh, Some(code)) => format!("{}{}，邮编 {code}", words.locality, words.street),
        (Lang::Zh, None) => format!("{}{}", words.locality, words.street),
    }
}

/// Every `entity.{id}.{field}` token of one language with its text.
pub fn tokens(
    entities: &[Entity],
    local: &BTreeMap<String, LocalEntity>,
    regulators: &BTreeMap<String, String>,
    lang: Lang,
) -> Vec<(String, String)> {
    entities
        .iter()
        .filter_map(|entity| {
            let particulars = particulars(entity, local, regulators, lang)?;
            Some(
                particulars
                    .fields
                    .into_iter()
                    .map(move |(field, text)| (format!("entity.{}.{field}", entity.id), text)),
            )
        })
        .flatten()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn singapore() -> (
        Entity,
        BTreeMap<String, LocalEntity>,
        BTreeMap<String, String>,
    ) {
        let entity = Entity {
            id: "sg".into(),
            jurisdiction: "SG".into(),
            registration: "209900017K".into(),
            postal_code: Some("099017".into()),
            regulator: "mas".into(),
            licence: None,
            privacy_email: Some("dpo@example.test".into()),
        };
        let words = LocalEntity {
            name: "Example (Singapore)".into(),
            legal_name: "Example (Singapore) Pte. Ltd.".into(),
            street: "20 Example Quay, #18-01".into(),
            locality: "Singapore".into(),
            status: "Temporary exemption from the {entity.sg.regulator}".into(),
            scope: "{entity.sg.legal_name} may hold assets.".into(),
            individuals: Some("individuals who are accredited investors".into()),
        };
        let regulators = BTreeMap::from([("mas".into(), "Example Authority".into())]);
        (entity, BTreeMap::from([("sg".into(), words)]), regulators)
    }

    #[test]
    fn status_and_scope_name_the_other_particulars() {
        let (entity, local, regulators) = singapore();
        let en = particulars(&entity, &local, &regulators, Lang::En).unwrap();
        assert_eq!(
            en.get("status"),
            "Temporary exemption from the Example Authority"
        );
        assert_eq!(
            en.get("scope"),
            "Example (Singapore) Pte. Ltd. may hold assets."
        );
        assert_eq!(
            en.get("address"),
            "20 Example Quay, #18-01, Singapore 099017"
        );
        assert_eq!(en.get("licence"), "");
        assert_eq!(
            en.get("individuals"),
            "individuals who are accredited investors"
        );
        let zh = particulars(&entity, &local, &regulators, Lang::Zh).unwrap();
        assert_eq!(
            zh.get("address"),
            "Singapore20 Example Quay, #18-01，邮编 099017"
        );
    }

    #[test]
    fn tokens_cover_every_field_of_every_described_entity() {
        let (entity, local, regulators) = singapore();
        let tokens = tokens(std::slice::from_ref(&entity), &local, &regulators, Lang::En);
        let names: Vec<&str> = tokens.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names.len(), FIELDS.len());
        assert!(names.contains(&"entity.sg.legal_name"));
        let unknown = Entity {
            id: "bt".into(),
            ..entity
        };
        assert!(super::tokens(&[unknown], &local, &regulators, Lang::En).is_empty());
    }
}
