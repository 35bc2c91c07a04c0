//! The two content languages and how they appear in paths and documents.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A language the site is published in. English has no path prefix; Chinese lives under `/zh`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English, the default language.
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Every published language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The short code used in paths, content folders and the UI (`en`, `zh`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The language of a short code (`en`, `zh`), if the site publishes it.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.code() == code)
    }

    /// The BCP 47 tag for `<html lang>` and `hreflang` (`en`, `zh-Hans`).
    pub fn html_lang(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
        }
    }

    /// The Open Graph locale (`en_US`, `zh_CN`).
    pub fn og_locale(self) -> &'static str {
        match self {
            Lang::En => "en_US",
            Lang::Zh => "zh_CN",
        }
    }

    /// Prefixes an unprefixed site path with this language's segment: `/about` → `/zh/about`, `/` → `/zh`.
    pub fn localize(self, path: &str) -> String {
        match (self, path) {
            (Lang::En, _) => path.to_owned(),
            (Lang::Zh, "/") => "/zh".to_owned(),
            (Lang::Zh, _) => format!("/zh{path}"),
        }
    }

    /// Splits a request path into its language and the unprefixed path: `/zh/about` → (zh, `/about`).
    /// Any path whose first segment is not `zh` is English.
    pub fn split(path: &str) -> (Lang, &str) {
        match path.strip_prefix("/zh") {
            Some("") => (Lang::Zh, "/"),
            Some(rest) if rest.starts_with('/') => (Lang::Zh, rest),
            _ => (Lang::En, path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_and_localize_are_inverse() {
        for path in ["/", "/about", "/faq/about"] {
            for lang in Lang::ALL {
                let localized = lang.localize(path);
                assert_eq!(Lang::split(&localized), (lang, path));
            }
        }
        assert_eq!(Lang::split("/zhx"), (Lang::En, "/zhx"));
        assert_eq!(Lang::split("/zh/"), (Lang::Zh, "/"));
    }
}
