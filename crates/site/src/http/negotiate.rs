//! Content negotiation: `Accept-Encoding` with q-values, and `If-None-Match`.

use axum::http::{HeaderMap, HeaderValue, header};

use crate::render::encoded::Coding;
use custody_content::Lang;

/// Identity is acceptable unless excluded, but never preferred over a coding the client lists.
const IMPLICIT_IDENTITY_Q: f32 = 0.001;

/// Picks the best of `available` (ordered best first) that the client accepts, honouring
/// q-values, `*` and `identity;q=0`. `None` means nothing acceptable is available (406).
/// Reads the header in place, without allocating: it runs on every request for a body.
pub fn choose_coding(
    headers: &HeaderMap,
    available: impl Iterator<Item = Coding>,
) -> Option<Coding> {
    let accepted = Accepted::read(headers);
    let mut best: Option<(Coding, f32)> = None;
    for coding in available {
        let q = accepted.quality(coding);
        if q > 0.0 && best.is_none_or(|(_, best_q)| q > best_q) {
            best = Some((coding, q));
        }
    }
    best.map(|(coding, _)| coding)
}

/// The q-values an `Accept-Encoding` header gives the codings we serve and `*`; the first
/// mention of each counts.
#[derive(Debug, Default)]
struct Accepted {
    brotli: Option<f32>,
    gzip: Option<f32>,
    identity: Option<f32>,
    wildcard: Option<f32>,
}

impl Accepted {
    fn read(headers: &HeaderMap) -> Self {
        let mut accepted = Self::default();
        let items = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','));
        for item in items {
            let Some((name, q)) = weighted_item(item) else {
                continue;
            };
            let slot = if name.eq_ignore_ascii_case("br") {
                &mut accepted.brotli
            } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                &mut accepted.gzip
            } else if name.eq_ignore_ascii_case("identity") {
                &mut accepted.identity
            } else if name == "*" {
                &mut accepted.wildcard
            } else {
                continue;
            };
            slot.get_or_insert(q);
        }
        accepted
    }

    /// The client's q-value for `coding`: its own, else the wildcard's; identity is acceptable
    /// (barely) when neither is given.
    fn quality(&self, coding: Coding) -> f32 {
        let exact = match coding {
            Coding::Brotli => self.brotli,
            Coding::Gzip => self.gzip,
            Coding::Identity => self.identity,
        };
        match (exact, self.wildcard, coding) {
            (Some(q), _, _) | (None, Some(q), _) => q,
            (None, None, Coding::Identity) => IMPLICIT_IDENTITY_Q,
            (None, None, _) => 0.0,
        }
    }
}

/// One item of an `Accept-Encoding` or `Accept-Language` list: the name as written and its
/// q-value (1 when absent); `None` for an empty item or an unreadable q-value, which is then
/// ignored.
fn weighted_item(item: &str) -> Option<(&str, f32)> {
    let mut parts = item.split(';');
    let coding = parts.next()?.trim();
    if coding.is_empty() {
        return None;
    }
    let mut q = 1.0;
    for param in parts {
        if let Some(value) = param
            .trim()
            .strip_prefix("q=")
            .or_else(|| param.trim().strip_prefix("Q="))
        {
            q = value
                .trim()
                .parse::<f32>()
                .ok()
                .filter(|q| (0.0..=1.0).contains(q))?;
        }
    }
    Some((coding, q))
}

/// Whether the request's `If-None-Match` matches `etag` (weak comparison, `*` matches).
pub fn not_modified(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let wanted = etag.as_bytes();
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| {
            let tag = tag.trim();
            tag == "*" || tag.strip_prefix("W/").unwrap_or(tag).as_bytes() == wanted
        })
}

