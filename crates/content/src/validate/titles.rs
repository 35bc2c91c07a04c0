//! The rule that keeps every document title whole in a search result: a page's title
//! (`{lang}/pages.toml`), an FAQ category's and an FAQ question (`{lang}/faq.toml`) are at most
//! [`TITLE_MAX_CHARS`] characters, the most a result shows before it cuts the words off.

use crate::pages::TITLE_MAX_CHARS;
use crate::schema::model::Content;
use crate::source::files::ContentFiles;
use crate::{ContentError, Lang};

/// Runs the rule over every language and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for lang in Lang::ALL {
        let locale = content.locale(lang);
        let code = lang.code();
        let pages = locale.pages.values().map(|meta| meta.title.as_str());
        let faq = &locale.faq;
        let questions = faq
            .category
            .iter()
            .map(|c| c.title.as_str())
            .chain(faq.article.iter().map(|a| a.title.as_str()));
        for (file, titles) in [
            (format!("{code}/pages.toml"), pages.collect::<Vec<_>>()),
            (format!("{code}/faq.toml"), questions.collect()),
        ] {
            let text = files.get(&file).map(String::as_str).unwrap_or_default();
            errors.extend(titles.into_iter().filter_map(|title| {
                too_long(title).map(|message| ContentError::near(&file, text, title, message))
            }));
        }
    }
    errors
}

/// Why `title` is too long for a search result, if it is.
fn too_long(title: &str) -> Option<String> {
    let chars = title.chars().count();
    (chars > TITLE_MAX_CHARS).then(|| {
        format!(
            "the title “{title}” is {chars} characters long; a search result shows \
             {TITLE_MAX_CHARS} and cuts the rest off: shorten it to {TITLE_MAX_CHARS} or fewer"
        )
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::load::parse;
    use crate::source::files::read_dir;

    #[test]
    fn a_title_longer_than_a_search_result_shows_is_refused_at_its_line() {
        let mut files = read_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content"))
            .expect("the content folder");
        let question =
            "How are the keys of a cold wallet split between the continents, and who holds them?";
        assert!(question.chars().count() > TITLE_MAX_CHARS);
        let faq = files.get_mut("en/faq.toml").expect("en/faq.toml");
        let original = "title = \"About Kestrel Custody\"";
        let at = faq.find(original).expect("the first category's title");
        *faq = faq.replacen(original, &format!("title = \"{question}\""), 1);
        let line = faq[..at].matches('\n').count() + 1;
        let errors = parse(&files).expect_err("a title too long");
        let refusal = errors
            .iter()
            .map(ToString::to_string)
            .find(|e| e.contains("a search result shows 70"))
            .unwrap_or_else(|| panic!("no refusal of the long title: {errors:?}"));
        assert!(
            refusal.starts_with(&format!("content/en/faq.toml:{line}:")),
            "{refusal}"
        );
        assert!(refusal.contains(&format!("is {} characters long", question.chars().count())));
    }

    #[test]
    fn a_title_of_seventy_characters_passes() {
        assert!(too_long(&"x".repeat(TITLE_MAX_CHARS)).is_none());
        assert!(too_long(&"贵".repeat(TITLE_MAX_CHARS + 1)).is_some());
    }
}
