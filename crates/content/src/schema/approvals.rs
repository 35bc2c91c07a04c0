//! The approval rules of `signing.toml` (`[[approval]]`): who approves a change of controls, a new
//! API key, a whitelist addition, and who may remove access at once. Each is one statement copy
//! cites as `{signing.{id}}`, and `restated` lists the words that state the rule another way, which
//! a line that does not cite the token may not use (`validate/signing_copy.rs`).

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::text::bilingual::Bilingual;
use crate::text::words::Words;

/// One approval rule.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Approval {
    /// The rule's name: copy writes `{signing.{id}}`.
    pub id: String,
    /// What the rule is for, in English, as the claims register describes it.
    pub about: String,
    /// The rule in full sentences, in each language.
    pub text: Bilingual,
    /// Words that state the rule another way: refused in a line that does not cite the token.
    #[serde(default)]
    pub restated: Words,
}

impl Approval {
    /// The token copy writes, without braces: `signing.api-keys`.
    pub fn token(&self) -> String {
        format!("signing.{}", self.id)
    }
}

/// The names of other signing tokens, which an approval rule may not take.
const RESERVED: [&str; 3] = ["hsm", "automatic", "risk"];

/// Every approval rule's token in one language.
pub fn tokens(approvals: &[Approval], lang: Lang) -> Vec<(String, String)> {
    approvals
        .iter()
        .map(|a| (a.token(), a.text.of(lang).to_owned()))
        .collect()
}

/// The rules whose id names another signing token.
pub fn problems(approvals: &[Approval]) -> Vec<(String, String)> {
    approvals
        .iter()
        .filter(|a| RESERVED.contains(&a.id.as_str()))
        .map(|a| {
            (
                format!("id = \"{}\"", a.id),
                format!(
                    "approval `{}`: `{{signing.{}}}` names another signing token; choose another id",
                    a.id, a.id
                ),
            )
        })
        .collect()
}

/// The problem of one line of copy, if any: the first rule it restates without citing it, with
/// where the words start.
pub fn restated_in(approvals: &[Approval], line: &str, lang: Lang) -> Vec<(usize, String)> {
    approvals
        .iter()
        .filter(|a| !line.contains(&format!("{{{}}}", a.token())))
        .filter_map(|a| {
            let (at, words) = a.restated.find_in(line, lang)?;
            Some((
                at,
                format!(
                    "“{words}” restates an approval rule of signing.toml ({}): cite it as {{{}}} \
                     in this line, so that every page gives one answer",
                    a.about,
                    a.token()
                ),
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Vec<Approval> {
        vec![Approval {
            id: "api-keys".into(),
            about: "who approves a new API key".into(),
            text: Bilingual {
                en: "Keys need the quorum.".into(),
                zh: "密钥须达最低审批人数。".into(),
            },
            restated: Words {
                en: vec!["approves each new key".into()],
                zh: vec!["新密钥均须".into()],
            },
        }]
    }

    #[test]
    fn refuses_a_rule_restated_without_its_token() {
        let drift = restated_in(&rules(), "A Checker approves each new key.", Lang::En);
        assert_eq!(drift.len(), 1);
        assert!(drift[0].1.contains("{signing.api-keys}"), "{drift:?}");
        assert_eq!(
            restated_in(&rules(), "每个新密钥均须经复核人批准。", Lang::Zh).len(),
            1
        );
        assert!(
            restated_in(
                &rules(),
                "{signing.api-keys} A Checker approves each new key.",
                Lang::En
            )
            .is_empty()
        );
        assert_eq!(tokens(&rules(), Lang::Zh)[0].0, "signing.api-keys");
    }

    #[test]
    fn refuses_an_id_that_names_another_token() {
        let mut rules = rules();
        assert!(problems(&rules).is_empty());
        rules[0].id = "automatic".into();
        assert_eq!(problems(&rules).len(), 1);
    }
}
