//! The transfers of `signing.toml` signed without your checkers' approval of each one
//! (`[[automatic]]`), each under the approval rule that enables it (`approval`), whose text names
//! it: so the rule `{signing.automatic-rules}` cites lists every transfer it enables.

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::approvals::Approval;
use crate::text::bilingual::Bilingual;
use crate::text::words::Words;

/// A transfer signed without your checkers' approval of each one, under a rule they approved once.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Automatic {
    /// Its name in messages and the claims register.
    pub id: String,
    /// The wallet type it is signed from.
    pub wallet: String,
    /// The duration id of its interval, if it runs at one.
    #[serde(default)]
    pub interval: Option<String>,
    /// How copy names it: a line claiming every transfer waits for approval names it too.
    pub named: Words,
    /// The id of the `[[approval]]` that enables it, whose text names it (its `named` words).
    pub approval: String,
    /// What it is and under which rule, as `{signing.automatic}` lists it and
    /// `{signing.automatic.{id}}` states it alone: a noun phrase without a final full stop.
    pub rule: Bilingual,
    /// What a stolen credential could move under the rule, who sets the bounds, and how the
    /// insurance treats such a loss: `{signing.risk.{id}}`, one or more full sentences.
    #[serde(default)]
    pub risk: Option<Bilingual>,
}

/// Why `automatic` is not tied to the approval that enables it, if it is not: its `approval`
/// names no `[[approval]]`, or that rule's text does not name it (its `named` words) in a language.
pub fn enabled_by(automatic: &Automatic, approvals: &[Approval]) -> Option<(String, String)> {
    let needle = format!("id = \"{}\"", automatic.id);
    let Some(approval) = approvals.iter().find(|a| a.id == automatic.approval) else {
        return Some((
            needle,
            format!(
                "automatic transfer `{}`: `approval = \"{}\"` is no [[approval]]; name the rule \
                 that enables it",
                automatic.id, automatic.approval
            ),
        ));
    };
    let silent: Vec<&str> = Lang::ALL
        .into_iter()
        .filter(|&lang| {
            automatic
                .named
                .find_in(approval.text.of(lang), lang)
                .is_none()
        })
        .map(Lang::code)
        .collect();
    (!silent.is_empty()).then(|| {
        (
            needle,
            format!(
                "automatic transfer `{}` is enabled by `{}`, whose text ({}) does not name it \
                 (its `named` words): list it there",
                automatic.id,
                approval.id,
                silent.join(", ")
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transfer(approval: &str) -> Automatic {
        toml::from_str(&format!(
            "id = \"oasis-settlement\"\nwallet = \"warm\"\nnamed = {{ en = [\"Oasis\"], zh = [\"Oasis\"] }}\n\
             approval = \"{approval}\"\nrule = {{ en = \"Oasis settlement\", zh = \"Oasis 结算\" }}"
        ))
        .expect("the transfer parses")
    }

    fn rules(zh: &str) -> Vec<Approval> {
        vec![
            toml::from_str(&format!(
                "id = \"automatic-rules\"\nabout = \"rules\"\n\
                 text = {{ en = \"An Oasis binding is a change of controls.\", zh = \"{zh}\" }}"
            ))
            .expect("the rule parses"),
        ]
    }

    #[test]
    fn names_an_approval_that_exists_and_names_it_in_each_language() {
        let approvals = rules("绑定 Oasis 属控制变更。");
        assert!(enabled_by(&transfer("automatic-rules"), &approvals).is_none());
        let (needle, unknown) = enabled_by(&transfer("control-changes"), &approvals).unwrap();
        assert_eq!(needle, "id = \"oasis-settlement\"");
        assert!(unknown.contains("is no [[approval]]"), "{unknown}");
        let (_, silent) = enabled_by(
            &transfer("automatic-rules"),
            &rules("绑定交易所属控制变更。"),
        )
        .unwrap();
        assert_eq!(
            silent,
            "automatic transfer `oasis-settlement` is enabled by `automatic-rules`, whose text \
             (zh) does not name it (its `named` words): list it there"
        );
    }
}