/// The site language the client prefers by `Accept-Language`: the one with the highest q-value
/// (the first listed wins a tie); `*` stands for English, the default. Items with an unreadable
/// q-value, and languages the site does not publish, are ignored; English when nothing is left.
pub fn accepted_lang(headers: &HeaderMap) -> Lang {
    let items = headers
        .get_all(header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','));
    let mut best: Option<(Lang, f32)> = None;
    for item in items {
        let Some((range, q)) = weighted_item(item) else {
            continue;
        };
        let lang = if language_range_is(range, "zh") {
            Lang::Zh
        } else if language_range_is(range, "en") || range == "*" {
            Lang::En
        } else {
            continue;
        };
        if q > 0.0 && best.is_none_or(|(_, best_q)| q > best_q) {
            best = Some((lang, q));
        }
    }
    best.map_or(Lang::En, |(lang, _)| lang)
}

/// Whether a language range names `primary` (`zh`, `ZH`, `zh-Hans-CN`), ignoring case.
fn language_range_is(range: &str, primary: &str) -> bool {
    match range.get(..primary.len()) {
        Some(head) if head.eq_ignore_ascii_case(primary) => {
            let rest = &range[primary.len()..];
            rest.is_empty() || rest.starts_with('-')
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Coding; 3] = [Coding::Brotli, Coding::Gzip, Coding::Identity];

    fn pick(accept: &str) -> Option<Coding> {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(accept).unwrap(),
        );
        choose_coding(&headers, ALL.into_iter())
    }

    #[test]
    fn honours_q_values_and_wildcards() {
        assert_eq!(pick("gzip, deflate, br"), Some(Coding::Brotli));
        assert_eq!(pick("br;q=0.5, gzip"), Some(Coding::Gzip));
        assert_eq!(pick("br;q=0, gzip;q=0"), Some(Coding::Identity));
        assert_eq!(pick("*"), Some(Coding::Brotli));
        assert_eq!(pick("identity;q=0, *;q=0"), None);
        assert_eq!(pick("deflate"), Some(Coding::Identity));
        assert_eq!(pick("br;q=banana, gzip"), Some(Coding::Gzip));
        assert_eq!(
            pick("BR;q=0.4, X-Gzip;Q=0.5, gzip;q=0.1"),
            Some(Coding::Gzip)
        );
        assert_eq!(pick("br;q=0, *;q=0.5"), Some(Coding::Gzip));
        assert_eq!(
            choose_coding(&HeaderMap::new(), ALL.into_iter()),
            Some(Coding::Identity)
        );
    }

    fn lang(accept: &[u8]) -> Lang {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_bytes(accept).unwrap(),
        );
        accepted_lang(&headers)
    }

    #[test]
    fn prefers_the_language_with_the_highest_q_value() {
        assert_eq!(lang(b"zh-CN,zh;q=0.9,en;q=0.8"), Lang::Zh);
        assert_eq!(lang(b"zh;q=0.9"), Lang::Zh);
        assert_eq!(lang(b"ZH-hans"), Lang::Zh);
        assert_eq!(lang(b"en;q=0.1, zh;q=0.9"), Lang::Zh);
        assert_eq!(lang(b"de-DE, zh;q=0.5"), Lang::Zh);
        assert_eq!(lang(b"zh;q=0, en"), Lang::En);
        assert_eq!(lang(b"en-GB, zh"), Lang::En, "a tie goes to the first");
        assert_eq!(lang(b"*, zh;q=0.5"), Lang::En);
        assert_eq!(lang(b"zhx, zh_CN, chinese"), Lang::En);
        assert_eq!(
            lang(b"zh;q=abc"),
            Lang::En,
            "an unreadable q-value is ignored"
        );
        assert_eq!(lang(b"zh;q=2"), Lang::En);
        assert_eq!(lang(b"\xff\xfezh"), Lang::En);
        assert_eq!(lang(b""), Lang::En);
        assert_eq!(accepted_lang(&HeaderMap::new()), Lang::En);
    }

    #[test]
    fn matches_etags() {
        let etag = HeaderValue::from_static("\"abc\"");
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("\"x\", W/\"abc\""),
        );
        assert!(not_modified(&headers, &etag));
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static("\"abcd\""));
        assert!(!not_modified(&headers, &etag));
    }
}
