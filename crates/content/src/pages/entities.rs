//! The legal entities as pages show them: the particulars of each in one language, for the
//! footer and the entity and licence cards.

use crate::Lang;
use crate::schema::entities::{self, Entity, Particulars};
use crate::schema::model::Content;
use crate::view::section::EntityParticulars;

/// One entity's particulars in `lang`.
pub fn particulars(content: &Content, lang: Lang, entity: &Entity) -> EntityParticulars {
    let local = &content.locale(lang).site;
    let particulars = entities::particulars(entity, &local.entity, &local.regulator, lang)
        .expect("validated: every entity is described with its regulator");
    view(entity, &particulars)
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

/// An entity's particulars as the interface reads them.
fn view(entity: &Entity, particulars: &Particulars) -> EntityParticulars {
    let field = |name: &str| particulars.get(name).to_owned();
    EntityParticulars {
        id: entity.id.clone(),
        name: field("name"),
        legal_name: field("legal_name"),
        registration: entity.registration.clone(),
        address: field("address"),
        regulator: field("regulator"),
        licence: entity.licence.clone(),
        status: field("status"),
        scope: field("scope"),
    }
}
