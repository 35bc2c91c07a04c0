//! The rules that keep the copy true to the signing model of `signing.toml`: a claim of one
//! wallet type (`{signing.cold.continents}`) is made in a line that names that wallet type; a
//! line that says every transfer waits for your approval names the transfers signed without it
//! (Oasis settlement and the others, `{signing.automatic}`), and none says one transfer alone is;
//! a claim in words ("no continent holds enough keys to sign alone") is made
//! only of the wallet types whose model bears it out; an approval rule (`{signing.api-keys}`) is
//! never stated in other words; and a diagram draws the keys of a wallet type that exists.

use crate::schema::approvals;
use crate::schema::marketing::Section;
use crate::schema::model::Content;
use crate::schema::signing::Signing;
use crate::source::entries::scoped_line_errors;
use crate::source::files::ContentFiles;
use crate::{ContentError, Lang};

/// Runs every rule and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let signing = &content.operations.signing;
    let mut errors = scoped_line_errors(files, |line, scope, lang| {
        line_problems(signing, line, scope, lang)
    });
    for (lang, locale) in &content.locales {
        for (page, marketing) in &locale.marketing {
            for section in &marketing.section {
                let Section::Diagram(diagram) = section else {
                    continue;
                };
                if !signing.wallet.iter().any(|w| w.id == diagram.wallet) {
                    let file = format!("{}/marketing/{page}.toml", lang.code());
                    let text = files.get(&file).map(String::as_str).unwrap_or_default();
                    errors.push(ContentError::near(
                        &file,
                        text,
                        "wallet =",
                        format!(
                            "the diagram draws the keys of `{}`, which is not a wallet type of \
                             signing.toml",
                            diagram.wallet
                        ),
                    ));
                }
            }
        }
    }
    errors
}

/// The problems of one line, each with its byte offset in the line; `scope` is the title,
/// heading, lead or table header of its entry, which may name the wallet type for every line.
fn line_problems(signing: &Signing, line: &str, scope: &str, lang: Lang) -> Vec<(usize, String)> {
    let mut problems = Vec::new();
    for wallet in &signing.wallet {
        let token = format!("{{signing.{}.", wallet.id);
        if let Some(at) = line.find(&token)
            && !wallet.called.in_text(line, lang)
            && !wallet.called.in_text(scope, lang)
        {
            problems.push((
                at,
                format!(
                    "this claim holds for the `{}` wallet type only: name it (“{}”) in the same \
                     line, or in the title or table header above it, so that it is never read as \
                     a claim about every wallet",
                    wallet.id,
                    wallet.called.of(lang).first().map_or("", String::as_str)
                ),
            ));
        }
    }
    problems.extend(worded_claims(signing, line, scope, lang));
    problems.extend(approvals::restated_in(&signing.approval, line, lang));
    if signing.automatic.len() > 1
        && let Some((at, claim)) = signing.sole.find_in(line, lang)
    {
        problems.push((
            at,
            format!(
                "“{claim}” says one transfer alone is signed without your approval, but \
                 signing.toml lists {} automatic transfers: cite them all as \
                 {{signing.automatic}}",
                signing.automatic.len()
            ),
        ));
    }
    let lists_all = line.contains("{signing.automatic}");
    if let Some((at, claim)) = signing.universal.find_in(line, lang)
        && !lists_all
    {
        for automatic in signing
            .automatic
            .iter()
            .filter(|a| !a.named.in_text(line, lang))
        {
            problems.push((
                at,
                format!(
                    "“{claim}” says every transfer waits for your approval, but `{}` transfers \
                     are signed without it, from the `{}` wallet: name the exception (“{}”), or \
                     cite every one as {{signing.automatic}}, in the same line",
                    automatic.id,
                    automatic.wallet,
                    automatic.named.of(lang).first().map_or("", String::as_str)
                ),
            ));
        }
    }
    problems
}

/// The worded claims of a line made of a wallet type whose model does not bear them out: each
/// sentence speaks of the wallet types it names, or, naming none, of those its entry names, or
/// of every wallet type.
fn worded_claims(signing: &Signing, line: &str, scope: &str, lang: Lang) -> Vec<(usize, String)> {
    let mut problems = Vec::new();
    for (start, sentence) in sentences(line) {
        for claim in &signing.claim {
            let Some((at, says)) = claim.says.find_in(sentence, lang) else {
                continue;
            };
            let named: Vec<&crate::schema::signing::Wallet> = signing
                .wallet
                .iter()
                .filter(|w| w.called.in_text(sentence, lang))
                .collect();
            let meant: Vec<&crate::schema::signing::Wallet> = if !named.is_empty() {
                named
            } else {
                let in_scope: Vec<_> = signing
                    .wallet
                    .iter()
                    .filter(|w| w.called.in_text(scope, lang))
                    .collect();
                if in_scope.is_empty() {
                    signing.wallet.iter().collect()
                } else {
                    in_scope
                }
            };
            for wallet in meant.into_iter().filter(|w| !claim.holds.of(w)) {
                problems.push((
                    start + at,
                    format!(
                        "“{says}” is not true of `{}` wallets (signing.toml): say it of the \
                         wallet types it holds for, in the same sentence",
                        wallet.id
                    ),
                ));
            }
        }
    }
    problems
}

