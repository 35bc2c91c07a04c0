//! The legal entities as pages show them: the particulars of each in one language, for the
//! footer and the entity and licence cards.

use serde_json::Value;

use super::Lang;
use super::entities::{self, Entity};
use super::model::Content;

/// One entity as the interface reads it (see [`entities::to_json`]).
pub fn entity_json(content: &Content, lang: Lang, entity: &Entity) -> Value {
    let local = &content.locale(lang).site;
    let particulars = entities::particulars(entity, &local.entity, &local.regulator, lang)
        .expect("validated: every entity is described with its regulator");
    entities::to_json(entity, &particulars)
}

/// The entity with this id, as the interface reads it.
pub fn by_id(content: &Content, lang: Lang, id: &str) -> Option<Value> {
    content
        .site
        .entity
        .iter()
        .find(|entity| entity.id == id)
        .map(|entity| entity_json(content, lang, entity))
}

/// Every entity in display order; with `contracting`, only those clients contract with.
pub fn all(content: &Content, lang: Lang, contracting: bool) -> Vec<Value> {
    content
        .site
        .entity
        .iter()
        .filter(|entity| !contracting || entity.contracts_with_clients())
        .map(|entity| entity_json(content, lang, entity))
        .collect()
}
