//! Header values whose bytes last as long as the process, for the headers of answers made once
//! and cloned for every request.
//!
//! A `HeaderValue` made at run time shares its bytes through a reference count, which every clone
//! and every drop writes. Both connection threads clone the same answers' headers, so each of
//! those counts' cache lines moved between the two cores on every answer. A value whose bytes are
//! `'static` is cloned and dropped without touching memory. Each distinct value is kept once:
//! making the same answers again (the development server rebuilds the site on each content
//! change, tests build many sites) keeps no new bytes.

use std::collections::HashSet;
use std::sync::{LazyLock, Mutex, PoisonError};

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue};

/// The bytes of every value made lasting so far.
static KEPT: LazyLock<Mutex<HashSet<&'static [u8]>>> = LazyLock::new(Mutex::default);

/// `value`, with bytes that last until the process exits.
pub fn lasting(value: &HeaderValue) -> HeaderValue {
    let bytes = {
        let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        match kept.get(value.as_bytes()) {
            Some(bytes) => *bytes,
            None => {
                let bytes: &'static [u8] = Box::leak(value.as_bytes().into());
                kept.insert(bytes);
                bytes
            }
        }
    };
    let mut lasting = HeaderValue::from_maybe_shared(Bytes::from_static(bytes))
        .expect("the bytes of a header value are a header value");
    lasting.set_sensitive(value.is_sensitive());
    lasting
}

/// Makes every value of `headers` [`lasting`].
pub fn make_lasting(headers: &mut HeaderMap) {
    for value in headers.values_mut() {
        *value = lasting(value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lasting_value_equals_the_value_and_shares_its_bytes_with_every_equal_one() {
        let made = HeaderValue::from_str(&format!("\"{}\"", "ab".repeat(16))).unwrap();
        let (first, second) = (lasting(&made), lasting(&made.clone()));
        assert_eq!(first, made);
        assert_eq!(first.as_bytes().as_ptr(), second.as_bytes().as_ptr());
        let mut secret = HeaderValue::from_static("Basic c2VjcmV0");
        secret.set_sensitive(true);
        assert!(lasting(&secret).is_sensitive());
    }

    #[test]
    fn every_value_of_a_map_is_made_lasting() {
        let mut headers = HeaderMap::new();
        headers.insert("etag", HeaderValue::from_str("\"1\"").unwrap());
        headers.append("vary", HeaderValue::from_str("accept-encoding").unwrap());
        headers.append("vary", HeaderValue::from_str("accept-language").unwrap());
        let before = headers.clone();
        make_lasting(&mut headers);
        assert_eq!(headers, before);
        for value in headers.values() {
            assert_eq!(
                value.as_bytes().as_ptr(),
                lasting(value).as_bytes().as_ptr()
            );
        }
    }
}
