//! Words a content rule recognises in copy, in each language: how copy names a channel, a wallet,
//! an entity or a service, and what it says a channel is for. The facts files list them beside
//! the facts (`called = { en = ["incident response team"], zh = ["安全事件响应团队"] }`), so that
//! the rules that keep the copy true to the facts read the copy as an editor writes it.

use serde::{Deserialize, Serialize};

use crate::Lang;

/// Phrases in each language; English ones are matched in any case.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// The English phrases.
    #[serde(default)]
    pub en: Vec<String>,
    /// The Chinese phrases.
    #[serde(default)]
    pub zh: Vec<String>,
}

impl Words {
    /// The phrases of one language.
    pub fn of(&self, lang: Lang) -> &[String] {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }

    /// The first of these phrases `text` uses, with where it starts.
    pub fn find_in(&self, text: &str, lang: Lang) -> Option<(usize, &str)> {
        self.of(lang)
            .iter()
            .filter(|phrase| !phrase.is_empty())
            .filter_map(|phrase| find(text, phrase, lang).map(|at| (at, phrase.as_str())))
            .min_by_key(|(at, _)| *at)
    }

    /// Whether `text` uses one of these phrases.
    pub fn in_text(&self, text: &str, lang: Lang) -> bool {
        self.find_in(text, lang).is_some()
    }
}

/// Where `phrase` starts in `text`, outside `{token}`s: in English in any case and at the start
/// of a word, in Chinese anywhere.
pub fn find(text: &str, phrase: &str, lang: Lang) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    let phrase = phrase.to_ascii_lowercase();
    lower.match_indices(&phrase).map(|(at, _)| at).find(|&at| {
        let starts_word = lang == Lang::Zh
            || lower[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
        starts_word && !in_token(text, at)
    })
}

/// Whether byte `at` of `text` lies inside a `{token}`.
fn in_token(text: &str, at: usize) -> bool {
    let before = &text[..at];
    before
        .rfind('{')
        .is_some_and(|open| !before[open..].contains(['}', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_matches_whole_words_in_any_case_and_chinese_anywhere() {
        let words = Words {
            en: vec!["account manager".into(), "lost".into()],
            zh: vec!["客户经理".into()],
        };
        assert_eq!(
            words.find_in("Tell your Account Manager at once", Lang::En),
            Some((10, "account manager"))
        );
        assert!(!words.in_text("a colostomy", Lang::En));
        assert!(words.in_text("请联系您的客户经理。", Lang::Zh));
        assert!(!words.in_text("account manager", Lang::Zh));
        assert!(!words.in_text("within {duration.lost-key}", Lang::En));
    }
}
