//! Client evidence as the page shows it: the client mix with its counts and the partner firms'
//! names, looked up in `site.toml`.

use serde::Serialize;
use ts_rs::TS;

/// A part of the client mix with its count.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ClientTypeView {
    /// The client type's id.
    pub id: String,
    /// What the count counts.
    pub label: String,
    /// How many clients of the type there were on the day of the figures.
    #[ts(type = "number")]
    pub count: u32,
}

/// A group of partner wordmarks: its label and the firms' names, in `site.toml` order.
#[derive(Debug, Clone, Serialize, TS)]
pub struct PartnerGroupView {
    /// What the firms do for the company.
    pub label: String,
    /// The firms' names.
    pub names: Vec<String>,
}
