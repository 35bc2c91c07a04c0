//! The house terms applied (`glossary.toml`, typed in `schema/glossary.rs`): every Chinese content
//! file and the Chinese interface catalog are checked against the Chinese variants, every English
//! content file against the English ones, and a rejected variant fails with its file and line, as
//! does a space typed between two Chinese characters.

use crate::ContentError;
use crate::schema::glossary::{CATALOG, Glossary, Term};
use crate::source::files::ContentFiles;
use crate::text::cjk_spacing;

impl Glossary {
    /// Every rejected variant in `text`, outside the Chinese term and the excepted phrases:
    /// the byte offset, the variant and its term; a variant inside a longer one found at the
    /// same place (双人复核 in 双人复核审批) is not reported again.
    pub fn variants_in<'g>(&'g self, text: &str) -> Vec<(usize, &'g str, &'g Term)> {
        let mut found = Vec::new();
        for term in &self.term {
            let allowed: Vec<(usize, usize)> = std::iter::once(&term.zh)
                .chain(&term.except)
                .flat_map(|phrase| {
                    text.match_indices(phrase.as_str())
                        .map(|(start, _)| (start, start + phrase.len()))
                })
                .collect();
            for variant in &term.rejected {
                for (start, end) in matches(text, variant) {
                    if !allowed.iter().any(|&(a, b)| a <= start && end <= b) {
                        found.push((start, end, variant.as_str(), term));
                    }
                }
            }
        }
        found.sort_by_key(|(start, end, _, _)| (*start, std::cmp::Reverse(*end)));
        let mut kept: Vec<(usize, usize, &str, &Term)> = Vec::new();
        for (start, end, variant, term) in found {
            let inside = kept.iter().any(|(a, b, _, _)| *a <= start && end <= *b);
            if !inside {
                kept.push((start, end, variant, term));
            }
        }
        kept.into_iter()
            .map(|(start, _, variant, term)| (start, variant, term))
            .collect()
    }

    /// The rejected variants of every Chinese content file, comment lines and the
    /// announcements kept as published aside (`lines::current_copy_lines`).
    pub fn check_content(&self, files: &ContentFiles) -> Vec<ContentError> {
        files
            .iter()
            .filter(|(name, _)| name.starts_with("zh/"))
            .flat_map(|(name, text)| {
                let current: Vec<usize> = crate::source::lines::current_copy_lines(text)
                    .map(|(start, _)| start)
                    .collect();
                let mut start = 0;
                self.check_lines(name, text, move |line| {
                    let line_start = start;
                    start += line.len();
                    current.binary_search(&line_start).is_ok()
                })
            })
            .collect()
    }

    /// The rejected English variants of every English content file (comment lines aside),
    /// matched in any case.
    pub fn check_english(&self, files: &ContentFiles) -> Vec<ContentError> {
        let mut errors = Vec::new();
        for (name, text) in files.iter().filter(|(name, _)| name.starts_with("en/")) {
            for (line_start, line) in crate::source::lines::copy_lines(text) {
                let lower = line.to_ascii_lowercase();
                for term in &self.term {
                    for variant in &term.rejected_en {
                        for (offset, _) in lower.match_indices(&variant.to_ascii_lowercase()) {
                            errors.push(ContentError::at_offset(
                                name,
                                text,
                                line_start + offset,
                                format!(
                                    "“{variant}” is not the house term for {}; write “{}” \
                                     (content/glossary.toml)",
                                    term.concept, term.en
                                ),
                            ));
                        }
                    }
                }
            }
        }
        errors
    }

    /// The rejected variants of the Chinese catalog's translations (`msgstr` and the lines that
    /// continue one), reported against [`CATALOG`].
    pub fn check_catalog(&self, catalog: &str) -> Vec<ContentError> {
        let mut in_translation = false;
        let lines: Vec<bool> = catalog
            .lines()
            .map(|line| {
                if line.starts_with("msgstr") {
                    in_translation = true;
                } else if !line.starts_with('"') {
                    in_translation = false;
                }
                in_translation
            })
            .collect();
        let mut index = 0;
        self.check_lines(CATALOG, catalog, |_| {
            index += 1;
            lines[index - 1]
        })
    }

    /// Checks the lines of `text` that `checked` selects, in order.
    fn check_lines(
        &self,
        file: &str,
        text: &str,
        mut checked: impl FnMut(&str) -> bool,
    ) -> Vec<ContentError> {
        let mut errors = Vec::new();
        let mut line_start = 0;
        for line in text.split_inclusive('\n') {
            if checked(line) {
                for offset in cjk_spacing::stray_spaces(line) {
                    errors.push(ContentError::at_offset(
                        file,
                        text,
                        line_start + offset,
                        "a space between two Chinese characters; Simplified Chinese sets none \
                         (a token's value is spaced by the build: content/README.md)"
                            .to_owned(),
                    ));
                }
                for (offset, variant, term) in self.variants_in(line) {
                    errors.push(ContentError::at_offset(
                        file,
                        text,
                        line_start + offset,
                        format!(
                            "“{variant}” is not the house term for {} ({}); write “{}” \
                             (content/glossary.toml)",
                            term.concept, term.en, term.zh
                        ),
                    ));
                }
            }
            line_start += line.len();
        }
        errors
    }

    /// Rules of the glossary itself: a term is none of its own variants, every list is
    /// non-empty, and no Chinese term is a variant rejected elsewhere.
    pub fn check_itself(&self, text: &str) -> Vec<ContentError> {
        let file = "glossary.toml";
        let mut errors = Vec::new();
        for term in &self.term {
            let near = |message: String| ContentError::near(file, text, &term.concept, message);
            if term.rejected.is_empty() {
                errors.push(near(format!("`{}` rejects no variant", term.concept)));
            }
            for other in &self.term {
                for variant in other.rejected.iter().filter(|v| term.zh == **v) {
                    errors.push(near(format!(
                        "the Chinese term “{}” of `{}` is rejected by `{}` (“{variant}”)",
                        term.zh, term.concept, other.concept
                    )));
                }
            }
        }
        errors
    }
}

