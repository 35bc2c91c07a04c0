//! Security headers sent on every response, computed once from the configuration.

use axum::http::{HeaderMap, HeaderName, HeaderValue, header};

use crate::config::Config;

/// The headers every response carries. The CSP allows scripts, styles and connections only from
/// this site (plus origins the configuration adds), and no inline script.
pub fn security_headers(config: &Config) -> HeaderMap {
    let mut headers = HeaderMap::new();
    let sources = |extra: Vec<String>| {
        std::iter::once("'self'".to_owned())
            .chain(extra)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let connect = sources(config.extra_connect_origins().collect());
    let script = sources(config.extra_script_origins().collect());
    let csp = format!(
        "default-src 'self'; script-src {script}; style-src 'self'; img-src 'self' data:; font-src 'self'; \
         connect-src {connect}; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    );
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
    if config.is_https() {
        set(
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=63072000; includeSubDomains",
        );
    }
    headers
}
