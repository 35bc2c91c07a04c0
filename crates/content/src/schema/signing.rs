//! The signing model as data (`signing.toml`): for each wallet type, the scheme (multi-signature
//! or multi-party computation), the m-of-n threshold, the continents its keys are held on, who
//! signs and when; the transfers signed without your checkers' approval of each one, and who
//! approves a change of controls. Copy writes the claims as tokens scoped to a wallet type,
//! `{signing.cold.scheme}` across `{signing.cold.continents}`, so that a claim true of one wallet
//! type is never made of the other.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::approvals::{self, Approval};
use crate::schema::automatic::{Automatic, enabled_by};
use crate::schema::durations::in_words;
use crate::schema::hours::Hours;
use crate::schema::service_facts::ServiceFacts;
use crate::text::prose::listed;
use crate::text::words::Words;

/// `signing.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Signing {
    /// The certification of the hardware security modules every key and key share is generated
    /// and used in, as its scheme writes it; copy writes `{signing.hsm}`.
    pub hsm_certification: String,
    /// The wallet types, each with its signing model.
    pub wallet: Vec<Wallet>,
    /// Transfers signed without your checkers' approval of each one.
    #[serde(default)]
    pub automatic: Vec<Automatic>,
    /// Phrases that claim every transfer waits for your approval; a line that uses one must also
    /// name each automatic transfer (`automatic.named`).
    pub universal: Words,
    /// Claims in words that hold for a wallet type only if its model bears them out.
    #[serde(default)]
    pub claim: Vec<WordedClaim>,
    /// Phrases that say one transfer alone is signed without your approval ("the one transfer");
    /// refused while more than one `automatic` transfer is listed.
    #[serde(default)]
    pub sole: Words,
    /// Who approves a change of controls, an API key or a whitelist addition, and who may remove
    /// access at once: `{signing.control-changes}` and the others.
    pub approval: Vec<Approval>,
}

/// A claim copy makes in words ("no single site can sign alone"), and what of the signing model
/// makes it true.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordedClaim {
    /// The claim's words.
    pub says: Words,
    /// What makes it true of a wallet type.
    pub holds: Holds,
}

/// What of a wallet's signing model bears out a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Holds {
    /// No single site can sign: one key to a site, and a threshold of two or more.
    NoSiteSignsAlone,
    /// No continent holds as many keys as the threshold.
    NoContinentSignsAlone,
}

impl Holds {
    /// Whether the claim is true of `wallet`.
    pub fn of(self, wallet: &Wallet) -> bool {
        match self {
            Self::NoSiteSignsAlone => wallet.threshold >= 2,
            Self::NoContinentSignsAlone => wallet
                .continents
                .values()
                .all(|&keys| keys < wallet.threshold),
        }
    }
}

/// One wallet type and how it signs.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wallet {
    /// `cold` or `warm`: copy writes `{signing.{id}.scheme}` and the rest.
    pub id: String,
    /// How a transaction is signed.
    pub scheme: Scheme,
    /// How many keys (or key shares) must take part: more than half of `keys`, fewer than all.
    pub threshold: u8,
    /// How many keys (or key shares) each wallet has, one to a site.
    pub keys: u8,
    /// How many of them are held on each continent.
    pub continents: BTreeMap<Continent, u8>,
    /// Who signs once your approval rules have passed.
    pub signers: Signers,
    /// When it signs.
    pub hours: Hours,
    /// How copy names this wallet type: a line that cites one of its tokens names it too.
    pub called: Words,
}

/// A signing scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scheme {
    /// Several independent keys each sign; the chain checks the threshold.
    MultiSignature,
    /// Multi-party computation: key shares compute one signature together; no whole key exists.
    Mpc,
}

/// A continent a key site is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Continent {
    /// Asia.
    Asia,
    /// Europe.
    Europe,
    /// North America.
    NorthAmerica,
}

/// Who signs a transaction your rules have approved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Signers {
    /// Named staff holding the keys, at as many sites as the threshold.
    KeyHolders,
    /// Our systems, once our automated checks pass.
    Automatic,
}

