//! "Over", "more than", 逾 or 超过 directly before a company figure claims that the fact exceeds
//! it: true only of a floor (`[figures] floor` of `site.toml`, or a figure counted below the fact,
//! `tokens::figures::is_floor`). Before an exact figure (`{insurance}`, the policy's limit) the
//! words are refused, so that "over USD 50 million" never states more than the data.

use crate::schema::model::SiteFacts;
use crate::source::files::{ContentFiles, language_files};
use crate::source::lines::current_copy_lines;
use crate::tokens::copy::names_in;
use crate::tokens::figures::{self, EVM_CHAINS, TOKENS};
use crate::{ContentError, Lang};

/// Words that, directly before a figure, claim the fact exceeds it (English in any case).
const MORE_THAN_EN: [&str; 5] = ["over", "more than", "above", "exceeding", "in excess of"];
/// The same in Chinese.
const MORE_THAN_ZH: [&str; 4] = ["逾", "超过", "多于", "高于"];

/// Every "more than" written before a figure that is not a floor, in the language files.
pub fn check(site: &SiteFacts, files: &ContentFiles) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for (name, text, lang) in language_files(files) {
        for (line_start, line) in current_copy_lines(text) {
            for (offset, token) in names_in(line) {
                let Some(words) = more_than_before(&line[..offset], lang) else {
                    continue;
                };
                if is_exact(site, token) {
                    errors.push(ContentError::at_offset(
                        name,
                        text,
                        line_start + offset,
                        format!(
                            "“{words} {{{token}}}” claims more than the figure, which is exact: \
                             write the figure alone, or list `{token}` in `floor` of [figures] \
                             in site.toml if the fact exceeds it"
                        ),
                    ));
                }
            }
        }
    }
    errors
}

/// Whether `token` is a company figure that is not a floor.
fn is_exact(site: &SiteFacts, token: &str) -> bool {
    if token == EVM_CHAINS {
        return true;
    }
    TOKENS
        .iter()
        .find(|(name, _)| *name == token)
        .is_some_and(|(_, figure)| !figures::is_floor(site, *figure))
}

/// The "more than" words `before` ends with (spaces aside), if any.
fn more_than_before(before: &str, lang: Lang) -> Option<&'static str> {
    let before = before.trim_end();
    match lang {
        Lang::En => {
            let lower = before.to_lowercase();
            MORE_THAN_EN.into_iter().find(|words| {
                lower.strip_suffix(words).is_some_and(|rest| {
                    !rest.chars().next_back().is_some_and(char::is_alphanumeric)
                })
            })
        }
        Lang::Zh => MORE_THAN_ZH
            .into_iter()
            .find(|words| before.ends_with(words)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> SiteFacts {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../content"));
        let files = crate::source::files::read_dir(root).expect("content/ reads");
        crate::load::parse(&files).expect("content/ parses").site
    }

    fn errors(site: &SiteFacts, file: &str, line: &str) -> Vec<String> {
        let files = ContentFiles::from([(file.to_owned(), format!("a = 1\ntext = \"{line}\"\n"))]);
        check(site, &files)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn refuses_more_than_an_exact_figure_at_its_line() {
        let site = site();
        let over = errors(&site, "en/faq.toml", "cover of over {insurance} a year");
        assert_eq!(over.len(), 1, "{over:?}");
        assert!(
            over[0].starts_with("content/en/faq.toml:2: “over {insurance}” claims more than"),
            "{over:?}"
        );
        assert_eq!(errors(&site, "zh/faq.toml", "保额逾 {insurance}").len(), 1);
        assert_eq!(errors(&site, "zh/faq.toml", "超过{evm_chains} 条").len(), 1);
        assert_eq!(
            errors(&site, "en/pages.toml", "More than {insurance}").len(),
            1
        );
    }

    #[test]
    fn allows_it_before_a_floor_and_other_words_before_any_figure() {
        let mut site = site();
        for line in [
            "over {safeguarded} for more than {clients} clients on {chains}+ chains",
            "an aggregate limit of {insurance}; {evm_chains}+ EVM chains; Moreover {insurance}",
            "more than {duration.api-clock-tolerance} off",
        ] {
            assert!(errors(&site, "en/faq.toml", line).is_empty(), "{line}");
        }
        assert!(errors(&site, "zh/faq.toml", "逾 {assets} 种资产").is_empty());
        site.figures.floor.clear();
        assert_eq!(errors(&site, "en/faq.toml", "over {safeguarded}").len(), 1);
        assert_eq!(errors(&site, "zh/faq.toml", "逾 {assets} 种资产").len(), 1);
    }
}
