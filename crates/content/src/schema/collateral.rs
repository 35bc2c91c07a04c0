//! The eligible collateral of Oasis (`[[collateral]]` of `offerings.toml`), one for each entity
//! that offers the service `oasis`: every token its supported-asset list marks for the Oasis
//! account, with the haircut taken from its value when a connected exchange lets the client trade
//! against the buffer account. Copy writes `{collateral.sg.haircuts}` (the list),
//! `{collateral.sg.assets}` and `{collateral.sg.btc}` (one token's haircut); an entity that does
//! not offer Oasis has no such tokens, and the build refuses a token the list does not mark, or a
//! marked one without a haircut.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::section_items::EntityId;
use crate::schema::supported_assets::SupportedAssetLists;
use crate::text::prose::listed;

/// The service whose collateral this is.
pub const SERVICE: &str = "oasis";

/// One entity's eligible collateral.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollateralTerms {
    /// The entity, which offers the service `oasis`.
    pub entity: String,
    /// Every token its list marks for the Oasis account, each once, in the order copy lists them.
    pub assets: Vec<CollateralAsset>,
}

/// A token accepted as collateral, on every network the list marks it for Oasis.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollateralAsset {
    /// The token ("BTC"), as the supported-asset list names it.
    pub token: String,
    /// The share of its value a connected exchange does not count, in per cent ("10").
    pub haircut_percent: String,
}

/// Every collateral token of one language.
pub fn tokens(collateral: &[CollateralTerms], lang: Lang) -> Vec<(String, String)> {
    let mut tokens = Vec::new();
    for terms in collateral {
        let name = |field: &str| format!("collateral.{}.{field}", terms.entity);
        let symbols: Vec<&str> = terms.assets.iter().map(|a| a.token.as_str()).collect();
        tokens.push((name("assets"), listed(&symbols, lang)));
        let haircuts: Vec<String> = terms
            .assets
            .iter()
            .map(|a| match lang {
                Lang::En => format!("{}: {}%", a.token, a.haircut_percent),
                Lang::Zh => format!("{}：{}%", a.token, a.haircut_percent),
            })
            .collect();
        let separator = match lang {
            Lang::En => "; ",
            Lang::Zh => "；",
        };
        tokens.push((name("haircuts"), haircuts.join(separator)));
        for asset in &terms.assets {
            tokens.push((
                name(&asset.token.to_lowercase()),
                format!("{}%", asset.haircut_percent),
            ));
        }
    }
    tokens
}

/// What is wrong with the collateral, if anything, each with the text of the line it is near (the
/// table's header, or the asset's row):
/// collateral of an entity that does not offer Oasis (`offered_by` lists those that do), an
/// entity that offers it without collateral or with it twice, a token given twice, a haircut that
/// is not a percentage from 0 to below 100, a token the entity's supported-asset list does not
/// mark for the Oasis account, and a token it marks that has no haircut.
pub fn problems(
    collateral: &[CollateralTerms],
    offered_by: &[&str],
    lists: &SupportedAssetLists,
) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for (index, terms) in collateral.iter().enumerate() {
        let entity_line = "[[collateral]]".to_owned();
        if !offered_by.contains(&terms.entity.as_str()) {
            problems.push((
                entity_line.clone(),
                format!(
                    "collateral for `{}`, which does not offer the service `{SERVICE}`: add its \
                     offer to the service first, or remove it",
                    terms.entity
                ),
            ));
        }
        if collateral[..index].iter().any(|t| t.entity == terms.entity) {
            problems.push((
                entity_line.clone(),
                format!("the collateral of `{}` is given twice", terms.entity),
            ));
        }
        let list = match terms.entity.as_str() {
            "sg" => lists.of(EntityId::Sg),
            "hk" => lists.of(EntityId::Hk),
            _ => &[],
        };
        for (at, asset) in terms.assets.iter().enumerate() {
            let line = format!("token = \"{}\", haircut_percent", asset.token);
            if terms.assets[..at]
                .iter()
                .any(|a| a.token.eq_ignore_ascii_case(&asset.token))
            {
                problems.push((line.clone(), format!("{} is given twice", asset.token)));
            }
            let percent = asset.haircut_percent.parse::<f64>();
            if !percent.is_ok_and(|p| (0.0..100.0).contains(&p)) {
                problems.push((
                    line.clone(),
                    format!(
                        "`haircut_percent` \"{}\" of {} must be a percentage from 0 to below 100",
                        asset.haircut_percent, asset.token
                    ),
                ));
            }
            if !list.iter().any(|row| row.token == asset.token && row.oasis) {
                problems.push((
                    line,
                    format!(
                        "{} is not marked `oasis` on the supported-asset list of `{}`: only an \
                         asset the buffer account can hold is collateral",
                        asset.token, terms.entity
                    ),
                ));
            }
        }
        let unpriced: BTreeSet<&str> = list
            .iter()
            .filter(|row| row.oasis && !terms.assets.iter().any(|a| a.token == row.token))
            .map(|row| row.token.as_str())
            .collect();
        for token in unpriced {
            problems.push((
                entity_line.clone(),
                format!(
                    "{token} is marked `oasis` on the supported-asset list of `{}` but has no \
                     haircut in its [[collateral]]",
                    terms.entity
                ),
            ));
        }
    }
    for entity in offered_by {
        if !collateral.iter().any(|t| t.entity == *entity) {
            problems.push((
                "[[service]]".to_owned(),
                format!(
                    "`{entity}` offers the service `{SERVICE}` but has no [[collateral]]: the \
                     haircut of each asset it accepts in the buffer account"
                ),
            ));
        }
    }
    problems
}

