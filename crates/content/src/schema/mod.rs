//! The schema of `content/`: the serde types of every content file, rooted at
//! [`model::Content`]. Each module is one file or one table of a file.

pub mod api_copy;
pub mod api_reference;
pub mod approvals;
pub mod automatic;
pub mod brand_items;
pub mod channels;
#[cfg(test)]
pub(crate) mod channels_fixture;
pub mod collateral;
pub mod commitments;
pub mod contact;
pub mod countries;
pub mod data_locations;
pub mod developers;
pub mod documents;
pub mod durations;
pub mod entities;
pub mod fees;
pub mod form_field;
pub mod glossary;
pub mod holdings;
pub mod hours;
pub mod icons;
pub mod illustration;
pub mod insurance;
pub mod jurisdictions;
pub mod marketing;
pub mod menu_features;
pub mod model;
pub mod offerings;
pub mod operations;
pub mod per_field;
pub mod section_items;
pub mod section_layouts;
pub mod security;
pub mod service_facts;
pub mod signing;
#[cfg(test)]
pub(crate) mod signing_fixture;
pub mod staking;
pub mod supported_assets;
