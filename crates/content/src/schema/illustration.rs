//! The illustrations of the site, drawn by the page in HTML (`ui/src/components/screens/`): which
//! exist, and how many words each leaves room for. Each is shown once on the whole site
//! (`validate::illustrations`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The words of each illustration in the order it shows them: `null` where it shows the next of
/// the `labels` its hero or section gives, or the text itself where it reads the same in every
/// language (an address, an amount).
pub const SLOTS: &str = include_str!("../../../../ui/src/components/screens/slots.json");

/// The wallet type (`signing.toml` `[[wallet]]` `id`) whose keys the `key-sites` diagram draws.
pub const KEY_SITES_WALLET: &str = "cold";

/// The illustrations drawn for the site: mock product screens, lattice diagrams and figures of
/// facts from content data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Illustration {
    /// The product: a queue of three withdrawals, the first reaching its approval quorum.
    Approval,
    /// The product: a business line's approval policy.
    Policy,
    /// The product: a withdrawal's audit trail, eight events from its creation to the ledger's
    /// update.
    AuditTrail,
    /// The product: an institution's account opening, step by step.
    Onboarding,
    /// The product: an Oasis buffer account and its next settlement.
    Settlement,
    /// The product: the supported-asset list of the entity chosen.
    AssetList,
    /// The product: a new address-book entry in its cool-off period.
    Whitelist,
    /// The product: a batch of deposit addresses created at once.
    DepositBatch,
    /// The product: the e-mail that confirms an off-exchange settlement.
    SettlementEmail,
    /// The product: the DeFi connector's approval screen with its policy checks.
    DefiApproval,
    /// The product: a holdings statement.
    Statement,
    /// The product: a fund's positions across protocols, valued daily.
    DefiPositions,
    /// The product: a platform's customer withdrawals flowing through its warm wallet.
    WithdrawalQueue,
    /// The product: a mining pool's daily payout batch to whitelisted addresses.
    PayoutBatch,
    /// The product: a project treasury with its unlock schedule.
    TokenTreasury,
    /// The product: an approval policy being edited, the change waiting for the Checkers.
    PolicyEditor,
    /// The product: an account's users, each in a role.
    TeamRoles,
    /// The product: a conversion of stablecoins to US dollars at an agreed rate.
    OtcQuote,
    /// The product: a security researcher's report, acknowledged and under assessment.
    VulnerabilityReport,
    /// A bar: the insurance's aggregate limit and each wallet type's sublimit within it
    /// (`insurance.toml`), drawn in a `split` section, whose page data carries them.
    InsuranceLimits,
    /// A figure: the insurance's aggregate limit, each wallet type's sublimit within it and the
    /// deductible, a row each, their amounts in the labels' tokens (`{insurance.sublimit.cold}`).
    InsuranceLayers,
    /// A figure: the two sites that hold the client records, each replicating to the other, over
    /// a row for each kind of data and where it is kept (`{data.client-records}` in the labels).
    DataReplicas,
    /// A lattice diagram: each wallet type's keys on their continents and the threshold that signs
    /// (`signing.toml`), drawn in a `split` section, whose page data carries them.
    KeyMap,
    /// A lattice diagram: the group and its entities.
    GroupStructure,
    /// A lattice diagram: the keys of a cold wallet on their continents, and the threshold that
    /// signs (`signing.toml`, the wallet of [`KEY_SITES_WALLET`]).
    KeySites,
}

/// How a hero composes its words and its illustration.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum HeroLayout {
    /// The illustration beside the words, on the lattice's lines.
    #[default]
    Beside,
    /// The illustration over a large lattice of the mark, its shards clear of its lower right corner.
    Layered,
    /// The words across the top, the illustration (a lattice diagram) on a tinted band across the
    /// full width under them.
    Band,
}

impl Illustration {
    /// The name content files write, such as `deposit-batch`.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|value| value.as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    /// The illustration's words as [`SLOTS`] gives them: `None` for each label.
    fn slots(self) -> Vec<Option<String>> {
        let slots: BTreeMap<String, Vec<Option<String>>> =
            serde_json::from_str(SLOTS).unwrap_or_default();
        slots.get(&self.name()).cloned().unwrap_or_default()
    }

    /// How many words the illustration leaves room for: the length of the `labels` a hero or
    /// section gives it.
    pub fn label_count(self) -> usize {
        self.slots().iter().filter(|slot| slot.is_none()).count()
    }

    /// The illustration's words in order: each slot's own text or the next of `labels`.
    pub fn words(self, labels: &[String]) -> Vec<String> {
        let mut labels = labels.iter();
        self.slots()
            .into_iter()
            .filter_map(|slot| slot.or_else(|| labels.next().cloned()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_of_each_illustration_are_read_from_its_slots() {
        assert_eq!(Illustration::Approval.label_count(), 8);
        let labels: Vec<String> = ["a", "b", "c", "d", "e", "f", "g", "h"]
            .map(String::from)
            .into();
        let words = Illustration::Approval.words(&labels);
        assert_eq!(words.len(), 18);
        assert_eq!(words[0], "a");
        assert!(words.iter().any(|word| word == "12.50 BTC"));
        assert_eq!(words[9..12], ["AL", "DK", "RS"], "the approvers' initials");
        let slots: BTreeMap<String, serde_json::Value> =
            serde_json::from_str(SLOTS).expect("slots.json is JSON");
        for name in slots.keys() {
            let known: Result<Illustration, _> = serde_json::from_value(name.as_str().into());
            assert!(
                known.is_ok(),
                "slots.json names `{name}`, not an illustration"
            );
        }
        for drawn in [Illustration::KeySites, Illustration::Policy] {
            assert!(slots.contains_key(&drawn.name()), "no slots for {drawn:?}");
        }
    }
}
