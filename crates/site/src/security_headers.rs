//! Security headers sent on every response, computed once from the site's settings (every
//! answer clones them); the binary gives them to the edge for its redirects too.

use axum::http::{HeaderMap, HeaderName, HeaderValue, header};

use crate::settings::SiteSettings;

/// The headers every response carries. The CSP denies everything by default and allows scripts,
/// styles, images, fonts and connections only from this site (plus origins the configuration
/// adds), and no inline script.
pub fn security_headers(settings: &SiteSettings) -> HeaderMap {
    let mut headers = HeaderMap::new();
    let sources = |extra: Vec<&str>| {
        std::iter::once("'self'")
            .chain(extra)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let csp = content_security_policy(&Sources {
        script: &sources(settings.extra_script_origins().collect()),
        style: "'self'",
        connect: &sources(settings.extra_connect_origins().collect()),
    });
    let mut set = |name: HeaderName, value: &str| {
        headers.insert(
            name,
            HeaderValue::from_str(value).expect("security header values are ASCII"),
        );
    };
    set(header::CONTENT_SECURITY_POLICY, &csp);
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(header::REFERRER_POLICY, "strict-origin-when-cross-origin");
    set(
        HeaderName::from_static("cross-origin-resource-policy"),
        "same-origin",
    );
    set(
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    );
    set(
        HeaderName::from_static("permissions-policy"),
        "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    );
    set(header::X_FRAME_OPTIONS, "DENY");
    if settings.public_url.is_https() {
        set(
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=63072000; includeSubDomains",
        );
    }
    headers
}

/// The sources a page may load scripts, styles and connections from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sources<'a> {
    /// `script-src`
    pub script: &'a str,
    /// `style-src`
    pub style: &'a str,
    /// `connect-src`
    pub connect: &'a str,
}

/// A CSP that denies by default and allows `sources`, the site's own images (and data: URLs),
/// fonts and web manifest, forms posted to the site, no `<base>`, and no framing.
pub(crate) fn content_security_policy(sources: &Sources<'_>) -> String {
    let Sources {
        script,
        style,
        connect,
    } = sources;
    format!(
        "default-src 'none'; script-src {script}; style-src {style}; img-src 'self' data:; font-src 'self'; \
         connect-src {connect}; manifest-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )
}
