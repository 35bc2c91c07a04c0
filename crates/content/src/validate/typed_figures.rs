//! Figures and fees are never typed: copy in `en/` and `zh/` that contains a company figure, a
//! fee amount, a channel's address or a claim of the signing model as the site renders it
//! ("400+", "USD 5,000", "5,000 美元", "security@custody.example", "multi-signature", "三大洲")
//! fails with its file and line and the token to write instead.

use std::collections::BTreeMap;

use crate::schema::fees::FeeSchedules;
use crate::schema::model::SiteFacts;
use crate::schema::operations::Operations;
use crate::schema::section_items::Figure;
use crate::schema::signing::TYPED_TERMS;
use crate::source::files::ContentFiles;
use crate::source::lines::current_copy_lines;
use crate::tokens::copy::{CopyTokens, Sources};
use crate::tokens::figures;
use crate::{ContentError, Lang};

/// Fee tokens that write a sentence of the fee table rather than an amount (its amounts are
/// checked on their own).
const FEE_SENTENCES: [&str; 3] = [".item", ".text", "switch-to-fixed"];

/// Token groups with checks of their own (durations, frequencies and hours), or whose texts are
/// common words rather than facts (the offering cells, "Not offered"; the places data is kept in,
/// "Hong Kong and Singapore"; the regions and their cells, "Accepted"), or dates and names a page
/// may write as such (the attestation's days, and its issuer, the auditor the announcements name).
const CHECKED_ELSEWHERE: [&str; 7] = [
    "duration.",
    "frequency.",
    "hours.",
    "offering.",
    "data.",
    "jurisdiction.",
    "attestation.",
];

/// A bare number smaller than this ("3 business lines", "29 chains") is too common in prose to
/// be taken for a figure; with its unit or `+` every value is checked.
const SMALLEST_BARE_NUMBER: u64 = 100;

/// Every rendered value that copy must not type, with the tokens that write it.
pub fn literals(
    site: &SiteFacts,
    fees: &FeeSchedules,
    operations: &Operations,
) -> BTreeMap<String, Vec<String>> {
    let mut literals: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut add = |text: String, token: String| {
        if !is_small_bare_number(&text) {
            let tokens = literals.entry(text).or_default();
            if !tokens.contains(&token) {
                tokens.push(token);
            }
        }
    };
    let sources = Sources {
        site,
        fees: Some(fees),
        operations: Some(operations),
        entities: None,
    };
    for lang in Lang::ALL {
        for (name, text) in CopyTokens::new(sources, lang).iter() {
            // A channel's acknowledgement is a duration, and its page a link target; a date may
            // be written as such.
            let elsewhere = CHECKED_ELSEWHERE.iter().any(|g| name.starts_with(g))
                || name.ends_with(".acknowledgement")
                || (name.starts_with("fee.") && FEE_SENTENCES.iter().any(|s| name.ends_with(s)))
                || text.starts_with('/')
                || name == figures::AS_OF
                || is_plain_api_word(name, text);
            if !elsewhere {
                add(text.to_owned(), format!("{{{name}}}"));
            }
        }
        add(
            format!("{}+", site.figures.evm_chains),
            format!("{{{}}}+", figures::EVM_CHAINS),
        );
        for (name, figure) in figures::TOKENS {
            let strip = figures::in_strip(site, figure, lang);
            let token = match figure {
                Figure::Safeguarded | Figure::Insurance => format!("{{{name}}}"),
                _ => format!("{{{name}}}+"),
            };
            add(strip, token);
        }
    }
    for wallet in &operations.signing.wallet {
        add(
            format!("{} of {}", wallet.threshold, wallet.keys),
            format!("{{signing.{}.threshold}}", wallet.id),
        );
    }
    for term in TYPED_TERMS {
        add(
            term.to_owned(),
            "{signing.cold.scheme} or {signing.warm.scheme}, in a line that names the wallet type"
                .to_owned(),
        );
    }
    add(
        format!("UTC+{}", site.service.utc_offset_hours),
        "{service.time-zone}".to_owned(),
    );
    literals
}

/// An API field or error code ("code", "forbidden", "rate_limited"): prose and the keys of the
/// language files use the same words, so they cannot be refused as typed.
fn is_plain_api_word(name: &str, text: &str) -> bool {
    name.starts_with("api.error.") && text.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
}

fn is_small_bare_number(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_digit() || b == b',')
        && text
            .replace(',', "")
            .parse::<u64>()
            .is_ok_and(|value| value < SMALLEST_BARE_NUMBER)
}

