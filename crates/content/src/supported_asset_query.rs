//! The supported-asset lists answered a page at a time: the filters of `/support-token`, the
//! search keys they match (folded once), and the answer the API and the prerender share.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::schema::model::Content;
use crate::schema::section_items::EntityId;
use crate::schema::supported_assets::SupportedAsset;

/// The page sizes a visitor can choose.
pub const PAGE_SIZES: [usize; 4] = [10, 20, 50, 100];
/// The page size when none is asked for.
pub const DEFAULT_PAGE_SIZE: usize = 20;
/// The longest text filter accepted, in characters (the longest contract identifier is 78).
pub const MAX_FILTER_CHARS: usize = 100;

/// An account-type filter: every row, only rows with the account type, or only rows without.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Flag {
    /// No filtering on this account type.
    #[default]
    All,
    /// The asset is available in this account type.
    Yes,
    /// The asset is not available in this account type.
    No,
}

impl Flag {
    /// Parses `all`, `yes` or `no`.
    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "all" => Some(Flag::All),
            "yes" => Some(Flag::Yes),
            "no" => Some(Flag::No),
            _ => None,
        }
    }

    /// Whether a row with `value` passes.
    fn admits(self, value: bool) -> bool {
        match self {
            Flag::All => true,
            Flag::Yes => value,
            Flag::No => !value,
        }
    }

    /// The parameter value.
    pub fn as_str(self) -> &'static str {
        match self {
            Flag::All => "all",
            Flag::Yes => "yes",
            Flag::No => "no",
        }
    }
}

/// What a visitor asks of one entity's list. Text filters are kept folded (see [`fold`]), so
/// queries with equal answers are equal (and hash alike: the API's cache of answers is keyed by
/// the query).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SupportedAssetQuery {
    /// Whose list.
    pub entity: EntityId,
    /// Part of the network's full name, abbreviation or another name of it.
    pub network: String,
    /// Part of the token's name or symbol.
    pub token: String,
    /// Part of the contract address.
    pub contract: String,
    /// Warm-wallet filter.
    pub warm: Flag,
    /// Cold-wallet filter.
    pub cold: Flag,
    /// DeFi-account filter.
    pub defi: Flag,
    /// Oasis-account filter.
    pub oasis: Flag,
    /// 1-based page number.
    pub page: usize,
    /// Rows per page, one of [`PAGE_SIZES`].
    pub size: usize,
}

impl SupportedAssetQuery {
    /// The first page of an entity's whole list at the default size.
    pub fn first_page(entity: EntityId) -> Self {
        Self {
            entity,
            network: String::new(),
            token: String::new(),
            contract: String::new(),
            warm: Flag::All,
            cold: Flag::All,
            defi: Flag::All,
            oasis: Flag::All,
            page: 1,
            size: DEFAULT_PAGE_SIZE,
        }
    }
}

/// One row of an answer.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "AssetItem")]
pub struct SupportedAssetItem<'a> {
    /// Position in the entity's whole list, from 1.
    pub serial: usize,
    /// Symbol, e.g. `USDT`.
    pub token: Cow<'a, str>,
    /// Full name, e.g. "Tether USD".
    pub token_name: Cow<'a, str>,
    /// The network's abbreviation, e.g. `ETH`.
    pub network: Cow<'a, str>,
    /// The network's full name, e.g. "Ethereum".
    pub network_name: Cow<'a, str>,
    /// Held in the warm wallet.
    pub warm: bool,
    /// Held in the cold wallet.
    pub cold: bool,
    /// Available in the DeFi account.
    pub defi: bool,
    /// Available in the Oasis account.
    pub oasis: bool,
    /// Contract address; `null` for the network's native coin.
    pub contract: Option<Cow<'a, str>>,
}

/// One page of matching rows: the JSON of `GET /api/supported-assets`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[ts(rename = "AssetAnswer")]
pub struct SupportedAssetAnswer<'a> {
    /// Whose list.
    pub entity: EntityId,
    /// Matching rows in all pages.
    pub total: usize,
    /// This page, from 1.
    pub page: usize,
    /// Rows per page.
    pub size: usize,
    /// The rows of this page.
    pub items: Vec<SupportedAssetItem<'a>>,
}

impl SupportedAssetAnswer<'_> {
    /// The same answer, owning its text (for page data that outlives the index).
    pub fn into_owned(self) -> SupportedAssetAnswer<'static> {
        SupportedAssetAnswer {
            entity: self.entity,
            total: self.total,
            page: self.page,
            size: self.size,
            items: self
                .items
                .into_iter()
                .map(|item| SupportedAssetItem {
                    token: Cow::Owned(item.token.into_owned()),
                    token_name: Cow::Owned(item.token_name.into_owned()),
                    network: Cow::Owned(item.network.into_owned()),
                    network_name: Cow::Owned(item.network_name.into_owned()),
                    contract: item.contract.map(|c| Cow::Owned(c.into_owned())),
                    ..item
                })
                .collect(),
        }
    }
}

/// A page number past the last page of the matching rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageOutOfRange {
    /// The last page there is (1 when nothing matches).
    pub last_page: usize,
}

/// A row with its network looked up and its search keys folded.
#[derive(Debug)]
struct IndexedRow {
    serial: usize,
    row: SupportedAsset,
    network: String,
    network_name: String,
    network_keys: Vec<String>,
    token_keys: [String; 2],
    contract_key: String,
}

