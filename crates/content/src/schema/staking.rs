//! The particulars of staking (`[[staking]]` of `offerings.toml`), one for each entity that offers
//! the service `staking`: the assets it stakes, who runs the validators, the commission the entity
//! keeps from the rewards, and who bears a slashing penalty a validator's fault causes. Copy writes
//! `{staking.sg.commission}`; an entity that does not stake has no such tokens, and its particulars
//! are refused.

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::durations::{Duration, DurationUnit};
use crate::schema::section_items::EntityId;
use crate::schema::supported_assets::SupportedAssetLists;
use crate::text::bilingual::Bilingual;
use crate::text::prose::listed;
use crate::text::words::Words;

/// The service whose particulars these are.
pub const SERVICE: &str = "staking";

/// One entity's staking particulars.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StakingTerms {
    /// The entity, which offers the service `staking`.
    pub entity: String,
    /// The assets it stakes, each a row of the entity's supported-asset list.
    pub assets: Vec<StakedAsset>,
    /// Who runs the validators, by name.
    pub operator: String,
    /// Whether the operator is under contract or the entity itself.
    pub runs: Runs,
    /// The commission the entity keeps from the rewards, in per cent ("12").
    pub commission_percent: String,
    /// Who bears a slashing penalty a validator's fault causes.
    pub slashing: SlashingBorneBy,
    /// What the client holds while its assets are staked, and on what basis, in full sentences:
    /// `{staking.sg.held}`.
    pub held: Bilingual,
}

/// An asset that can be staked: a token on one network, as the supported-asset list names it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StakedAsset {
    /// The token ("ETH").
    pub token: String,
    /// The network it is staked on ("ethereum").
    pub network: String,
    /// Where it sits while staked.
    pub at: StakedAt,
    /// How long after an instruction to unstake it returns to the client's address.
    pub unbonding: Unbonding,
}

/// The time an asset takes to come back from staking: `days`, exactly, at least or usually.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unbonding {
    /// Days; 0 for an asset that is never locked.
    pub days: u32,
    /// Whether `days` is exact, a minimum or the network's usual period.
    #[serde(default)]
    pub bound: Bound,
}

/// How a period of unbonding bounds the wait.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bound {
    /// The network fixes the period.
    #[default]
    Exactly,
    /// The period is a minimum; the network's queue or the staking term chosen may lengthen it.
    AtLeast,
    /// The network's usual period, which it does not guarantee: it ends at the network's next
    /// boundary, such as an epoch, later when much stake unbonds at once.
    Usually,
}

impl Unbonding {
    /// The wait as copy reads it: "28 days", "at least one day", "no unbonding period" /
    /// "28 天", "至少 1 天", "无解除质押等待期" (in figures in Chinese, as a list of periods reads).
    fn in_prose(self, lang: Lang) -> String {
        if self.days == 0 {
            return match lang {
                Lang::En => "no unbonding period".to_owned(),
                Lang::Zh => "无解除质押等待期".to_owned(),
            };
        }
        let period = match lang {
            Lang::En => Duration {
                id: String::new(),
                value: self.days,
                unit: DurationUnit::Days,
            }
            .in_prose(lang),
            Lang::Zh => format!("{} 天", self.days),
        };
        match (self.bound, lang) {
            (Bound::Exactly, _) => period,
            (Bound::AtLeast, Lang::En) => format!("at least {period}"),
            (Bound::Usually, Lang::En) => {
                format!("usually within {period}, longer when much stake unbonds at once")
            }
            (Bound::AtLeast, Lang::Zh) => format!("至少 {period}"),
            (Bound::Usually, Lang::Zh) => format!("通常在 {period}内，大量质押同时解除时可能更长"),
        }
    }
}

/// Where a staked asset sits while it is staked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StakedAt {
    /// At the client's segregated address, bonded or delegated in place.
    Address,
    /// In the network's staking mechanism (a deposit contract, a stake account, a bonded pool or
    /// a staking chain), from which unbonding returns it to the client's address.
    Protocol,
}

