//! Content negotiation: `Accept-Encoding` with q-values, and `If-None-Match`.

use axum::http::{HeaderMap, HeaderValue, header};

use crate::content::Lang;
use crate::render::encoded::Coding;

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
            let Some((name, q)) = parse_coding(item) else {
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

/// One `Accept-Encoding` item: the coding name as written and its q-value (1 when absent);
/// `None` for an empty item or an unreadable q-value, which is then ignored.
fn parse_coding(item: &str) -> Option<(&str, f32)> {
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

/// Chinese when the first language the client prefers is Chinese, otherwise English.
pub fn accepted_lang(headers: &HeaderMap) -> Lang {
    let first = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(',').next())
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if first == "zh" || first.starts_with("zh-") {
        Lang::Zh
    } else {
        Lang::En
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
