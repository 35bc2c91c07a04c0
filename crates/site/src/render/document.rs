//! The HTML document around a prerendered body: head, metadata, preloads and the injected
//! configuration. Askama escapes every value except the body and the script-safe JSON.

use askama::Template;
use serde::Serialize;

use crate::seo::discovery::Alternate;

/// Everything one document shows in its head and body.
#[derive(Template)]
#[template(path = "document.html")]
pub struct Document<'a> {
    /// `<html lang>`: `en` or `zh-Hans`.
    pub html_lang: &'a str,
    /// Full document title.
    pub title: &'a str,
    /// Meta description.
    pub description: &'a str,
    /// Whether the page is kept out of search engines.
    pub noindex: bool,
    /// Absolute canonical URL (none for error pages).
    pub canonical: Option<&'a str>,
    /// Language alternates (none for error pages).
    pub alternates: &'a [Alternate],
    /// Browser theme colour.
    pub theme_color: &'a str,
    /// Brand name for Open Graph.
    pub site_name: &'a str,
    /// Open Graph locale of this document.
    pub og_locale: &'a str,
    /// Open Graph locale of the other language.
    pub og_locale_alternate: &'a str,
    /// The page's share card (none for error pages).
    pub share_image: Option<&'a ShareImage>,
    /// The Atom feed the page links to, if any.
    pub feed: Option<&'a FeedLink>,
    /// Stylesheet URLs.
    pub styles: &'a [String],
    /// Font URLs to preload (woff2).
    pub fonts: &'a [String],
    /// Entry module URL.
    pub entry: &'a str,
    /// Module URLs to preload: entry imports, the page chunk, the language catalog.
    pub modules: &'a [String],
    /// JSON-LD blocks, each already escaped with [`script_safe_json`].
    pub json_ld: &'a [String],
    /// The prerendered body (trusted: made by our own build).
    pub body: &'a str,
    /// The injected configuration, already escaped with [`script_safe_json`].
    pub config_json: &'a str,
    /// In an answer to a form posted without scripts, the state the form hydrates from (JSON
    /// escaped with [`script_safe_json`], or the place the answer fills it into).
    pub form_answer: Option<&'a str>,
}

/// A page's share card: the image link previews show (`og:image`, `twitter:card`).
#[derive(Debug, Clone)]
pub struct ShareImage {
    /// Absolute URL of the PNG.
    pub url: String,
    /// What the image shows, for `og:image:alt`.
    pub alt: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// A link to an Atom feed (`<link rel="alternate" type="application/atom+xml">`).
#[derive(Debug, Clone)]
pub struct FeedLink {
    /// Absolute URL of the feed.
    pub href: String,
    /// The feed's title.
    pub title: String,
}

/// How `templates/document.html` opens the injected configuration; everything after it up to
/// `</script>` is [`script_safe_json`].
pub const CONFIG_SCRIPT_START: &str = r#"<script type="application/json" id="site-config">"#;

/// Serializes JSON for a `<script>` element: `<`, `>`, `&` and the JavaScript line separators
/// become `\u` escapes, so no value can close the element or start markup.
pub fn script_safe_json<T: Serialize + ?Sized>(value: &T) -> String {
    script_safe(&to_json(value))
}

/// The JSON text of a value whose types always serialize (structs of strings, numbers, lists
/// and maps with string keys).
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("page data has string keys only")
}

/// Makes JSON text safe inside a `<script>` element (see [`script_safe_json`]).
pub fn script_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for ch in json.chars() {
        match ch {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            other => out.push(other),
        }
    }
    out
}

/// Escapes text for HTML element content and attribute values.
pub fn html_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_the_element() {
        let value = serde_json::json!({ "path": "</script><script>alert(1)</script>&\u{2028}" });
        let safe = script_safe_json(&value);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back, value);
    }

    #[test]
    fn html_escape_covers_markup_and_quotes() {
        assert_eq!(
            html_escape("<a href=\"x\">'&"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;"
        );
    }
}
