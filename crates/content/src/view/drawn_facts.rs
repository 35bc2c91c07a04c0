//! The facts some drawings draw, carried by the page data of the hero or section that shows them:
//! a wallet's keys on their continents (`signing.toml`) and the insurance's limits
//! (`insurance.toml`).

use serde::Serialize;
use ts_rs::TS;

/// How the keys of a cold wallet are held (`signing.toml`, the wallet of
/// `illustration::KEY_SITES_WALLET`).
#[derive(Debug, Clone, Serialize, TS)]
pub struct KeysView {
    /// How many of the keys sign a transfer.
    #[ts(type = "number")]
    pub threshold: u8,
    /// The continents the keys are held on, each with its keys.
    pub sites: Vec<KeySite>,
}

/// One continent and how many of a wallet's keys are held there, one to a site.
#[derive(Debug, Clone, Serialize, TS)]
pub struct KeySite {
    /// The continent's name in the page's language.
    pub name: String,
    /// How many keys are held on it.
    #[ts(type = "number")]
    pub keys: u8,
}

/// The insurance policy's limits in US dollars (`insurance.toml`): the aggregate limit and, within
/// it, each wallet type's sublimit in the order of its `[[sublimit]]` entries.
#[derive(Debug, Clone, Serialize, TS)]
pub struct LimitsView {
    /// The most the policy pays for all claims in a policy year.
    #[ts(type = "number")]
    pub aggregate_usd: u64,
    /// The most it pays for the claims of each wallet type, within the aggregate limit.
    #[ts(type = "Array<number>")]
    pub sublimits_usd: Vec<u64>,
}
