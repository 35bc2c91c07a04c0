//! The rules of the supported-asset lists: known networks, valid addresses per chain family, no
//! duplicates, accounts only the entity offers, and never fewer Singapore rows than the site
//! claims.

use std::collections::BTreeSet;

use crate::ContentError;
use crate::schema::entities::AccountType;
use crate::schema::model::Content;
use crate::schema::section_items::Figure;
use crate::schema::supported_assets::{SUPPORTED_ASSET_FILES, SupportedAsset};
use crate::source::files::ContentFiles;
use crate::validate::addresses;

/// Every rule of the supported-asset lists; `files` give the line of each problem.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let text = |file: &str| files.get(file).map(String::as_str).unwrap_or_default();
    let mut errors = Vec::new();
    for (entity, file) in SUPPORTED_ASSET_FILES {
        let text = text(file);
        let rows = row_offsets(text);
        let at = |index: usize, message: String| row_error(file, text, &rows, index, message);
        let mut seen = BTreeSet::new();
        let accounts = content.operations.offerings.accounts(entity.code());
        for (index, row) in content.supported_assets.of(entity).iter().enumerate() {
            if row.token.trim().is_empty() || row.name.trim().is_empty() {
                errors.push(at(index, "`token` and `name` must not be empty".into()));
            }
            for account in accounts_not_offered(row, &accounts) {
                errors.push(at(
                    index,
                    format!(
                        "{} on {}: marked as held in the {} account, which entity `{}` does not \
                         offer (no service of offerings.toml that it offers runs in that account)",
                        row.token,
                        row.network,
                        account.label(),
                        entity.code()
                    ),
                ));
            }
            let Some(chain) = content.site.chain.iter().find(|c| c.id == row.network) else {
                errors.push(at(
                    index,
                    format!(
                        "unknown network `{}`; networks are the chain ids of site.toml",
                        row.network
                    ),
                ));
                continue;
            };
            if let Some(problem) = row
                .contract
                .as_deref()
                .and_then(|contract| addresses::problem(chain.family, contract))
            {
                errors.push(at(
                    index,
                    format!("{} on {}: {problem}", row.token, chain.name),
                ));
            }
            let key = (
                row.network.as_str(),
                row.contract.as_deref().unwrap_or_default(),
            );
            if !seen.insert(key) {
                let what = match &row.contract {
                    Some(contract) => format!("contract {contract}"),
                    None => "native coin".to_owned(),
                };
                errors.push(at(
                    index,
                    format!("{what} on {} is listed twice", chain.name),
                ));
            }
        }
    }
    let claimed = content.site.figures.supported_assets as usize;
    let floor = content.site.figures.floor.contains(&Figure::Assets);
    if claimed > content.supported_assets.sg.len()
        || (floor && claimed == content.supported_assets.sg.len())
    {
        errors.push(ContentError::near(
            "site.toml",
            text("site.toml"),
            "supported_assets",
            format!(
                "the site claims {claimed}+ assets (more than {claimed} where `floor` lists \
                 `assets`) but the Singapore list has {} rows",
                content.supported_assets.sg.len()
            ),
        ));
    }
    errors
}

/// The account types a row marks that the entity does not offer: warm and cold wallets are the
/// segregated account, `defi` the DeFi account, `oasis` the Oasis buffer account.
fn accounts_not_offered(row: &SupportedAsset, offered: &[AccountType]) -> Vec<AccountType> {
    [
        (row.warm || row.cold, AccountType::Segregated),
        (row.defi, AccountType::Defi),
        (row.oasis, AccountType::Oasis),
    ]
    .into_iter()
    .filter(|(marked, account)| *marked && !offered.contains(account))
    .map(|(_, account)| account)
    .collect()
}

/// An error at the line of row `index`, or in the whole file when the row cannot be located.
fn row_error(
    file: &str,
    text: &str,
    rows: &[usize],
    index: usize,
    message: String,
) -> ContentError {
    match rows.get(index) {
        Some(offset) => ContentError::at_offset(file, text, *offset, message),
        None => ContentError::in_file(file, message),
    }
}

/// The byte offset of each row of a list file: the lines that open an inline table.
fn row_offsets(text: &str) -> Vec<usize> {
    let mut offsets = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('{') {
            offsets.push(offset);
        }
        offset += line.len();
    }
    offsets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entity_lists_assets_only_in_the_accounts_it_offers() {
        let row: SupportedAsset = toml::from_str(
            r#"token = "ETH"
            name = "Ethereum"
            network = "ethereum"
            warm = true
            cold = true
            defi = true
            oasis = true"#,
        )
        .unwrap();
        assert_eq!(
            accounts_not_offered(&row, &[AccountType::Segregated]),
            vec![AccountType::Defi, AccountType::Oasis]
        );
        let all = [
            AccountType::Segregated,
            AccountType::Defi,
            AccountType::Integrated,
            AccountType::Oasis,
        ];
        assert!(accounts_not_offered(&row, &all).is_empty());
        assert_eq!(
            accounts_not_offered(&row, &[]),
            vec![
                AccountType::Segregated,
                AccountType::Defi,
                AccountType::Oasis
            ]
        );
    }
}