/// Where `variant` occurs in `text`, as byte ranges. Parts joined by `…` match in order within
/// one clause, each from the first place it occurs after the part before it.
fn matches(text: &str, variant: &str) -> Vec<(usize, usize)> {
    let mut parts = variant.split('…');
    let first = parts.next().unwrap_or_default();
    let rest: Vec<&str> = parts.collect();
    text.match_indices(first)
        .filter_map(|(start, _)| {
            let mut end = start + first.len();
            for part in &rest {
                let clause = &text[end..];
                let clause = &clause[..clause.find(ends_clause).unwrap_or(clause.len())];
                end += clause.find(part)? + part.len();
            }
            Some((start, end))
        })
        .collect()
}

/// The full-width punctuation that ends or divides a Chinese sentence (an ASCII full stop or
/// colon is part of a token, a name or a time there).
fn ends_clause(c: char) -> bool {
    matches!(c, '。' | '；' | '，' | '：' | '！' | '？')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glossary() -> Glossary {
        toml::from_str(
            r#"
            [[term]]
            concept = "Prime custody"
            en = "prime custody"
            zh = "Prime 托管"
            rejected = ["主托管"]
            except = ["自主托管"]

            [[term]]
            concept = "Quorum"
            en = "quorum"
            zh = "最低审批人数"
            rejected = ["审批人数", "法定人数"]
            "#,
        )
        .unwrap()
    }

    #[test]
    fn finds_variants_outside_the_term_and_its_exceptions() {
        let glossary = glossary();
        let found: Vec<&str> = glossary
            .variants_in("主托管与自主托管；最低审批人数；审批人数；法定人数；法定人数审批人数")
            .into_iter()
            .map(|(_, variant, _)| variant)
            .collect();
        assert_eq!(
            found,
            vec!["主托管", "审批人数", "法定人数", "法定人数", "审批人数"]
        );
    }

    #[test]
    fn a_variant_with_an_ellipsis_matches_its_parts_within_one_clause() {
        let mut glossary = glossary();
        glossary.term[1].rejected = vec!["启用…白名单".into()];
        let text = "须启用强制双因素认证及转账白名单。启用双因素认证，白名单为强制要求。";
        let found: Vec<(usize, &str)> = glossary
            .variants_in(text)
            .into_iter()
            .map(|(offset, variant, _)| (offset, variant))
            .collect();
        assert_eq!(
            found,
            vec![("须".len(), "启用…白名单")],
            "only the first clause holds both parts"
        );
    }

    #[test]
    fn reports_content_lines_but_not_comments() {
        let files = ContentFiles::from([
            (
                "zh/faq.toml".to_owned(),
                "# 主托管\ntitle = \"主托管\"\n".to_owned(),
            ),
            ("en/faq.toml".to_owned(), "title = \"主托管\"\n".to_owned()),
        ]);
        let errors: Vec<String> = glossary()
            .check_content(&files)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].starts_with("content/zh/faq.toml:2: “主托管” is not the house term"));
    }

    #[test]
    fn checks_only_the_translations_of_the_catalog() {
        let catalog = "#: 主托管\nmsgid \"主托管\"\nmsgstr \"\"\n\"法定人数\"\n\nmsgid \"x\"\nmsgstr \"主托管\"\n";
        let errors: Vec<String> = glossary()
            .check_catalog(catalog)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with("ui/src/locales/zh/messages.po:4: “法定人数”"));
        assert!(errors[1].starts_with("ui/src/locales/zh/messages.po:7: “主托管”"));
    }

    #[test]
    fn refuses_english_variants_in_any_case() {
        let mut glossary = glossary();
        glossary.term[0].rejected_en.push("private data".into());
        let files = ContentFiles::from([
            (
                "en/about.toml".to_owned(),
                "# private data\nbody = \"Private data stays; personal data too\"\n".to_owned(),
            ),
            (
                "zh/about.toml".to_owned(),
                "body = \"private data\"\n".to_owned(),
            ),
        ]);
        let errors: Vec<String> = glossary
            .check_english(&files)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("content/en/about.toml:2: “private data” is not the house term"),
            "{errors:?}"
        );
    }

    #[test]
    fn the_house_glossary_refuses_you_for_what_the_organisation_owns() {
        let glossary: Glossary =
            toml::from_str(include_str!("../../../../content/glossary.toml")).unwrap();
        for wrong in [
            "质押指令从您的账户提交。",
            "您的资产保留在托管账户中。",
            "无须您的复核人逐笔批准。",
            "向您的用户寄送安全密钥。",
            "适用于您的监管状况取决于您的签约实体。",
            "以与您签约的实体为准。",
        ] {
            assert_eq!(glossary.variants_in(wrong).len(), 1, "{wrong}");
        }
        for right in [
            "质押指令从贵机构的账户提交。",
            "请勿向任何人透露您的密码或安全密钥。",
            "以与其签约的实体为准，您的个人资料仅用于处理申请。",
        ] {
            assert!(glossary.variants_in(right).is_empty(), "{right}");
        }
    }

    #[test]
    fn a_term_rejected_elsewhere_is_an_error() {
        let mut glossary = glossary();
        glossary.term[1].rejected.push("Prime 托管".into());
        assert_eq!(
            glossary.check_itself("concept = \"Prime custody\"").len(),
            1
        );
    }
}