/// What is wrong with a table that prices collateral row by row, if anything: a table one of whose
/// rows cites a token's haircut (`{collateral.sg.btc}`) has a row for every asset of that entity's
/// collateral, in its order, each headed by the token and citing its haircut, and no other row, so
/// that the table cannot drift from `{collateral.sg.assets}`.
pub fn table_problem(collateral: &[CollateralTerms], rows: &[Vec<String>]) -> Option<String> {
    let terms = collateral.iter().find(|terms| {
        let prefix = format!("{{collateral.{}.", terms.entity);
        rows.iter().flatten().any(|cell| {
            cell.match_indices(&prefix)
                .any(|(at, _)| !cell[at..].starts_with(&format!("{prefix}assets}}")))
        })
    })?;
    let expected: Vec<(String, String)> = terms
        .assets
        .iter()
        .map(|a| {
            let token = format!("{{collateral.{}.{}}}", terms.entity, a.token.to_lowercase());
            (a.token.clone(), token)
        })
        .collect();
    let matches = rows.len() == expected.len()
        && rows.iter().zip(&expected).all(|(row, (symbol, token))| {
            row.first().is_some_and(|head| head == symbol) && row.iter().any(|c| c.contains(token))
        });
    (!matches).then(|| {
        let symbols: Vec<&str> = expected.iter().map(|(symbol, _)| symbol.as_str()).collect();
        format!(
            "this table prices the Oasis collateral of `{}` row by row: give exactly one row per \
             asset of its [[collateral]] in offerings.toml, in its order ({}), each headed by the \
             token and citing its haircut ({{collateral.{}.{{token}}}})",
            terms.entity,
            symbols.join(", "),
            terms.entity
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::supported_assets::SupportedAsset;

    fn row(token: &str, network: &str, oasis: bool) -> SupportedAsset {
        SupportedAsset {
            token: token.to_owned(),
            name: token.to_owned(),
            network: network.to_owned(),
            contract: None,
            warm: true,
            cold: true,
            defi: false,
            oasis,
        }
    }

    fn terms(toml_text: &str) -> CollateralTerms {
        toml::from_str(toml_text).unwrap()
    }

    fn lists() -> SupportedAssetLists {
        SupportedAssetLists {
            sg: vec![
                row("BTC", "bitcoin", true),
                row("USDT", "ethereum", true),
                row("USDT", "tron", true),
                row("DOT", "polkadot", false),
            ],
            hk: vec![row("BTC", "bitcoin", false)],
        }
    }

    #[test]
    fn lists_the_haircuts_by_token() {
        let sg = terms(
            r#"
entity = "sg"
assets = [{ token = "BTC", haircut_percent = "10" }, { token = "USDT", haircut_percent = "5" }]
"#,
        );
        let en = tokens(std::slice::from_ref(&sg), Lang::En);
        assert!(en.contains(&("collateral.sg.assets".into(), "BTC and USDT".into())));
        assert!(en.contains(&("collateral.sg.haircuts".into(), "BTC: 10%; USDT: 5%".into())));
        assert!(en.contains(&("collateral.sg.usdt".into(), "5%".into())));
        let zh = tokens(std::slice::from_ref(&sg), Lang::Zh);
        assert!(zh.contains(&("collateral.sg.haircuts".into(), "BTC：10%；USDT：5%".into())));
        assert!(problems(&[sg], &["sg"], &lists()).is_empty());
    }

    #[test]
    fn refuses_collateral_the_lists_do_not_bear_out() {
        let sg = terms(
            r#"
entity = "sg"
assets = [{ token = "DOT", haircut_percent = "100" }, { token = "DOT", haircut_percent = "20" }]
"#,
        );
        let hk = terms("entity = \"hk\"\nassets = []\n");
        let messages: Vec<String> = problems(&[sg, hk], &["sg"], &lists())
            .into_iter()
            .map(|(_, m)| m)
            .collect();
        let has = |part: &str| messages.iter().any(|m| m.contains(part));
        assert!(has("\"100\" of DOT must be a percentage"));
        assert!(has("DOT is given twice"));
        assert!(has("DOT is not marked `oasis`"));
        assert!(has("BTC is marked `oasis`"));
        assert!(has("USDT is marked `oasis`"));
        assert!(has("collateral for `hk`, which does not offer"));
        assert!(!problems(&[], &["sg"], &lists()).is_empty());
    }

    #[test]
    fn a_table_of_haircuts_has_exactly_the_collateral_rows() {
        let collateral = vec![terms(
            "entity = \"sg\"\nassets = [{ token = \"BTC\", haircut_percent = \"10\" }, { token = \"USDT\", haircut_percent = \"5\" }]",
        )];
        let row = |a: &str, b: &str| vec![a.to_owned(), b.to_owned()];
        let full = vec![
            row("BTC", "{collateral.sg.btc}"),
            row("USDT", "{collateral.sg.usdt}"),
        ];
        assert_eq!(table_problem(&collateral, &full), None);
        assert!(
            table_problem(&collateral, &full[..1]).is_some(),
            "a row short"
        );
        let swapped = vec![full[1].clone(), full[0].clone()];
        assert!(
            table_problem(&collateral, &swapped).is_some(),
            "out of order"
        );
        let other = vec![row("Assets", "{collateral.sg.assets}")];
        assert_eq!(table_problem(&collateral, &other), None, "the list alone");
    }
}