/// Every typed figure or fee in the language folders, comment lines aside.
pub fn check(files: &ContentFiles, literals: &BTreeMap<String, Vec<String>>) -> Vec<ContentError> {
    files
        .iter()
        .filter(|(name, _)| {
            Lang::ALL
                .iter()
                .any(|lang| name.starts_with(&format!("{}/", lang.code())))
        })
        .flat_map(|(name, text)| {
            let mut errors = Vec::new();
            for (line_start, line) in current_copy_lines(text) {
                for (offset, literal) in typed_in(line, literals) {
                    let tokens = &literals[literal];
                    errors.push(ContentError::at_offset(
                        name,
                        text,
                        line_start + offset,
                        format!(
                            "“{literal}” is typed; write {} so that it follows the data",
                            tokens.join(" or ")
                        ),
                    ));
                }
            }
            errors
        })
        .collect()
}

/// The literals typed in `line`, each where it starts; of overlapping matches only the longest.
fn typed_in<'l>(line: &str, literals: &'l BTreeMap<String, Vec<String>>) -> Vec<(usize, &'l str)> {
    let mut matches: Vec<(usize, usize, &str)> = literals
        .keys()
        .flat_map(|literal| {
            line.match_indices(literal.as_str())
                .filter(|(start, _)| stands_alone(line, *start, *start + literal.len()))
                .map(|(start, _)| (start, start + literal.len(), literal.as_str()))
                .collect::<Vec<_>>()
        })
        .collect();
    matches.sort_by_key(|&(start, end, _)| (start, std::cmp::Reverse(end)));
    let mut kept: Vec<(usize, usize, &str)> = Vec::new();
    for found in matches {
        if !kept
            .iter()
            .any(|&(start, end, _)| start <= found.0 && found.1 <= end)
        {
            kept.push(found);
        }
    }
    kept.into_iter()
        .map(|(start, _, literal)| (start, literal))
        .collect()
}

/// Whether `line[start..end]` is a whole value, not part of a longer number or word: "500" in
/// "USD 500 a year" but not in "1,500", "5000", "500m" or "2.500".
fn stands_alone(line: &str, start: usize, end: usize) -> bool {
    let before = line[..start].chars().next_back();
    let mut after = line[end..].chars();
    let next = after.next();
    let continues_number = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    let attached = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    let first = line[start..end].chars().next();
    let last = line[start..end].chars().next_back();
    let joins_before = attached(before)
        || (first.is_some_and(|c| c.is_ascii_digit())
            && before.is_some_and(|c| c == ',' || c == '.')
            && continues_number(line[..start].chars().rev().nth(1)));
    let joins_after = (last.is_some_and(|c| c.is_ascii_alphanumeric()) && attached(next))
        || (last.is_some_and(|c| c.is_ascii_digit())
            && next.is_some_and(|c| c == ',' || c == '.')
            && continues_number(after.next()));
    !joins_before && !joins_after
}

#[cfg(test)]
mod tests {
    use super::*;

    fn literals() -> BTreeMap<String, Vec<String>> {
        [
            ("400+", "{assets}+"),
            ("400", "{assets}"),
            ("USD 500", "{fee.custody.minimum}"),
            ("500", "{fee.addresses.included}"),
            ("5,000 美元", "{fee.setup.amount}"),
            ("0.3%", "{fee.custody.rate}"),
        ]
        .into_iter()
        .map(|(literal, token)| (literal.to_owned(), vec![token.to_owned()]))
        .collect()
    }

    fn found(line: &str) -> Vec<&'static str> {
        let literals = Box::leak(Box::new(literals()));
        typed_in(line, literals)
            .into_iter()
            .map(|(_, l)| l)
            .collect()
    }

    #[test]
    fn finds_whole_values_and_prefers_the_longest() {
        assert_eq!(
            found("400+ assets, minimum USD 500 a month"),
            vec!["400+", "USD 500"]
        );
        assert_eq!(
            found("支持资产逾 400 种，开户费 5,000 美元"),
            vec!["400", "5,000 美元"]
        );
        assert_eq!(found("0.3% a year; 500 addresses."), vec!["0.3%", "500"]);
    }

    #[test]
    fn ignores_values_inside_longer_numbers_and_words() {
        assert!(
            found("USD 1,500 and 5000 and 4,000 and 10.3% and 500m and v400 and 2.500").is_empty()
        );
        assert_eq!(found("USD 500, then 500."), vec!["USD 500", "500"]);
    }

    #[test]
    fn small_bare_numbers_are_not_figures() {
        assert!(is_small_bare_number("29"));
        assert!(!is_small_bare_number("29+"));
        assert!(!is_small_bare_number("300"));
        assert!(!is_small_bare_number("USD 35"));
    }

    #[test]
    fn reports_file_line_and_token() {
        let files = ContentFiles::from([
            (
                "zh/site.toml".to_owned(),
                "# 400\nname = \"x\"\ntext = \"逾 400 种\"\n".to_owned(),
            ),
            (
                "site.toml".to_owned(),
                "supported_assets = 400\n".to_owned(),
            ),
        ]);
        let errors: Vec<String> = check(&files, &literals())
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            errors,
            vec![
                "content/zh/site.toml:3: “400” is typed; write {assets} so that it follows the data"
            ]
        );
    }
}
