//! The Singapore entity's fee schedules: amounts as data in `fees.toml`, wording per language in
//! `{lang}/fees.toml`, joined into the tables the entities page shows.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::section_items::FeeScheduleId;
use crate::text::cjk_spacing;
use crate::text::numbers::{decimal, grouped, money};

/// `fees.toml`: the amounts of both schedules, rows in display order.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeeSchedules {
    /// The flexible package: one row per fee item.
    pub flexible: Vec<FeeRow>,
    /// The fixed package: custody fee tiers.
    pub fixed: Vec<FeeRow>,
    /// The amount under custody the worked example of the copy prices.
    pub example: FeeExample,
}

impl FeeSchedules {
    /// The rows of one schedule.
    pub fn rows(&self, schedule: FeeScheduleId) -> &[FeeRow] {
        match schedule {
            FeeScheduleId::Flexible => &self.flexible,
            FeeScheduleId::Fixed => &self.fixed,
        }
    }
}

/// One row of a schedule: its id and the amounts its wording refers to as `{name}`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeeRow {
    /// Row id, the key of its wording in `{lang}/fees.toml`.
    pub id: String,
    /// Named amounts, e.g. `amount = { usd = 5000 }`.
    #[serde(default)]
    pub values: BTreeMap<String, Amount>,
}

/// An amount and its unit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    /// US dollars: "USD 5,000" / "5,000 美元".
    Usd(f64),
    /// Millions of US dollars: "USD 10 million" / "1,000 万美元".
    UsdMillion(f64),
    /// A percentage: "0.3%".
    Percent(f64),
    /// A plain count: "1,000".
    Count(u64),
}

impl Amount {
    /// The amount as the language writes it.
    pub fn format(self, lang: Lang) -> String {
        match (self, lang) {
            (Amount::Usd(usd), Lang::En) => format!("USD {}", money(usd)),
            (Amount::Usd(usd), Lang::Zh) => format!("{} 美元", money(usd)),
            (Amount::UsdMillion(millions), Lang::En) => {
                format!("USD {} million", decimal(millions))
            }
            (Amount::UsdMillion(millions), Lang::Zh) => {
                format!("{} 万美元", decimal(millions * 100.0))
            }
            (Amount::Percent(percent), _) => format!("{}%", decimal(percent)),
            (Amount::Count(count), _) => grouped(count),
        }
    }
}

/// `fees.toml` `[example]`: the amount under custody the worked example prices.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeeExample {
    /// Assets under custody, e.g. `{ usd_million = 15 }`.
    pub assets: Amount,
}

/// `{lang}/fees.toml`: the wording of both schedules.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocalFees {
    /// Wording of the flexible package.
    pub flexible: ScheduleWording,
    /// Wording of the fixed package.
    pub fixed: ScheduleWording,
    /// The rules of the packages, stated once here and cited in copy as tokens.
    pub rules: FeeRules,
}

/// `{lang}/fees.toml` `[rules]`: what the fee tables do not say, stated once; copy writes
/// `{fee.switch-to-fixed}`. The wording may name durations (`{duration.fixed-package-notice}`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeeRules {
    /// How an existing client moves to the fixed package, and with how much notice.
    pub switch_to_fixed: String,
}

impl LocalFees {
    /// The wording of one schedule.
    pub fn schedule(&self, schedule: FeeScheduleId) -> &ScheduleWording {
        match schedule {
            FeeScheduleId::Flexible => &self.flexible,
            FeeScheduleId::Fixed => &self.fixed,
        }
    }
}

/// The caption, column headers and row wording of one fee table.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleWording {
    /// Table caption.
    pub caption: String,
    /// Header of the first column.
    pub item: String,
    /// Header of the second column.
    pub fee: String,
    /// Wording of each row by row id.
    pub row: BTreeMap<String, RowWording>,
}

/// The two cells of a row, with `{name}` where an amount goes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowWording {
    /// What is charged, e.g. "Setup" or "Below {ceiling}".
    pub item: String,
    /// The fee, e.g. "{amount}, once".
    pub fee: String,
}

/// Replaces each `{name}` of `text` with the named amount, spaced from the Chinese around it
/// the way `cjk_spacing` sets a value ("{floor}及以上": "5,000 万美元及以上").
pub fn fill(text: &str, values: &BTreeMap<String, Amount>, lang: Lang) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|close| open + close) else {
            break;
        };
        out.push_str(&rest[..open]);
        match values.get(&rest[open + 1..close]) {
            Some(amount) => {
                let value = amount.format(lang);
                rest = cjk_spacing::push_value(&mut out, &value, &rest[close + 1..], true);
            }
            None => {
                out.push_str(&rest[open..=close]);
                rest = &rest[close + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Problems joining the amounts with one language's wording: rows without wording or wording
/// without a row, placeholders without an amount, amounts no cell shows.
pub fn mismatches(schedules: &FeeSchedules, wording: &LocalFees) -> Vec<String> {
    let mut problems = Vec::new();
    for schedule in [FeeScheduleId::Flexible, FeeScheduleId::Fixed] {
        let name = match schedule {
            FeeScheduleId::Flexible => "flexible",
            FeeScheduleId::Fixed => "fixed",
        };
        let rows = schedules.rows(schedule);
        let words = &wording.schedule(schedule).row;
        for row in rows {
            let Some(cells) = words.get(&row.id) else {
                problems.push(format!("`{name}.row.{}` is missing", row.id));
                continue;
            };
            let text = format!("{} {}", cells.item, cells.fee);
            for value in row.values.keys() {
                if !text.contains(&format!("{{{value}}}")) {
                    problems.push(format!(
                        "`{name}.row.{}` does not show the amount `{{{value}}}`",
                        row.id
                    ));
                }
            }
            let filled = fill(&text, &row.values, Lang::En);
            if filled.contains('{') {
                problems.push(format!(
                    "`{name}.row.{}` names an amount fees.toml does not give",
                    row.id
                ));
            }
        }
        for id in words
            .keys()
            .filter(|id| !rows.iter().any(|row| &row.id == *id))
        {
            problems.push(format!("`{name}.row.{id}` has no row in fees.toml"));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_amounts_in_each_language() {
        assert_eq!(Amount::Usd(5000.0).format(Lang::En), "USD 5,000");
        assert_eq!(Amount::Usd(0.1).format(Lang::En), "USD 0.10");
        assert_eq!(Amount::Usd(5000.0).format(Lang::Zh), "5,000 美元");
        assert_eq!(Amount::UsdMillion(10.0).format(Lang::En), "USD 10 million");
        assert_eq!(Amount::UsdMillion(10.0).format(Lang::Zh), "1,000 万美元");
        assert_eq!(Amount::Percent(0.3).format(Lang::Zh), "0.3%");
        assert_eq!(Amount::Count(1000).format(Lang::En), "1,000");
    }

    #[test]
    fn fills_every_named_amount() {
        let values = BTreeMap::from([
            ("rate".to_owned(), Amount::Percent(0.3)),
            ("minimum".to_owned(), Amount::Usd(500.0)),
        ]);
        assert_eq!(
            fill(
                "{rate} a year, minimum {minimum} a month",
                &values,
                Lang::En
            ),
            "0.3% a year, minimum USD 500 a month"
        );
        let floor = BTreeMap::from([("floor".to_owned(), Amount::UsdMillion(50.0))]);
        assert_eq!(
            fill("{floor}及以上；超过 {floor} 的资产", &floor, Lang::Zh),
            "5,000 万美元及以上；超过 5,000 万美元的资产"
        );
    }
}