impl Scheme {
    fn in_prose(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Self::MultiSignature, Lang::En) => "multi-signature",
            (Self::MultiSignature, Lang::Zh) => "多重签名",
            (Self::Mpc, Lang::En) => "multi-party computation (MPC)",
            (Self::Mpc, Lang::Zh) => "多方计算（MPC）",
        }
    }

    /// What one of its keys is called: "keys" / "key shares".
    fn key_noun(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Self::MultiSignature, Lang::En) => "keys",
            (Self::MultiSignature, Lang::Zh) => "把密钥",
            (Self::Mpc, Lang::En) => "key shares",
            (Self::Mpc, Lang::Zh) => "个密钥分片",
        }
    }
}

impl Continent {
    /// The continent's name in `lang`: "North America" / "北美洲".
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Self::Asia, Lang::En) => "Asia",
            (Self::Asia, Lang::Zh) => "亚洲",
            (Self::Europe, Lang::En) => "Europe",
            (Self::Europe, Lang::Zh) => "欧洲",
            (Self::NorthAmerica, Lang::En) => "North America",
            (Self::NorthAmerica, Lang::Zh) => "北美洲",
        }
    }
}

/// Phrases of the signing model that copy never types, besides the tokens' own texts: the
/// names the schemes go by.
pub const TYPED_TERMS: [&str; 12] = [
    "multisig",
    "multi-sig",
    "key shard",
    "key shards",
    "key share",
    "key shares",
    "MPC",
    "多签",
    "三个大洲",
    "密钥分片",
    "密钥碎片",
    "多方计算",
];

/// Every signing token of one language.
pub fn tokens(signing: &Signing, service: &ServiceFacts, lang: Lang) -> Vec<(String, String)> {
    let rules: Vec<&str> = signing.automatic.iter().map(|a| a.rule.of(lang)).collect();
    let mut tokens = vec![
        ("signing.hsm".to_owned(), signing.hsm_certification.clone()),
        ("signing.automatic".to_owned(), rules_listed(&rules, lang)),
    ];
    tokens.extend(approvals::tokens(&signing.approval, lang));
    for automatic in &signing.automatic {
        tokens.push((
            format!("signing.automatic.{}", automatic.id),
            automatic.rule.of(lang).to_owned(),
        ));
        if let Some(risk) = &automatic.risk {
            tokens.push((
                format!("signing.risk.{}", automatic.id),
                risk.of(lang).to_owned(),
            ));
        }
    }
    for wallet in &signing.wallet {
        let name = |field: &str| format!("signing.{}.{field}", wallet.id);
        let threshold = match lang {
            Lang::En => format!("{}-of-{}", wallet.threshold, wallet.keys),
            Lang::Zh => format!("{}/{}", wallet.threshold, wallet.keys),
        };
        let keys = match lang {
            Lang::En => format!(
                "{} {}",
                in_words(u32::from(wallet.keys), lang),
                wallet.scheme.key_noun(lang)
            ),
            Lang::Zh => format!(
                "{}{}",
                in_words(u32::from(wallet.keys), lang),
                wallet.scheme.key_noun(lang)
            ),
        };
        let count = u32::try_from(wallet.continents.len()).unwrap_or_default();
        let continents = match lang {
            Lang::En => format!("{} continents", in_words(count, lang)),
            Lang::Zh => format!("{}大洲", in_words(count, lang)),
        };
        let named: Vec<&str> = wallet.continents.keys().map(|c| c.name(lang)).collect();
        tokens.extend([
            (name("scheme"), wallet.scheme.in_prose(lang).to_owned()),
            (name("threshold"), threshold),
            (name("keys"), keys),
            (name("continents"), continents),
            (name("where"), listed(&named, lang)),
            (name("hours"), wallet.hours.in_prose(service, lang)),
        ]);
    }
    tokens
}

/// The automatic transfers' rules as one list: "a; b; and c" / "a；b；以及c".
fn rules_listed(rules: &[&str], lang: Lang) -> String {
    match rules {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => match lang {
            Lang::En => format!("{}; and {last}", rest.join("; ")),
            Lang::Zh => format!("{}；以及{last}", rest.join("；")),
        },
    }
}

