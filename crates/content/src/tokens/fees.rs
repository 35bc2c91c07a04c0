//! Fee amounts as copy writes them: `{fee.setup.amount}` for an amount of `fees.toml`, and the
//! worked example (`{fee.example.assets}`, `{fee.example.flexible}`, `{fee.example.fixed}`): the
//! monthly custody fee of each package for one amount under custody, computed from the rows so
//! that the example can never disagree with the tables.

use crate::Lang;
use crate::schema::fees::{Amount, FeeRow, FeeSchedules, LocalFees, fill};
use crate::text::numbers::money;

/// The flexible package's custody row: `rate` a year, `minimum` a month.
pub const CUSTODY_ROW: &str = "custody";

/// The token prefix of the worked example; no fee row may take this id.
pub const EXAMPLE: &str = "example";

/// The token of the rule for moving to the fixed package (`[rules]` of `{lang}/fees.toml`).
pub const SWITCH_TO_FIXED: &str = "fee.switch-to-fixed";

/// The monthly custody fee of each package for the example's assets, in US dollars.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Priced {
    /// The example's assets under custody in US dollars.
    pub assets: f64,
    /// The flexible package: the yearly rate on the assets over twelve, at least the minimum.
    pub flexible: f64,
    /// The fixed package: the fee of the first band whose ceiling is above the assets, or the
    /// open band's monthly fee plus its yearly rate, over twelve, on the assets above its floor.
    pub fixed: f64,
}

/// Prices the worked example from the rows, or says which row it cannot be priced from.
pub fn price(schedules: &FeeSchedules) -> Result<Priced, String> {
    let assets = usd(schedules.example.assets)
        .ok_or("`example.assets` must be an amount of money (usd or usd_million)")?;
    let custody = schedules
        .flexible
        .iter()
        .find(|row| row.id == CUSTODY_ROW)
        .ok_or("the worked example needs the flexible row `custody`")?;
    let (Some(rate), Some(minimum)) = (
        percent(custody, "rate"),
        custody.values.get("minimum").copied().and_then(usd),
    ) else {
        return Err(
            "the flexible row `custody` needs a `rate` (percent) and a `minimum` (usd)".into(),
        );
    };
    let flexible = cents(monthly(assets, rate).max(minimum));
    let fixed = schedules
        .fixed
        .iter()
        .find_map(|row| fixed_fee(row, assets))
        .ok_or("no band of the fixed package covers the example's assets")?;
    Ok(Priced {
        assets,
        flexible,
        fixed: cents(fixed),
    })
}

/// The monthly fee of one fixed band, if the assets fall in it.
fn fixed_fee(row: &FeeRow, assets: f64) -> Option<f64> {
    let ceiling = row.values.get("ceiling").copied().and_then(usd);
    let floor = row.values.get("floor").copied().and_then(usd);
    match (ceiling, floor) {
        (Some(ceiling), _) if assets < ceiling => row.values.get("fee").copied().and_then(usd),
        (None, Some(floor)) if assets >= floor => {
            let fee = row.values.get("fee").copied().and_then(usd).unwrap_or(0.0);
            Some(fee + monthly(assets - floor, percent(row, "rate")?))
        }
        _ => None,
    }
}

/// Whether the fixed package's fee jumps where the open band begins: its fee at the floor must
/// be the fee of the band that ends there, so that one more dollar never costs a step. Returns
/// what is wrong, if anything.
pub fn step_at_floor(schedules: &FeeSchedules) -> Option<String> {
    let open = schedules
        .fixed
        .iter()
        .find(|row| row.values.contains_key("floor"))?;
    let floor = open.values.get("floor").copied().and_then(usd)?;
    let below = schedules.fixed.iter().find_map(|row| {
        let ceiling = row.values.get("ceiling").copied().and_then(usd)?;
        (ceiling == floor)
            .then(|| row.values.get("fee").copied().and_then(usd))
            .flatten()
    })?;
    let at_floor = fixed_fee(open, floor)?;
    (cents(at_floor) != cents(below)).then(|| {
        format!(
            "the fixed package costs USD {} a month just below USD {} but USD {} at it; give the row `{}` the `fee` of the band below and charge its \
             `rate` on the assets above the floor",
            money(below),
            money(floor),
            money(at_floor),
            open.id
        )
    })
}

fn monthly(assets: f64, yearly_percent: f64) -> f64 {
    assets * yearly_percent / 100.0 / 12.0
}

fn cents(usd: f64) -> f64 {
    (usd * 100.0).round() / 100.0
}

fn percent(row: &FeeRow, name: &str) -> Option<f64> {
    match row.values.get(name) {
        Some(Amount::Percent(percent)) => Some(*percent),
        _ => None,
    }
}

fn usd(amount: Amount) -> Option<f64> {
    match amount {
        Amount::Usd(usd) => Some(usd),
        Amount::UsdMillion(millions) => Some(millions * 1_000_000.0),
        Amount::Percent(_) | Amount::Count(_) => None,
    }
}

/// Every fee token of one language with its text: `fee.{row}.{value}` for each amount of both
/// schedules and, when it can be priced, the worked example.
pub fn tokens(schedules: &FeeSchedules, lang: Lang) -> Vec<(String, String)> {
    let mut tokens: Vec<(String, String)> = schedules
        .flexible
        .iter()
        .chain(&schedules.fixed)
        .flat_map(|row| {
            row.values
                .iter()
                .map(move |(name, amount)| (format!("fee.{}.{name}", row.id), amount.format(lang)))
        })
        .collect();
    if let Ok(priced) = price(schedules) {
        tokens.push((
            format!("fee.{EXAMPLE}.assets"),
            schedules.example.assets.format(lang),
        ));
        tokens.push((
            format!("fee.{EXAMPLE}.flexible"),
            Amount::Usd(priced.flexible).format(lang),
        ));
        tokens.push((
            format!("fee.{EXAMPLE}.fixed"),
            Amount::Usd(priced.fixed).format(lang),
        ));
    }
    tokens
}

