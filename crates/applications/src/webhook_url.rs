//! The webhook URL as the operator writes it, `scheme://[user:password@]host[:port]/path?query`,
//! parsed once: the address requests go to, the credentials it may carry (sent as HTTP Basic
//! authentication), and the form that may be shown, without credentials or query.

use std::fmt;

use http::Uri;
use percent_encoding::percent_decode_str;

use custody_config_values::text_value::{TextValue, origin_len, text_value_traits};

/// `contact.webhook_url`. `Debug` shows it without credentials or query.
#[derive(Clone, PartialEq, Eq)]
pub struct WebhookUrl {
    text: String,
    address: Uri,
    credentials: Option<String>,
    shown: String,
}

impl WebhookUrl {
    /// The address requests go to: the URL without its user information.
    pub fn address(&self) -> &Uri {
        &self.address
    }

    /// The credentials `user:password`, percent-decoded, when the URL has any.
    pub fn credentials(&self) -> Option<&str> {
        self.credentials.as_deref()
    }

    /// The URL as it may be printed or logged: without user information, query or fragment.
    pub fn shown(&self) -> &str {
        &self.shown
    }
}

impl TextValue for WebhookUrl {
    fn parse_text(text: &str) -> Result<Self, String> {
        let (address, credentials) = split(text);
        let shown = shown(text);
        if origin_len(&address).is_none() {
            return Err(format!(
                "expected an absolute http(s) URL, not `{shown}` (credentials and query not shown)"
            ));
        }
        let address = address.parse().map_err(|_| {
            format!("`{shown}` is not a valid URL (credentials and query not shown)")
        })?;
        Ok(Self {
            text: text.to_owned(),
            address,
            credentials,
            shown,
        })
    }

    fn to_text(&self) -> String {
        self.text.clone()
    }
}

text_value_traits!(WebhookUrl);

impl fmt::Debug for WebhookUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("WebhookUrl").field(&self.shown).finish()
    }
}

/// The URL's parts around its user information.
struct Parts<'a> {
    scheme: &'a str,
    userinfo: Option<&'a str>,
    host: &'a str,
    /// Path, query and fragment.
    rest: &'a str,
}

fn parts(url: &str) -> Parts<'_> {
    let (scheme, after_scheme) = url.split_once("://").unwrap_or(("", url));
    let authority_end = after_scheme
        .find(['/', '?', '#'])
        .unwrap_or(after_scheme.len());
    let (authority, rest) = after_scheme.split_at(authority_end);
    let (userinfo, host) = match authority.rsplit_once('@') {
        Some((userinfo, host)) => (Some(userinfo), host),
        None => (None, authority),
    };
    Parts {
        scheme,
        userinfo,
        host,
        rest,
    }
}

/// The address requests go to (the URL without its user information), and the credentials
/// `user:password`, percent-decoded, when it has any.
fn split(url: &str) -> (String, Option<String>) {
    let Parts {
        scheme,
        userinfo,
        host,
        rest,
    } = parts(url);
    let credentials = userinfo.map(|userinfo| {
        percent_decode_str(userinfo)
            .decode_utf8_lossy()
            .into_owned()
    });
    (format!("{scheme}://{host}{rest}"), credentials)
}

/// The URL as it may be printed or logged: without user information, query or fragment.
fn shown(url: &str) -> String {
    let Parts {
        scheme, host, rest, ..
    } = parts(url);
    let path = rest.split(['?', '#']).next().unwrap_or_default();
    format!("{scheme}://{host}{path}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_and_query_are_kept_out_of_sight() {
        let url = "https://hook%20user:pa@ss@hooks.example:8443/in/apps?token=t#x";
        assert_eq!(shown(url), "https://hooks.example:8443/in/apps");
        assert_eq!(
            split(url),
            (
                "https://hooks.example:8443/in/apps?token=t#x".to_owned(),
                Some("hook user:pa@ss".to_owned())
            )
        );
        assert_eq!(shown("http://[::1]:9000?key=k"), "http://[::1]:9000");
        assert_eq!(
            split("https://hooks.example/a@b"),
            ("https://hooks.example/a@b".to_owned(), None)
        );
        let parsed: WebhookUrl = url.parse().unwrap();
        assert_eq!(parsed.credentials(), Some("hook user:pa@ss"));
        assert_eq!(
            format!("{parsed:?}"),
            "WebhookUrl(\"https://hooks.example:8443/in/apps\")"
        );
        let error = "ftp://u:secret@hooks.example"
            .parse::<WebhookUrl>()
            .unwrap_err();
        assert!(!error.contains("secret"), "{error}");
    }
}
