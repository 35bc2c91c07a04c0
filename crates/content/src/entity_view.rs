//! The legal entities as pages show them: the particulars of each in one language, for the
//! footer and the entity and licence cards.

use super::Lang;
use super::entities::{self, Entity};
use super::model::Content;
use super::view::section::EntityParticulars;

/// One entity's particulars in `lang`.
pub fn particulars(content: &Content, lang: Lang, entity: &Entity) -> EntityParticulars {
    let local = &content.locale(lang).site;
    let particulars = entities::particulars(entity, &local.entity, &local.regulator, lang)
        .expect("validated: every entity is described with its regulator");
    entities::view(entity, &particulars)
}

/// The entity with this id, in `lang`.
pub fn by_id(content: &Content, lang: Lang, id: &str) -> Option<EntityParticulars> {
    content
        .site
        .entity
        .iter()
        .find(|entity| entity.id == id)
        .map(|entity| particulars(content, lang, entity))
}

/// Every entity in display order; with `contracting`, only those clients contract with.
pub fn all(content: &Content, lang: Lang, contracting: bool) -> Vec<EntityParticulars> {
    content
        .site
        .entity
        .iter()
        .filter(|entity| !contracting || entity.contracts_with_clients())
        .map(|entity| particulars(content, lang, entity))
        .collect()
}