/// The sentences of a line, each with its byte offset: they end at a full stop followed by a
/// space (not at the dots of a `{token.name}`), or at a semicolon or a Chinese full stop.
fn sentences(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start = 0;
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next = chars.peek().map(|&(_, next)| next);
        let ends =
            matches!(c, ';' | '。' | '；') || (c == '.' && next.is_none_or(char::is_whitespace));
        if ends {
            let end = at + c.len_utf8();
            found.push((start, &line[start..end]));
            start = end;
        }
    }
    if start < line.len() {
        found.push((start, &line[start..]));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::signing_fixture::fixture;

    fn signing() -> Signing {
        fixture(
            r#"{ en = ["every transfer passes", "executed only after", "at least two people", "wait for your checkers"], zh = ["至少由两人参与"] }"#,
        )
    }

    #[test]
    fn a_wallet_claim_names_its_wallet_type() {
        let unscoped = line_problems(
            &signing(),
            "Keys on {signing.cold.continents}.",
            "",
            Lang::En,
        );
        assert_eq!(unscoped.len(), 1);
        assert!(
            unscoped[0]
                .1
                .contains("holds for the `cold` wallet type only")
        );
        assert!(
            line_problems(
                &signing(),
                "Cold-wallet keys on {signing.cold.continents}.",
                "",
                Lang::En
            )
            .is_empty()
        );
        assert!(
            line_problems(
                &signing(),
                "[\"Keys\", \"{signing.cold.keys}\"]",
                "header = [\"\", \"Cold wallet\"]",
                Lang::En
            )
            .is_empty()
        );
    }

    #[test]
    fn a_worded_claim_is_made_only_of_the_wallets_it_holds_for() {
        let line = "Cold keys sit on three continents, no continent signing alone. Warm key shares sit in Asia and Europe.";
        assert!(line_problems(&signing(), line, "", Lang::En).is_empty());
        let wrong = line_problems(
            &signing(),
            "Warm key shares sit in Asia and Europe, and no continent can sign alone.",
            "",
            Lang::En,
        );
        assert_eq!(wrong.len(), 1);
        assert!(wrong[0].1.contains("not true of `warm` wallets"));
        assert_eq!(
            line_problems(&signing(), "No continent can sign alone.", "", Lang::En).len(),
            1,
            "said of every wallet"
        );
    }

    #[test]
    fn a_universal_claim_names_the_automatic_transfers() {
        let hidden = line_problems(
            &signing(),
            "Every transfer passes four controls.",
            "",
            Lang::En,
        );
        assert_eq!(hidden.len(), 1);
        assert!(
            hidden[0]
                .1
                .contains("`oasis-settlement` transfers are signed without it")
        );
        assert!(
            line_problems(
                &signing(),
                "Every transfer passes four controls, Oasis settlements aside.",
                "",
                Lang::En
            )
            .is_empty()
        );
    }

    #[test]
    fn a_claim_that_instructions_wait_for_people_names_the_automatic_transfers() {
        for absolute in [
            "An instruction is executed only after its quorum has approved it.",
            "Every instruction involves at least two people.",
            "Instructions an API key submits wait for your Checkers.",
        ] {
            let problems = line_problems(&signing(), absolute, "", Lang::En);
            assert_eq!(problems.len(), 1, "{absolute}");
            assert!(problems[0].1.contains("`oasis-settlement` transfers"));
        }
        assert_eq!(
            line_problems(&signing(), "每项指令至少由两人参与。", "", Lang::Zh).len(),
            1
        );
        assert!(
            line_problems(
                &signing(),
                "Instructions wait for your Checkers, except {signing.automatic}.",
                "",
                Lang::En
            )
            .is_empty()
        );
        assert!(
            line_problems(
                &signing(),
                "An instruction is executed only after its quorum has approved it, Oasis settlements aside.",
                "",
                Lang::En
            )
            .is_empty()
        );
    }

    #[test]
    fn an_approval_rule_is_cited_never_restated() {
        let drift = line_problems(
            &signing(),
            "Your Administrator can adjust approval rules if needed.",
            "",
            Lang::En,
        );
        assert_eq!(drift.len(), 1);
        assert!(
            drift[0].1.contains("{signing.control-changes}"),
            "{drift:?}"
        );
        assert!(
            line_problems(
                &signing(),
                "To adjust approval rules: {signing.control-changes}",
                "",
                Lang::En
            )
            .is_empty()
        );
    }
}