/// Who runs the validators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Runs {
    /// An operator under contract to the entity.
    ThirdParty,
    /// The entity itself.
    InHouse,
}

/// Who bears a slashing penalty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SlashingBorneBy {
    /// The entity, which restores the staked balance.
    Entity,
    /// The client.
    Client,
}

/// How copy speaks of slashing and of who bears it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlashingWords {
    /// Words that make a line about slashing.
    pub about: Words,
    /// Words that say the entity bears it.
    pub entity: Words,
    /// Words that say the client bears it.
    pub client: Words,
}

impl SlashingWords {
    /// The words that say the party who does not bear a slashing penalty bears it.
    pub fn contradicting(&self, borne_by: SlashingBorneBy) -> &Words {
        match borne_by {
            SlashingBorneBy::Entity => &self.client,
            SlashingBorneBy::Client => &self.entity,
        }
    }
}

/// Every staking token of one language.
pub fn tokens(staking: &[StakingTerms], lang: Lang) -> Vec<(String, String)> {
    let mut tokens = Vec::new();
    for terms in staking {
        let name = |field: &str| format!("staking.{}.{field}", terms.entity);
        let role = match (terms.runs, lang) {
            (Runs::ThirdParty, Lang::En) => {
                "an independent validator operator under contract to the entity"
            }
            (Runs::ThirdParty, Lang::Zh) => "受该实体委托的独立验证节点运营商",
            (Runs::InHouse, Lang::En) => "the entity's own validator team",
            (Runs::InHouse, Lang::Zh) => "该实体自有的验证节点团队",
        };
        let slashing = match (terms.slashing, lang) {
            (SlashingBorneBy::Entity, Lang::En) => {
                "borne by the entity under its contractual undertaking to you: it restores the \
                 staked balance, and you do not bear the penalty"
            }
            (SlashingBorneBy::Entity, Lang::Zh) => {
                "由该实体依其对贵机构的合同承诺承担并补足质押余额，贵机构无须承担罚没损失"
            }
            (SlashingBorneBy::Client, Lang::En) => "borne by you",
            (SlashingBorneBy::Client, Lang::Zh) => "由贵机构承担",
        };
        let assets: Vec<&str> = terms.assets.iter().map(|a| a.token.as_str()).collect();
        tokens.push((name("assets"), listed(&assets, lang)));
        let staked_at = |at: StakedAt| -> Vec<&str> {
            terms
                .assets
                .iter()
                .filter(|a| a.at == at)
                .map(|a| a.token.as_str())
                .collect()
        };
        tokens.push((
            name("at-address"),
            listed(&staked_at(StakedAt::Address), lang),
        ));
        tokens.push((
            name("in-protocol"),
            listed(&staked_at(StakedAt::Protocol), lang),
        ));
        let unbonding: Vec<String> = terms
            .assets
            .iter()
            .map(|a| match lang {
                Lang::En => format!("{}: {}", a.token, a.unbonding.in_prose(lang)),
                Lang::Zh => format!("{}：{}", a.token, a.unbonding.in_prose(lang)),
            })
            .collect();
        let separator = match lang {
            Lang::En => "; ",
            Lang::Zh => "；",
        };
        tokens.push((name("unbonding"), unbonding.join(separator)));
        tokens.push((name("operator"), terms.operator.clone()));
        tokens.push((name("held"), terms.held.of(lang).to_owned()));
        tokens.push((name("operator-role"), role.to_owned()));
        tokens.push((name("commission"), format!("{}%", terms.commission_percent)));
        tokens.push((name("slashing"), slashing.to_owned()));
    }
    tokens
}

