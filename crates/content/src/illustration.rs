//! The drawings of the site (`ui/src/assets/illustrations/`, drawn by
//! `ui/src/components/Illustration.tsx`): which exist, and how many words each product drawing
//! leaves room for. Each is shown once on the whole site (`validate::illustrations`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where each product drawing places its words, `[x, y, classes]` in its 480 × 360 frame, or
/// `[x, y, classes, text]` for text that is the same in every language.
pub const PLACES: &str = include_str!("../../../ui/src/assets/illustrations/places.json");

/// The illustrations drawn for the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Illustration {
    /// A vault door: custody.
    Vault,
    /// Linked nodes: chains and DApps.
    Network,
    /// Two ledgers and a buffer between them: off-exchange settlement.
    Settlement,
    /// A shield: security and insurance.
    Shield,
    /// A globe with two markers: the entities and data residency.
    Globe,
    /// The brand's key in three shards, held on three continents: the company.
    KeyShards,
    /// The product: a withdrawal reaching its 2-of-3 approval quorum.
    Approval,
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
    /// The product: a platform's customer withdrawals flowing through its hot wallet.
    WithdrawalQueue,
    /// The product: a mining pool's daily payout batch to whitelisted addresses.
    PayoutBatch,
    /// The product: a project treasury with its unlock schedule.
    TokenTreasury,
}

impl Illustration {
    /// The name content files write, such as `deposit-batch`.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|value| value.as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    /// Where the drawing places its words, in [`PLACES`]: none for a drawing without words.
    fn places(self) -> Vec<Place> {
        let places: BTreeMap<String, Vec<Place>> = serde_json::from_str(PLACES).unwrap_or_default();
        places.get(&self.name()).cloned().unwrap_or_default()
    }

    /// How many words the drawing leaves room for: the length of the `labels` a hero or section
    /// gives it. A place that carries its own text (an address, an amount) takes no label.
    pub fn label_count(self) -> usize {
        self.places()
            .iter()
            .filter(|place| place.text.is_none())
            .count()
    }

    /// The drawing's words, placed: each place with its own text or the next of `labels`.
    pub fn words(self, labels: &[String]) -> Vec<Word> {
        let mut labels = labels.iter();
        self.places()
            .into_iter()
            .filter_map(|place| {
                let text = place.text.or_else(|| labels.next().cloned())?;
                Some(Word {
                    x: place.x,
                    y: place.y,
                    class: place.class,
                    text,
                })
            })
            .collect()
    }
}

/// One place for a word in a drawing, as [`PLACES`] writes it: `[x, y, classes]` or
/// `[x, y, classes, text]`.
#[derive(Debug, Clone, Deserialize)]
struct Place {
    x: u16,
    y: u16,
    class: String,
    #[serde(default)]
    text: Option<String>,
}

/// A word the page draws over a product drawing, in its own font and language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Word {
    /// Where the text starts (or ends, or centres, as its classes say), in the 480 × 360 frame.
    pub x: u16,
    /// Its baseline in the frame.
    pub y: u16,
    /// Its style: `t` title, `s` small, `n` normal, `b` bold, `v` the large value, and `e` end, `c`
    /// centre, `w` white, `g` green, `a` link blue.
    pub class: String,
    /// The text.
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_places_of_the_words_are_read_from_the_drawings() {
        assert_eq!(Illustration::Vault.label_count(), 0);
        assert_eq!(Illustration::Approval.label_count(), 6);
        let labels: Vec<String> = ["a", "b", "c", "d", "e", "f"].map(String::from).into();
        let words = Illustration::Approval.words(&labels);
        assert_eq!(words.len(), 9);
        assert_eq!(words[0].text, "a");
        assert!(words.iter().any(|word| word.text == "12.50 BTC"));
        let places: BTreeMap<String, serde_json::Value> =
            serde_json::from_str(PLACES).expect("places.json is JSON");
        for name in places.keys() {
            let known: Result<Illustration, _> = serde_json::from_value(name.as_str().into());
            assert!(known.is_ok(), "places.json names `{name}`, not a drawing");
        }
    }
}
