//! Request ids: the `x-request-id` a client or proxy sent when it is a plain token, else a new
//! random one; it is echoed on the response and written in the request's log line, so one
//! request can be followed from the proxy through this server.
//!
//! tower-http's `SetRequestId` is not used: it keeps whatever id a request brings, where this one
//! replaces an id that is not a plain token before it reaches the log line, and it would add the
//! id to each request's extensions (an allocation per request) for a value the log line and the
//! response take from here (`crates/site/src/http/pipeline/observe.rs`).

use axum::http::{HeaderMap, HeaderName, HeaderValue};

/// `x-request-id`
pub const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// Longest id taken over from a request.
const MAX_LEN: usize = 128;

/// The request's id: its own when acceptable, else a new one.
pub fn request_id(headers: &HeaderMap) -> HeaderValue {
    headers
        .get(X_REQUEST_ID)
        .filter(|value| acceptable(value.as_bytes()))
        .cloned()
        .unwrap_or_else(new_id)
}

/// 1 to 128 characters of letters, digits and `-_.:/+=` (UUIDs, hex, base64 and the like).
fn acceptable(id: &[u8]) -> bool {
    (1..=MAX_LEN).contains(&id.len())
        && id
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:/+=".contains(b))
}

/// 16 random lowercase hex digits.
fn new_id() -> HeaderValue {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut bits = fastrand::u64(..);
    let mut digits = [0u8; 16];
    for digit in digits.iter_mut().rev() {
        *digit = HEX[(bits & 0xf) as usize];
        bits >>= 4;
    }
    HeaderValue::from_bytes(&digits).expect("hex digits are a valid header value")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id_for(sent: Option<&str>) -> String {
        let mut headers = HeaderMap::new();
        if let Some(sent) = sent {
            headers.insert(X_REQUEST_ID, HeaderValue::from_str(sent).unwrap());
        }
        request_id(&headers).to_str().unwrap().to_owned()
    }

    #[test]
    fn a_plain_id_is_kept_and_anything_else_replaced() {
        assert_eq!(id_for(Some("01JD3Z8K-abc.def")), "01JD3Z8K-abc.def");
        for bad in ["", "two words", "<script>", &"x".repeat(129)] {
            let id = id_for(Some(bad));
            assert_ne!(id, bad);
            assert_eq!(id.len(), 16);
        }
        let (a, b) = (id_for(None), id_for(None));
        assert!(a.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
