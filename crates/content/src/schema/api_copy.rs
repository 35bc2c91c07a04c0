//! `{lang}/api.toml`: the messages of the JSON API's error answers, in each language. The server
//! fills in the run-time values they name (such as `{max}`) when it makes an answer.

use serde::{Deserialize, Serialize};

/// Names in braces that `api.toml` may write besides the copy tokens: values only the server knows,
/// filled in by [`fill`] when an answer is made.
pub const RUNTIME_VALUES: [&str; 4] = ["max", "page", "last_page", "sizes"];

/// The messages of one language.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApiCopy {
    /// Any API address.
    pub any: AnyEndpoint,
    /// Client-side navigation's page data and build files.
    pub navigation: Navigation,
    /// The FAQ and announcement search.
    pub search: Search,
    /// The supported-assets list.
    pub supported_assets: SupportedAssets,
}

/// `[any]`: answers any API address may give.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnyEndpoint {
    /// 405: the address does not take the request's method.
    pub method_not_allowed: String,
    /// 404: no endpoint at the address.
    pub no_such_endpoint: String,
    /// 500: the endpoint failed.
    pub internal: String,
}

/// `[navigation]`: `/_app/data` and `/_app/builds/`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Navigation {
    /// 400: the query names no page path.
    pub bad_query: String,
    /// 409: the client runs another build.
    pub build_mismatch: String,
    /// 404: a build not served here.
    pub unknown_build: String,
}

/// `[search]`: `/api/search/{scope}`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Search {
    /// 404: neither the FAQ nor the announcements.
    pub unknown_scope: String,
    /// 400: the query string is not `?q=…&lang=…`.
    pub bad_query: String,
    /// 400: a language other than en or zh.
    pub bad_lang: String,
    /// 400: search terms over `{max}` characters.
    pub too_long: String,
}

/// `[supported_assets]`: `/api/supported-assets`, a message per parameter.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupportedAssets {
    /// The summary of an answer with problems.
    pub invalid: String,
    /// A parameter the endpoint does not take.
    pub unknown: String,
    /// A parameter given twice.
    pub repeated: String,
    /// A value that is not UTF-8 once decoded.
    pub not_utf8: String,
    /// `entity` is neither `sg` nor `hk`.
    pub not_an_entity: String,
    /// `lang` is neither `en` nor `zh`.
    pub not_a_language: String,
    /// A yes/no filter is neither `all`, `yes` nor `no`.
    pub not_a_flag: String,
    /// `page` is not a whole number from 1.
    pub not_a_page: String,
    /// `page` (`{page}`) is past the last page (`{last_page}`).
    pub past_last_page: String,
    /// `size` is not one of the page sizes (`{sizes}`).
    pub not_a_size: String,
    /// A text filter over `{max}` characters.
    pub too_long: String,
    /// A text filter holding control characters.
    pub control: String,
    /// How `{sizes}` lists the page sizes.
    pub list: ListWords,
}

/// The words between the items of a list: "10, 20, 50 or 100".
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListWords {
    /// Between two items but the last two.
    pub separator: String,
    /// Between the last two items.
    pub last_separator: String,
}

impl ListWords {
    /// `items` as a list: "10, 20, 50 or 100".
    pub fn join(&self, items: &[String]) -> String {
        match items.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!(
                "{}{}{last}",
                rest.join(&self.separator),
                self.last_separator
            ),
        }
    }
}

/// `message` with each `{name}` of `values` replaced by its value.
pub fn fill(message: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(message.to_owned(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), value)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_join_with_the_last_separator() {
        let words = ListWords {
            separator: ", ".into(),
            last_separator: " or ".into(),
        };
        let items = |list: &[&str]| list.iter().map(|item| item.to_string()).collect::<Vec<_>>();
        assert_eq!(words.join(&items(&["10", "20", "50"])), "10, 20 or 50");
        assert_eq!(words.join(&items(&["10"])), "10");
        assert_eq!(words.join(&[]), "");
    }

    #[test]
    fn fills_the_values_it_is_given_and_leaves_the_rest() {
        assert_eq!(
            fill("at most {max} characters, not {other}", &[("max", "200")]),
            "at most 200 characters, not {other}"
        );
    }
}