/// The fee tokens made from a language's fee wording: `fee.{row}.item` and `fee.{row}.text`,
/// each row's two cells as the fee table shows them ("USD 5,000 a month, plus 0.25% a year of
/// the assets under custody above USD 50 million"), so that copy states a fee rule in the
/// table's own words; and the package rules of `[rules]` (`{fee.switch-to-fixed}`), whose own
/// tokens `fill_tokens` fills in.
pub fn wording_tokens(
    schedules: &FeeSchedules,
    wording: &LocalFees,
    fill_tokens: impl Fn(&str) -> String,
    lang: Lang,
) -> Vec<(String, String)> {
    let rows = [
        (&schedules.flexible, &wording.flexible),
        (&schedules.fixed, &wording.fixed),
    ];
    let mut tokens: Vec<(String, String)> = rows
        .into_iter()
        .flat_map(|(rows, words)| {
            rows.iter().filter_map(move |row| {
                let cells = words.row.get(&row.id)?;
                Some([
                    (
                        format!("fee.{}.item", row.id),
                        fill(&cells.item, &row.values, lang),
                    ),
                    (
                        format!("fee.{}.text", row.id),
                        fill(&cells.fee, &row.values, lang),
                    ),
                ])
            })
        })
        .flatten()
        .collect();
    tokens.push((
        SWITCH_TO_FIXED.to_owned(),
        fill_tokens(&wording.rules.switch_to_fixed),
    ));
    tokens
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::schema::fees::FeeExample;

    fn row(id: &str, values: &[(&str, Amount)]) -> FeeRow {
        FeeRow {
            id: id.to_owned(),
            values: values
                .iter()
                .map(|(name, amount)| ((*name).to_owned(), *amount))
                .collect::<BTreeMap<_, _>>(),
        }
    }

    fn schedules(assets_millions: f64) -> FeeSchedules {
        FeeSchedules {
            flexible: vec![row(
                "custody",
                &[
                    ("rate", Amount::Percent(0.3)),
                    ("minimum", Amount::Usd(500.0)),
                ],
            )],
            fixed: vec![
                row(
                    "below-10m",
                    &[
                        ("ceiling", Amount::UsdMillion(10.0)),
                        ("fee", Amount::Usd(1500.0)),
                    ],
                ),
                row(
                    "below-20m",
                    &[
                        ("ceiling", Amount::UsdMillion(20.0)),
                        ("fee", Amount::Usd(2500.0)),
                    ],
                ),
                row(
                    "above",
                    &[
                        ("floor", Amount::UsdMillion(20.0)),
                        ("fee", Amount::Usd(2500.0)),
                        ("rate", Amount::Percent(0.25)),
                    ],
                ),
            ],
            example: FeeExample {
                assets: Amount::UsdMillion(assets_millions),
            },
        }
    }

    #[test]
    fn prices_each_package_from_its_rows() {
        let priced = price(&schedules(15.0)).unwrap();
        assert_eq!(priced.flexible, 3750.0);
        assert_eq!(priced.fixed, 2500.0);
        let small = price(&schedules(1.0)).unwrap();
        assert_eq!(small.flexible, 500.0, "the monthly minimum applies");
        assert_eq!(small.fixed, 1500.0);
        let large = price(&schedules(48.0)).unwrap();
        assert_eq!(large.flexible, 12_000.0);
        assert_eq!(
            large.fixed, 8_333.33,
            "the open band's fee, and its rate above the floor"
        );
    }

    #[test]
    fn refuses_a_step_where_the_open_band_begins() {
        assert_eq!(step_at_floor(&schedules(15.0)), None);
        let mut stepped = schedules(15.0);
        stepped.fixed[2].values.remove("fee");
        let problem = step_at_floor(&stepped).expect("a step");
        assert!(
            problem.starts_with("the fixed package costs USD 2,500 a month just below USD 20,000,000 but USD 0 at it"),
            "{problem}"
        );
    }

    #[test]
    fn the_example_is_a_token_in_each_language() {
        let en = tokens(&schedules(15.0), Lang::En);
        let zh = tokens(&schedules(15.0), Lang::Zh);
        let find = |tokens: &[(String, String)], name: &str| {
            tokens
                .iter()
                .find(|(token, _)| token == name)
                .map(|(_, text)| text.clone())
        };
        assert_eq!(find(&en, "fee.example.assets").unwrap(), "USD 15 million");
        assert_eq!(find(&en, "fee.example.flexible").unwrap(), "USD 3,750");
        assert_eq!(find(&zh, "fee.example.fixed").unwrap(), "2,500 美元");
        assert_eq!(find(&zh, "fee.custody.minimum").unwrap(), "500 美元");
    }

    #[test]
    fn an_example_no_row_can_price_is_an_error() {
        let mut bad = schedules(15.0);
        bad.fixed.retain(|row| row.id != "above");
        bad.example.assets = Amount::UsdMillion(30.0);
        assert!(price(&bad).unwrap_err().contains("no band"));
        bad.example.assets = Amount::Percent(1.0);
        assert!(price(&bad).unwrap_err().contains("amount of money"));
    }
}
