//! Error answers: the 404 and 500 pages in the path's language.

use std::borrow::Cow;

use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::respond::{HTML, NO_STORE, RoutePattern, respond};
use crate::render::error_pages::ErrorPages;
use custody_applications::checks::unstorable;
use custody_content::Lang;
use custody_content::pages::error_kind::ErrorKind;

/// The error page for `shown_path` (as received: shown by [`shown_path`], HTML-escaped when
/// rendered).
pub fn error_page(
    error_pages: &ErrorPages,
    lang: Lang,
    kind: ErrorKind,
    shown_path: &str,
    request: &HeaderMap,
) -> Response {
    let display = self::shown_path(shown_path);
    let page = error_pages.page(lang, kind, &display);
    let status = StatusCode::from_u16(kind.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    respond(request, status, &page, HTML, NO_STORE)
}

/// `response`, an error page of `kind` the router answered, named by that page in the request
/// log and the metrics.
pub fn named_error_page(mut response: Response, kind: ErrorKind) -> Response {
    response.extensions_mut().insert(RoutePattern(kind.page()));
    response
}

/// A request path as an error page shows it: percent-decoded where that gives text, then
/// [`displayable`]. Borrowed when the path is shown as received.
pub fn shown_path(raw: &str) -> Cow<'_, str> {
    match percent_encoding::percent_decode_str(raw).decode_utf8_lossy() {
        Cow::Borrowed(decoded) => displayable(decoded),
        Cow::Owned(decoded) => match displayable(&decoded) {
            Cow::Borrowed(_) => Cow::Owned(decoded),
            Cow::Owned(shown) => Cow::Owned(shown),
        },
    }
}

/// `text` with every character a line of text must not hold (controls, line separators and
/// bidirectional controls: [`unstorable`]) percent-encoded again, so that a path shown on a page
/// can neither put raw control bytes in the document nor reorder the text around it
/// (`/%E2%80%AEexe.txt` is shown as typed, not reversed). Borrowed when nothing is encoded.
pub fn displayable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unstorable) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if unstorable(c) {
            let mut bytes = [0; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                shown.push_str(&format!("%{byte:02X}"));
            }
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_shown_decoded_with_controls_encoded_again() {
        assert_eq!(shown_path("/%E6%89%98%E7%AE%A1"), "/托管");
        assert_eq!(shown_path("/%3Cb%3E"), "/<b>");
        assert_eq!(shown_path("/a%00b%1b%0D%0A"), "/a%00b%1B%0D%0A");
        assert_eq!(shown_path("/%E2%80%AEexe.txt"), "/%E2%80%AEexe.txt");
        assert_eq!(shown_path("/%e2%80%a8x"), "/%E2%80%A8x");
        assert_eq!(shown_path("/%c0%ae%zz%"), "/\u{fffd}\u{fffd}%zz%");
        assert_eq!(displayable("/zh/\u{2066}x"), "/zh/%E2%81%A6x");
    }
}
