//! The insurance policy as data (`insurance.toml`): the entity that holds it and those it names as
//! additional insureds, whether their clients share one aggregate limit, the sublimit of each
//! wallet type, the deductible and who bears it, the broker, the underwriter and its rating. Copy
//! writes `{insurance.sublimit.cold}`, `{insurance.holder}`, `{insurance.exclusions}`; the aggregate
//! limit itself stays the company figure `{insurance}` of `site.toml`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::entities::{Entity, LocalEntity};
use crate::text::bilingual::Bilingual;
use crate::text::numbers::grouped;
use crate::text::prose::{long_date, money_in_words};
use crate::text::words::Words;

/// How the aggregate limit is shared when accepted losses exceed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Allocation {
    /// Each affected client receives a share in proportion to its accepted losses.
    ProRata,
}

impl Allocation {
    /// How copy says it.
    fn in_prose(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Self::ProRata, Lang::En) => "in proportion to their accepted losses",
            (Self::ProRata, Lang::Zh) => "按各自经保险公司核定的损失金额比例",
        }
    }
}

/// `insurance.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Insurance {
    /// The entity that holds the policy.
    pub holder: String,
    /// The entities the policy names as additional insureds.
    #[serde(default)]
    pub insured: Vec<String>,
    /// One aggregate limit for the clients of every insured entity together.
    pub shared_limit: bool,
    /// How the holder shares the aggregate limit among affected clients when accepted losses in
    /// one policy period exceed it; copy writes `{insurance.allocation}`.
    pub allocation: Allocation,
    /// The `[[duration]]` of `site.toml` within which the holder pays an accepted claim's proceeds
    /// to the affected client, from their receipt; copy writes `{duration.{proceeds_within}}`.
    pub proceeds_within: String,
    /// The broker who arranged the policy.
    pub broker: String,
    /// The insurer who underwrites it.
    pub underwriter: String,
    /// The underwriter's financial-strength rating, as its agency writes it ("A+").
    pub rating: String,
    /// The agency that gives the rating.
    pub rating_agency: String,
    /// The first day of the current policy period.
    pub period_start: toml::value::Date,
    /// The last day of the current policy period.
    pub period_end: toml::value::Date,
    /// The most the policy pays for the claims of one wallet type in a policy year.
    pub sublimit: Vec<Sublimit>,
    /// The part of each claim the policy does not pay.
    pub deductible: Deductible,
    /// What the policy does not cover, one noun phrase per language that every list of
    /// exclusions cites as `{insurance.exclusions}`.
    pub exclusions: Bilingual,
    /// How copy says the limit is shared, or separate.
    pub words: LimitWords,
}

/// The sublimit of one wallet type.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sublimit {
    /// A wallet type of `signing.toml`.
    pub wallet: String,
    /// The sublimit in US dollars.
    pub usd: u64,
}

/// The deductible of each claim.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deductible {
    /// The amount in US dollars.
    pub usd: u64,
    /// Who bears it.
    pub borne_by: DeductibleBorneBy,
}

/// Who bears the deductible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeductibleBorneBy {
    /// The policyholder: it is never deducted from a client's compensation.
    Holder,
    /// The client whose assets were lost.
    Client,
}

/// The words copy uses of the aggregate limit.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitWords {
    /// Words that make a line, or an entry, about the insurance.
    pub about: Words,
    /// Words that say one limit is shared ("shared by", 共用).
    pub shared: Words,
    /// Words that say each entity has a limit of its own ("own limit", 各自的限额).
    pub separate: Words,
}

impl Insurance {
    /// The words that contradict the data: those of a separate limit while it is shared, and the
    /// other way round.
    pub fn contradicting_words(&self) -> &Words {
        if self.shared_limit {
            &self.words.separate
        } else {
            &self.words.shared
        }
    }
}

