//! The rules of the particulars a buyer compares, each reported at its line of its file: the
//! insurance policy's parties and limits hold together (`insurance.toml`), staking particulars
//! belong to the entities that stake and Oasis collateral to those that offer Oasis, priced for
//! every asset the buffer account holds, and a table of haircuts has a row for each of them and no
//! other (`offerings.toml`), the attestation of client balances is our auditor's and current
//! (`holdings.toml`), no entity accepts clients from a restricted jurisdiction
//! (`jurisdictions.toml`), and the API's facts name real durations (`developers.toml`); every id
//! of these files is a unique slug.

use super::findings::token_id_problems;
use crate::schema::model::Content;
use crate::schema::{collateral, developers, holdings, insurance, jurisdictions, staking};
use crate::source::entries::table_key_offset;
use crate::source::files::ContentFiles;
use crate::{ContentError, Lang};

/// Runs every rule and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let operations = &content.operations;
    let site = &content.site;
    let mut errors = Vec::new();
    let mut report = |file: &str, problems: Vec<(String, String)>| {
        let text = files.get(file).map(String::as_str).unwrap_or_default();
        errors.extend(
            problems
                .into_iter()
                .map(|(needle, message)| ContentError::near(file, text, &needle, message)),
        );
    };
    let wallets: Vec<&str> = operations
        .signing
        .wallet
        .iter()
        .map(|w| w.id.as_str())
        .collect();
    report(
        "insurance.toml",
        insurance::problems(
            &operations.insurance,
            &site.entity,
            &wallets,
            site.figures.insurance_usd,
        ),
    );
    let offerings = &operations.offerings;
    let stakers: Vec<&str> = offerings
        .service
        .iter()
        .filter(|s| s.id == staking::SERVICE)
        .flat_map(|s| s.offer.iter().map(|o| o.entity.as_str()))
        .collect();
    let offerings_text = files
        .get("offerings.toml")
        .map(String::as_str)
        .unwrap_or_default();
    let staking_errors: Vec<ContentError> = staking::problems(&offerings.staking, &stakers)
        .into_iter()
        .map(|(table, message)| {
            match table_key_offset(offerings_text, "staking", table.unwrap_or(0), "entity") {
                Some(offset) => {
                    ContentError::at_offset("offerings.toml", offerings_text, offset, message)
                }
                None => ContentError::in_file("offerings.toml", message),
            }
        })
        .collect();
    report(
        "offerings.toml",
        staking::unlisted_assets(&offerings.staking, &content.supported_assets),
    );
    let oasis_offered_by: Vec<&str> = offerings
        .service
        .iter()
        .filter(|s| s.id == collateral::SERVICE)
        .flat_map(|s| s.offer.iter().map(|o| o.entity.as_str()))
        .collect();
    report(
        "offerings.toml",
        collateral::problems(
            &offerings.collateral,
            &oasis_offered_by,
            &content.supported_assets,
        ),
    );
    for (file, id, rows) in raw_tables(files) {
        if let Some(problem) = collateral::table_problem(&offerings.collateral, &rows) {
            report(&file, vec![(format!("id = \"{id}\""), problem)]);
        }
    }
    let auditors: Vec<&str> = site
        .certification
        .iter()
        .map(|c| c.issuer.as_str())
        .collect();
    let newest = content
        .locale(Lang::En)
        .announcements
        .announcement
        .iter()
        .map(|a| a.date)
        .max_by_key(|d| (d.year, d.month, d.day));
    report(
        "holdings.toml",
        holdings::problems(
            &operations.holdings,
            &auditors,
            &operations.commitments.frequency,
            newest,
        ),
    );
    report(
        "jurisdictions.toml",
        jurisdictions::problems(&operations.jurisdictions, &site.entity),
    );
    report(
        "developers.toml",
        developers::problems(&operations.developers, &site.duration),
    );
    let developers = &operations.developers;
    let ids = [
        (
            "jurisdictions.toml",
            operations
                .jurisdictions
                .region
                .iter()
                .map(|r| r.id.as_str())
                .collect::<Vec<_>>(),
        ),
        (
            "developers.toml",
            developers
                .host
                .iter()
                .map(|h| h.id.as_str())
                .chain(developers.rate_limit.iter().map(|r| r.id.as_str()))
                .collect(),
        ),
    ];
    for (file, ids) in ids {
        report(file, token_id_problems(ids));
    }
    errors.extend(staking_errors);
    errors
}

/// The tables of every marketing page as written, tokens unreplaced: each file, the section's id
/// and its rows.
fn raw_tables(files: &ContentFiles) -> Vec<(String, String, Vec<Vec<String>>)> {
    let mut tables = Vec::new();
    for (file, text) in files.iter() {
        if !file.contains("/marketing/") {
            continue;
        }
        let Ok(page) = text.parse::<toml::Table>() else {
            continue;
        };
        let sections = page.get("section").and_then(toml::Value::as_array);
        for section in sections.into_iter().flatten() {
            let (Some(id), Some(rows)) = (
                section.get("id").and_then(toml::Value::as_str),
                section.get("rows").and_then(toml::Value::as_array),
            ) else {
                continue;
            };
            let rows = rows
                .iter()
                .map(|row| {
                    row.as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|cell| cell.as_str().map(str::to_owned))
                        .collect()
                })
                .collect();
            tables.push((file.clone(), id.to_owned(), rows));
        }
    }
    tables
}
