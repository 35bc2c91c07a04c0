//! The supported-asset lists of the two entities (`assets/sg.toml`, `assets/hk.toml`); their rules
//! are in `validate/supported_assets.rs`.

use serde::{Deserialize, Serialize};

use crate::schema::section_items::EntityId;

/// The file of each entity's list, relative to `content/`.
pub const SUPPORTED_ASSET_FILES: [(EntityId, &str); 2] = [
    (EntityId::Sg, "assets/sg.toml"),
    (EntityId::Hk, "assets/hk.toml"),
];

/// One entity's list file: one inline table per line.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupportedAssetList {
    /// The rows in display order; serial numbers are their positions.
    pub asset: Vec<SupportedAsset>,
}

/// One supported asset on one network.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupportedAsset {
    /// The symbol as the issuer publishes it, e.g. `USDT`.
    pub token: String,
    /// The token's full name, e.g. "Tether USD".
    pub name: String,
    /// A chain id of `site.toml`.
    pub network: String,
    /// Contract address, mint or identifier on the network; absent for the network's native coin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
    /// Held in the warm wallet.
    pub warm: bool,
    /// Held in the cold wallet.
    pub cold: bool,
    /// Available in the DeFi account.
    pub defi: bool,
    /// Available in the Oasis settlement account.
    pub oasis: bool,
}

/// Both entities' lists.
#[derive(Debug, Clone, Serialize)]
pub struct SupportedAssetLists {
    /// The Singapore entity's list.
    pub sg: Vec<SupportedAsset>,
    /// The Hong Kong entity's list.
    pub hk: Vec<SupportedAsset>,
}

impl SupportedAssetLists {
    /// One entity's list.
    pub fn of(&self, entity: EntityId) -> &[SupportedAsset] {
        match entity {
            EntityId::Sg => &self.sg,
            EntityId::Hk => &self.hk,
        }
    }
}