/// The staked assets that are not a row of their entity's supported-asset list, or that no
/// entity's particulars name at all, each with the text of its line.
pub fn unlisted_assets(
    staking: &[StakingTerms],
    lists: &SupportedAssetLists,
) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for terms in staking {
        let list = match terms.entity.as_str() {
            "sg" => lists.of(EntityId::Sg),
            "hk" => lists.of(EntityId::Hk),
            _ => &[],
        };
        if terms.assets.is_empty() {
            problems.push((
                format!("entity = \"{}\"", terms.entity),
                format!(
                    "the staking particulars of `{}` name no asset",
                    terms.entity
                ),
            ));
        }
        for asset in &terms.assets {
            if !list
                .iter()
                .any(|row| row.token == asset.token && row.network == asset.network)
            {
                problems.push((
                    format!(
                        "token = \"{}\", network = \"{}\"",
                        asset.token, asset.network
                    ),
                    format!(
                        "staked asset {} on `{}` is not on the supported-asset list of `{}`",
                        asset.token, asset.network, terms.entity
                    ),
                ));
            }
        }
    }
    problems
}

/// What is wrong with the particulars, if anything, each with the index of the `[[staking]]`
/// table it is about (`None`: the particulars as a whole): particulars of an entity that does
/// not offer staking (`offered_by` lists those that do), an entity that offers it without them
/// or with them twice, a commission that is not a percentage below 100.
pub fn problems(staking: &[StakingTerms], offered_by: &[&str]) -> Vec<(Option<usize>, String)> {
    let mut problems = Vec::new();
    for (index, terms) in staking.iter().enumerate() {
        let needle = Some(index);
        if !offered_by.contains(&terms.entity.as_str()) {
            problems.push((
                needle,
                format!(
                    "staking particulars for `{}`, which does not offer the service `{SERVICE}`: \
                     add its offer to the service first, or remove them",
                    terms.entity
                ),
            ));
        }
        if staking[..index].iter().any(|t| t.entity == terms.entity) {
            problems.push((
                needle,
                format!(
                    "the staking particulars of `{}` are given twice",
                    terms.entity
                ),
            ));
        }
        let percent = terms.commission_percent.parse::<f64>();
        if !percent.is_ok_and(|p| (0.0..100.0).contains(&p)) {
            problems.push((
                needle,
                format!(
                    "`commission_percent` \"{}\" must be a percentage from 0 to below 100",
                    terms.commission_percent
                ),
            ));
        }
    }
    for entity in offered_by {
        if !staking.iter().any(|t| t.entity == *entity) {
            problems.push((
                None,
                format!(
                    "`{entity}` offers the service `{SERVICE}` but has no [[staking]] \
                     particulars: who runs the validators, the commission, who bears slashing"
                ),
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_staked_assets_by_where_they_sit_and_their_unbonding() {
        let terms: StakingTerms = toml::from_str(
            r#"
entity = "sg"
assets = [
  { token = "ETH", network = "ethereum", at = "protocol", unbonding = { days = 1, bound = "at-least" } },
  { token = "SOL", network = "solana", at = "protocol", unbonding = { days = 3, bound = "usually" } },
  { token = "ADA", network = "cardano", at = "address", unbonding = { days = 0 } },
  { token = "DOT", network = "polkadot", at = "address", unbonding = { days = 28 } },
]
operator = "O"
runs = "third-party"
commission_percent = "12"
slashing = "entity"
held = { en = "held", zh = "持有" }
"#,
        )
        .unwrap();
        let en = tokens(std::slice::from_ref(&terms), Lang::En);
        assert!(en.contains(&("staking.sg.at-address".into(), "ADA and DOT".into())));
        assert!(en.contains(&("staking.sg.in-protocol".into(), "ETH and SOL".into())));
        let zh = tokens(&[terms], Lang::Zh);
        assert!(zh.contains(&("staking.sg.at-address".into(), "ADA 及 DOT".into())));
        let unbonding = "ETH: at least one day; SOL: usually within three days, longer when much \
                         stake unbonds at once; ADA: no unbonding period; DOT: 28 days";
        assert!(en.contains(&("staking.sg.unbonding".into(), unbonding.into())));
        let unbonding = "ETH：至少 1 天；SOL：通常在 3 天内，大量质押同时解除时可能更长；\
                         ADA：无解除质押等待期；DOT：28 天";
        assert!(zh.contains(&("staking.sg.unbonding".into(), unbonding.into())));
    }
}