/// The insurance tokens of one language that need no entity's name.
pub fn tokens(insurance: &Insurance, lang: Lang) -> Vec<(String, String)> {
    let mut tokens = vec![
        ("insurance.broker".to_owned(), insurance.broker.clone()),
        (
            "insurance.underwriter".to_owned(),
            insurance.underwriter.clone(),
        ),
        ("insurance.rating".to_owned(), insurance.rating.clone()),
        (
            "insurance.rating-agency".to_owned(),
            insurance.rating_agency.clone(),
        ),
        (
            "insurance.deductible".to_owned(),
            money_in_words(insurance.deductible.usd, lang),
        ),
        (
            "insurance.limit-shared".to_owned(),
            limit_shared(insurance.shared_limit, lang).to_owned(),
        ),
        (
            "insurance.period-start".to_owned(),
            long_date(insurance.period_start, lang),
        ),
        (
            "insurance.period-end".to_owned(),
            long_date(insurance.period_end, lang),
        ),
        (
            "insurance.allocation".to_owned(),
            insurance.allocation.in_prose(lang).to_owned(),
        ),
        (
            "insurance.exclusions".to_owned(),
            insurance.exclusions.of(lang).to_owned(),
        ),
    ];
    tokens.extend(insurance.sublimit.iter().map(|sublimit| {
        (
            format!("insurance.sublimit.{}", sublimit.wallet),
            money_in_words(sublimit.usd, lang),
        )
    }));
    tokens
}

/// The insurance tokens that name entities: `{insurance.holder}`, `{insurance.insured}` and
/// `{insurance.deductible-borne}`, from the language's legal names.
pub fn entity_tokens(
    insurance: &Insurance,
    local: &BTreeMap<String, LocalEntity>,
    lang: Lang,
) -> Vec<(String, String)> {
    let legal = |id: &str| local.get(id).map(|e| e.legal_name.clone());
    let Some(holder) = legal(&insurance.holder) else {
        return Vec::new();
    };
    let insured: Vec<String> = insurance
        .insured
        .iter()
        .filter_map(|id| legal(id))
        .collect();
    let and = match lang {
        Lang::En => " and ",
        Lang::Zh => " 及 ",
    };
    let borne = match (insurance.deductible.borne_by, lang) {
        (DeductibleBorneBy::Holder, Lang::En) => {
            format!("borne by {holder}, never deducted from a client's compensation")
        }
        (DeductibleBorneBy::Holder, Lang::Zh) => {
            format!("由 {holder} 承担，不从客户获得的赔偿中扣除")
        }
        (DeductibleBorneBy::Client, Lang::En) => {
            "deducted from the compensation of the client whose assets were lost".to_owned()
        }
        (DeductibleBorneBy::Client, Lang::Zh) => "从蒙受损失的客户获得的赔偿中扣除".to_owned(),
    };
    vec![
        ("insurance.holder".to_owned(), holder),
        ("insurance.insured".to_owned(), insured.join(and)),
        ("insurance.deductible-borne".to_owned(), borne),
    ]
}

/// Whether the clients of the insured entities share the limit, as copy reads it.
fn limit_shared(shared: bool, lang: Lang) -> &'static str {
    match (shared, lang) {
        (true, Lang::En) => "shared by the clients of every entity it insures",
        (true, Lang::Zh) => "由该保单承保的各实体的客户共用",
        (false, Lang::En) => "set for the clients of each entity it insures separately",
        (false, Lang::Zh) => "其承保的各实体的客户分别适用",
    }
}

