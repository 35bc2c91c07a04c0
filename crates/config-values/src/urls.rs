//! The URLs of the configuration, parsed once when it is read: `public_url`, the site's own
//! origin, and the absolute http(s) URLs of other services.

use std::fmt;

use crate::text_value::{TextValue, origin_len};
use crate::text_value_traits;

/// An absolute `http://` or `https://` URL, with its origin (`scheme://host[:port]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpUrl {
    text: String,
    origin_len: usize,
}

impl HttpUrl {
    /// The URL as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// `scheme://host[:port]`.
    pub fn origin(&self) -> &str {
        &self.text[..self.origin_len]
    }

    /// Whether the scheme is `https`.
    pub fn is_https(&self) -> bool {
        self.text.starts_with("https://")
    }
}

impl TextValue for HttpUrl {
    fn parse_text(text: &str) -> Result<Self, String> {
        let origin_len = origin_len(text)
            .ok_or_else(|| format!("expected an absolute http(s) URL, not `{text}`"))?;
        Ok(Self {
            text: text.to_owned(),
            origin_len,
        })
    }

    fn to_text(&self) -> String {
        self.text.clone()
    }
}

text_value_traits!(HttpUrl);

impl fmt::Display for HttpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// `public_url`: the site's own origin, `http(s)://host[:port]` without a path (a trailing
/// slash is dropped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// The URL, without a trailing slash: absolute URLs of the site are this and a path.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the site is served over HTTPS (HSTS is sent only then).
    pub fn is_https(&self) -> bool {
        self.0.starts_with("https://")
    }

    /// The host, without the port (nor the brackets of an IPv6 address).
    pub fn host(&self) -> &str {
        let authority = self.0.split_once("://").map_or(&*self.0, |(_, rest)| rest);
        match authority.strip_prefix('[') {
            Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
            None => authority.split(':').next().unwrap_or_default(),
        }
    }
}

impl TextValue for PublicUrl {
    fn parse_text(text: &str) -> Result<Self, String> {
        let url = text.trim_end_matches('/');
        let Some(rest) = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"))
        else {
            return Err(format!(
                "public_url must start with http:// or https://, not `{url}`"
            ));
        };
        if rest.is_empty() || rest.contains(['/', '?', '#', ' ', '"', '<', '>']) {
            return Err(format!(
                "public_url must be a scheme and host (and port), without a path: `{url}`"
            ));
        }
        Ok(Self(url.to_owned()))
    }

    fn to_text(&self) -> String {
        self.0.clone()
    }
}

text_value_traits!(PublicUrl);

impl fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_parsed_with_their_origin() {
        let url: HttpUrl = "https://a.example:8443/x?y#z".parse().unwrap();
        assert_eq!(url.origin(), "https://a.example:8443");
        assert_eq!(url.as_str(), "https://a.example:8443/x?y#z");
        for bad in [
            "javascript:alert(1)",
            "https://a.example'; script-src *",
            "",
        ] {
            assert!(bad.parse::<HttpUrl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_public_url_is_an_origin() {
        let url: PublicUrl = "https://[::1]:8443/".parse().unwrap();
        assert_eq!((url.as_str(), url.host()), ("https://[::1]:8443", "::1"));
        assert!(url.is_https());
        assert!("https://custody.example/path".parse::<PublicUrl>().is_err());
        assert!("ftp://custody.example".parse::<PublicUrl>().is_err());
    }
}
