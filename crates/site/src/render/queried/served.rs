//! What a document served for a query string carries for the browser besides its page data: the
//! view the server read from the query and the answer it drew, so that the first render in the
//! browser (`ui/src/components/served.ts`) draws the same markup and hydration keeps it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::search::Answer;
use custody_content::schema::section_items::EntityId;
use custody_content::supported_asset_query::{Flag, SupportedAssetAnswer};

/// The view and answer a document was served with.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Served<'a> {
    /// The supported-assets page: the view of an entity's list and the page of rows shown.
    SupportedAssets {
        /// The view as read from the query string.
        view: AssetView,
        /// The rows of that view.
        #[serde(borrow)]
        answer: SupportedAssetAnswer<'a>,
    },
    /// A page of keyword search (FAQ search, announcements): the query, the page of the list and
    /// the search's answer (none when the query is empty: the announcements list).
    Search {
        /// The keywords as read from the query string (trimmed, at most the longest query).
        query: String,
        /// The page of the list shown, from 1.
        page: usize,
        /// The search's answer for `query`.
        answer: Option<Answer>,
    },
}

/// Everything that decides which rows of the supported-assets page are shown
/// (`AssetView` of `ui/src/components/assets/supportedAssets.ts`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct AssetView {
    /// Whose list.
    pub entity: EntityId,
    /// The filters.
    pub filters: AssetFilters,
    /// The page, from 1.
    pub page: usize,
    /// Rows per page.
    pub size: usize,
}

/// The filters of the supported-assets page as the visitor wrote them (`AssetFilters` of
/// `ui/src/components/assets/supportedAssets.ts`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct AssetFilters {
    /// Part of the network's name.
    pub network: String,
    /// Part of the token's name or symbol.
    pub token: String,
    /// Part of the contract address.
    pub contract: String,
    /// Warm-wallet filter.
    #[serde(with = "flag_text")]
    #[ts(type = "\"all\" | \"yes\" | \"no\"")]
    pub warm: Flag,
    /// Cold-wallet filter.
    #[serde(with = "flag_text")]
    #[ts(type = "\"all\" | \"yes\" | \"no\"")]
    pub cold: Flag,
    /// DeFi-account filter.
    #[serde(with = "flag_text")]
    #[ts(type = "\"all\" | \"yes\" | \"no\"")]
    pub defi: Flag,
    /// Oasis-account filter.
    #[serde(with = "flag_text")]
    #[ts(type = "\"all\" | \"yes\" | \"no\"")]
    pub oasis: Flag,
}

/// An account-type filter as its parameter value: `all`, `yes` or `no`.
mod flag_text {
    use serde::{Deserialize, Deserializer, Serializer};

    use custody_content::supported_asset_query::Flag;

    pub fn serialize<S: Serializer>(flag: &Flag, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(flag.as_str())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Flag, D::Error> {
        let text = String::deserialize(deserializer)?;
        Flag::parse(&text).ok_or_else(|| serde::de::Error::custom("not all, yes or no"))
    }
}