/// What is wrong with the policy, if anything, each with the text of the line it is near: a holder
/// or insured that is not an entity clients contract with, a shared limit with no other insured, a
/// sublimit of an unknown wallet type, over the aggregate limit or given twice, a deductible not
/// smaller than every sublimit.
pub fn problems(
    insurance: &Insurance,
    entities: &[Entity],
    wallets: &[&str],
    aggregate_usd: u64,
) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    let (start, end) = (insurance.period_start, insurance.period_end);
    if (end.year, end.month, end.day) <= (start.year, start.month, start.day)
        || (end.year, end.month, end.day) > (start.year + 1, start.month, start.day)
    {
        problems.push((
            "period_end =".to_owned(),
            format!("the policy period {start} to {end} must end after it starts, within a year"),
        ));
    }
    let contracts = |id: &str| {
        entities
            .iter()
            .any(|e| e.id == id && e.contracts_with_clients())
    };
    for (key, id) in std::iter::once(("holder", &insurance.holder))
        .chain(insurance.insured.iter().map(|id| ("insured", id)))
    {
        if !contracts(id) {
            problems.push((
                format!("{key} ="),
                format!("`{id}` is not an entity clients contract with (site.toml [[entity]])"),
            ));
        }
    }
    if insurance.insured.contains(&insurance.holder) {
        problems.push((
            "insured =".to_owned(),
            format!(
                "`{}` holds the policy; it is not also an additional insured",
                insurance.holder
            ),
        ));
    }
    if insurance.shared_limit && insurance.insured.is_empty() {
        problems.push((
            "shared_limit".to_owned(),
            "a limit shared between entities needs an additional insured (`insured`)".to_owned(),
        ));
    }
    let mut seen = Vec::new();
    for sublimit in &insurance.sublimit {
        let needle = format!("wallet = \"{}\"", sublimit.wallet);
        if !wallets.contains(&sublimit.wallet.as_str()) {
            problems.push((
                needle.clone(),
                format!(
                    "sublimit of `{}`, which is not a wallet type of signing.toml",
                    sublimit.wallet
                ),
            ));
        }
        if seen.contains(&sublimit.wallet.as_str()) {
            problems.push((
                needle.clone(),
                format!("the sublimit of `{}` is given twice", sublimit.wallet),
            ));
        }
        seen.push(sublimit.wallet.as_str());
        if sublimit.usd > aggregate_usd {
            problems.push((
                needle.clone(),
                format!(
                    "the sublimit of `{}` (USD {}) exceeds the aggregate limit (site.toml \
                     `insurance_usd`, USD {})",
                    sublimit.wallet,
                    grouped(sublimit.usd),
                    grouped(aggregate_usd)
                ),
            ));
        }
        if insurance.deductible.usd >= sublimit.usd {
            problems.push((
                "[deductible]".to_owned(),
                format!(
                    "the deductible (USD {}) is not smaller than the sublimit of `{}`",
                    grouped(insurance.deductible.usd),
                    sublimit.wallet
                ),
            ));
        }
    }
    for wallet in wallets.iter().filter(|w| !seen.contains(w)) {
        problems.push((
            "[[sublimit]]".to_owned(),
            format!("the wallet type `{wallet}` of signing.toml has no sublimit"),
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insurance(shared_limit: bool, deductible: u64) -> Insurance {
        toml::from_str(&format!(
            r#"
holder = "sg"
insured = ["hk"]
shared_limit = {shared_limit}
allocation = "pro-rata"
proceeds_within = "insurance-proceeds"
broker = "B"
underwriter = "U"
rating = "A+"
rating_agency = "R"
period_start = 2026-07-01
period_end = 2027-06-30
exclusions = {{ en = "losses at exchanges", zh = "在交易所发生的损失" }}
[[sublimit]]
wallet = "cold"
usd = 40_000_000
[[sublimit]]
wallet = "warm"
usd = 10_000_000
[deductible]
usd = {deductible}
borne_by = "holder"
[words]
about = {{ en = ["insurance"] }}
shared = {{ en = ["shared by"] }}
separate = {{ en = ["own limit"] }}
"#
        ))
        .unwrap()
    }

    fn entities() -> Vec<Entity> {
        ["sg", "hk"]
            .map(|id| {
                toml::from_str(&format!(
                    "id = \"{id}\"\njurisdiction = \"SG\"\nregistration = \"1\"\nregulator = \"r\""
                ))
                .unwrap()
            })
            .to_vec()
    }

    #[test]
    fn writes_amounts_in_each_language() {
        let tokens = tokens(&insurance(true, 250_000), Lang::Zh);
        assert!(tokens.contains(&("insurance.deductible".into(), "25 万美元".into())));
        assert!(tokens.contains(&("insurance.sublimit.cold".into(), "4,000 万美元".into())));
        let en = super::tokens(&insurance(true, 250_000), Lang::En);
        assert!(en.contains(&("insurance.sublimit.warm".into(), "USD 10 million".into())));
        assert!(en.contains(&("insurance.exclusions".into(), "losses at exchanges".into())));
        assert!(tokens.contains(&("insurance.exclusions".into(), "在交易所发生的损失".into())));
    }

    #[test]
    fn refuses_limits_that_do_not_hold_together() {
        let wallets = ["cold", "warm"];
        assert!(problems(&insurance(true, 250_000), &entities(), &wallets, 50_000_000).is_empty());
        assert_eq!(
            problems(
                &insurance(true, 10_000_000),
                &entities(),
                &wallets,
                50_000_000
            )
            .len(),
            1
        );
        assert_eq!(
            problems(&insurance(true, 250_000), &entities(), &wallets, 20_000_000).len(),
            1
        );
        assert_eq!(
            insurance(true, 1).contradicting_words().en,
            vec!["own limit".to_owned()]
        );
    }
}