/// What is wrong with the signing model, if anything: a threshold that is not a majority short
/// of every key, keys not all placed on a continent, an automatic transfer from a wallet that
/// does not sign automatically.
pub fn problems(signing: &Signing) -> Vec<(String, String)> {
    let mut problems = approvals::problems(&signing.approval);
    for wallet in &signing.wallet {
        let needle = format!("id = \"{}\"", wallet.id);
        if wallet.threshold <= wallet.keys / 2 || wallet.threshold >= wallet.keys {
            problems.push((
                needle.clone(),
                format!(
                    "wallet `{}`: a threshold of {} of {} keys must be more than half of them and \
                     fewer than all, so that no two groups can sign apart and the loss of one \
                     key stops no withdrawal",
                    wallet.id, wallet.threshold, wallet.keys
                ),
            ));
        }
        let placed: u32 = wallet.continents.values().map(|&n| u32::from(n)).sum();
        if placed != u32::from(wallet.keys) {
            problems.push((
                needle,
                format!(
                    "wallet `{}`: `continents` places {placed} keys but the wallet has {}",
                    wallet.id, wallet.keys
                ),
            ));
        }
    }
    for automatic in &signing.automatic {
        let signs_alone = signing
            .wallet
            .iter()
            .find(|wallet| wallet.id == automatic.wallet)
            .map(|wallet| wallet.signers == Signers::Automatic);
        if signs_alone != Some(true) {
            problems.push((
                format!("id = \"{}\"", automatic.id),
                format!(
                    "automatic transfer `{}` is signed from `{}`, which is not a wallet that \
                     signs automatically",
                    automatic.id, automatic.wallet
                ),
            ));
        }
        problems.extend(enabled_by(automatic, &signing.approval));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::signing_fixture::fixture;

    fn signing() -> Signing {
        fixture(r#"{ en = ["every transfer"] }"#)
    }

    #[test]
    fn writes_each_wallet_types_claims_in_each_language() {
        let service: ServiceFacts = toml::from_str(
            "availability_percent = \"99.9\"\nutc_offset_hours = 8\ntime_zone = { en = \"HKT/SGT\", zh = \"香港及新加坡时间\" }\nopens = \"09:00\"\ncloses = \"18:00\"\ncutoff = []",
        )
        .unwrap();
        let en = tokens(&signing(), &service, Lang::En);
        let zh = tokens(&signing(), &service, Lang::Zh);
        for (name, text) in [
            ("signing.cold.scheme", "multi-signature"),
            ("signing.cold.threshold", "3-of-5"),
            ("signing.cold.continents", "three continents"),
            ("signing.cold.where", "Asia, Europe and North America"),
            ("signing.warm.keys", "three key shares"),
            ("signing.warm.scheme", "multi-party computation (MPC)"),
            ("signing.cold.hours", "09:00–18:00 HKT/SGT on business days"),
        ] {
            assert!(en.contains(&(name.into(), text.into())), "{name}: {en:?}");
        }
        for (name, text) in [
            ("signing.cold.continents", "三大洲"),
            ("signing.cold.threshold", "3/5"),
            ("signing.warm.continents", "两大洲"),
            ("signing.cold.keys", "五把密钥"),
        ] {
            assert!(zh.contains(&(name.into(), text.into())), "{name}: {zh:?}");
        }
    }

    #[test]
    fn a_claim_holds_of_the_wallets_whose_model_bears_it_out() {
        let signing = signing();
        let no_continent = signing.claim[0].holds;
        assert!(
            no_continent.of(&signing.wallet[0]),
            "two keys a continent, three to sign"
        );
        assert!(
            !no_continent.of(&signing.wallet[1]),
            "two shares in Asia sign"
        );
        assert!(Holds::NoSiteSignsAlone.of(&signing.wallet[1]));
    }

    #[test]
    fn refuses_a_threshold_short_of_a_majority_and_keys_placed_nowhere() {
        assert!(problems(&signing()).is_empty());
        let mut signing = signing();
        signing.wallet[0].threshold = 2;
        signing.wallet[1].continents.insert(Continent::Europe, 2);
        signing.automatic[0].wallet = "cold".into();
        assert_eq!(problems(&signing).len(), 3, "{:?}", problems(&signing));
    }
}