impl IndexedRow {
    fn matches(&self, query: &SupportedAssetQuery) -> bool {
        let row = &self.row;
        query.warm.admits(row.warm)
            && query.cold.admits(row.cold)
            && query.defi.admits(row.defi)
            && query.oasis.admits(row.oasis)
            && (query.network.is_empty()
                || self.network_keys.iter().any(|k| k.contains(&query.network)))
            && (query.token.is_empty() || self.token_keys.iter().any(|k| k.contains(&query.token)))
            && (query.contract.is_empty() || self.contract_key.contains(&query.contract))
    }

    fn item(&self) -> SupportedAssetItem<'_> {
        let row = &self.row;
        SupportedAssetItem {
            serial: self.serial,
            token: Cow::Borrowed(&row.token),
            token_name: Cow::Borrowed(&row.name),
            network: Cow::Borrowed(&self.network),
            network_name: Cow::Borrowed(&self.network_name),
            warm: row.warm,
            cold: row.cold,
            defi: row.defi,
            oasis: row.oasis,
            contract: row.contract.as_deref().map(Cow::Borrowed),
        }
    }
}

/// Both entities' lists, ready to filter.
#[derive(Debug)]
pub struct SupportedAssetIndex {
    sg: Vec<IndexedRow>,
    hk: Vec<IndexedRow>,
}

impl SupportedAssetIndex {
    /// Indexes the validated lists of `content`.
    pub fn new(content: &Content) -> Self {
        let index = |entity| {
            content
                .supported_assets
                .of(entity)
                .iter()
                .enumerate()
                .filter_map(|(position, row)| {
                    let chain = content.site.chain.iter().find(|c| c.id == row.network)?;
                    let network_keys = [&chain.name, &chain.abbreviation, &chain.id]
                        .into_iter()
                        .chain(&chain.aliases)
                        .map(|name| fold(name))
                        .collect();
                    Some(IndexedRow {
                        serial: position + 1,
                        row: row.clone(),
                        network: chain.abbreviation.clone(),
                        network_name: chain.name.clone(),
                        network_keys,
                        token_keys: [fold(&row.token), fold(&row.name)],
                        contract_key: fold(row.contract.as_deref().unwrap_or_default()),
                    })
                })
                .collect()
        };
        Self {
            sg: index(EntityId::Sg),
            hk: index(EntityId::Hk),
        }
    }

    /// The page `query` asks for; an error when its page number is past the last page.
    pub fn answer(
        &self,
        query: &SupportedAssetQuery,
    ) -> Result<SupportedAssetAnswer<'_>, PageOutOfRange> {
        let rows = match query.entity {
            EntityId::Sg => &self.sg,
            EntityId::Hk => &self.hk,
        };
        let matching: Vec<&IndexedRow> = rows.iter().filter(|row| row.matches(query)).collect();
        let last_page = matching.len().div_ceil(query.size).max(1);
        if query.page == 0 || query.page > last_page {
            return Err(PageOutOfRange { last_page });
        }
        let items = matching
            .iter()
            .skip((query.page - 1) * query.size)
            .take(query.size)
            .map(|row| row.item())
            .collect();
        Ok(SupportedAssetAnswer {
            entity: query.entity,
            total: matching.len(),
            page: query.page,
            size: query.size,
            items,
        })
    }
}

/// Folds filter text and search keys alike: trimmed, inner white space collapsed to one space,
/// full-width Latin letters and digits (as Chinese input methods type them) made half-width,
/// and lower-cased.
pub fn fold(text: &str) -> String {
    if text.is_ascii() {
        fold_ascii(text)
    } else {
        fold_unicode(text)
    }
}

/// [`fold`] of ASCII text (nearly every filter a request carries), in one pass and one
/// allocation: ASCII has no full-width letter, and lower-cases byte by byte.
fn fold_ascii(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    let mut space_before = false;
    for byte in text.bytes() {
        if char::from(byte).is_whitespace() {
            space_before = !folded.is_empty();
        } else {
            if space_before {
                folded.push(' ');
                space_before = false;
            }
            folded.push(char::from(byte.to_ascii_lowercase()));
        }
    }
    folded
}

/// [`fold`] of any text.
fn fold_unicode(text: &str) -> String {
    let half_width = text.chars().map(|c| match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    });
    let mut folded = String::with_capacity(text.len());
    for word in half_width
        .collect::<String>()
        .split_whitespace()
        .map(str::to_lowercase)
    {
        if !folded.is_empty() {
            folded.push(' ');
        }
        folded.push_str(&word);
    }
    folded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_ignores_case_width_and_spacing() {
        assert_eq!(fold("  Tether\u{3000}USD "), "tether usd");
        assert_eq!(fold("ＵＳＤＴ"), "usdt");
        assert_eq!(fold("以太坊"), "以太坊");
        assert_eq!(fold("0xA0b8  6991"), "0xa0b8 6991");
    }

    #[test]
    fn ascii_text_folds_as_any_text_does() {
        for text in [
            "",
            "   ",
            "usdt",
            "  Tether USD ",
            "0xA0b8\t\t6991",
            "a\u{b}b\u{c}c\r\nD",
            "ETH-Mainnet  (ERC-20)",
        ] {
            assert_eq!(fold_ascii(text), fold_unicode(text), "{text:?}");
        }
    }

    #[test]
    fn the_default_page_size_is_offered() {
        assert!(PAGE_SIZES.contains(&DEFAULT_PAGE_SIZE));
    }

    #[test]
    fn flags_parse_only_their_three_values() {
        assert_eq!(Flag::parse("yes"), Some(Flag::Yes));
        assert_eq!(Flag::parse("Yes"), None);
        assert!(Flag::No.admits(false) && !Flag::No.admits(true));
        assert!(Flag::All.admits(false) && Flag::All.admits(true));
    }
}
