//! Answers whose responses are made once and sent many times: a body in each content coding it
//! is offered in, each coding with its strong ETag and the complete headers of its `200` and its
//! `304`, with room for the headers the pipeline sets on every answer (the security headers and
//! the request id: `crates/site/src/http/answer_entries.rs`). A request for one is a coding choice
//! and a clone of ready headers: no formatting, and no map grown on the way out. The fixed answers
//! (`crates/site/src/http/fixed.rs`) and the cached answers of the supported-assets API
//! (`crates/site/src/http/supported_assets.rs`) are made of them.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};

use super::answer_entries::reserve_per_answer_entries;
use super::answered::Answered;
use super::negotiate::{choose_coding, not_modified};
use super::respond::{VARY, not_acceptable, not_acceptable_headers, with_headers};
use crate::render::answer_cache::HeldBytes;
use crate::render::encoded::{Coding, Encoded};
use custody_metrics::intern;

/// What every ready answer of a site is made with: the names of its security headers (room for
/// them), and the headers of the `406 Not Acceptable` (no coding the client accepts), the same for
/// every answer.
#[derive(Debug)]
pub struct ReadyResponses {
    security: HeaderMap,
    not_acceptable: HeaderMap,
}

/// What an answer says of its body besides the bytes: the headers that are not about its coding.
#[derive(Debug)]
pub struct Description<'a> {
    /// `Content-Type`.
    pub content_type: HeaderValue,
    /// `Cache-Control`.
    pub cache_control: HeaderValue,
    /// Any other header of the `200` (`Content-Disposition`, `X-Robots-Tag`).
    pub extra: HeaderMap,
    /// The route the request log and the metrics name it by: a route pattern, never text from
    /// the request.
    pub route: &'a str,
}

/// The ready responses of one answer.
#[derive(Debug)]
pub struct ReadyResponse {
    route: &'static str,
    /// The body in every coding it is offered in.
    body: Arc<Encoded>,
    /// Each coding the body is offered in, best first, with its ETag and headers.
    variants: Vec<Variant>,
}

/// One representation: the body in one coding.
#[derive(Debug)]
struct Variant {
    coding: Coding,
    /// The representation's strong ETag, for `If-None-Match`.
    etag: HeaderValue,
    /// The headers of a `200`.
    headers: HeaderMap,
    /// The headers of a `304 Not Modified`.
    not_modified: HeaderMap,
}

impl ReadyResponses {
    /// The maker of ready answers with room for `security`, the site's security headers.
    pub fn new(security: &HeaderMap) -> Self {
        let mut not_acceptable = not_acceptable_headers();
        reserve_per_answer_entries(&mut not_acceptable, security);
        Self {
            security: security.clone(),
            not_acceptable,
        }
    }

    /// The ready answer of `body` as `description` describes it.
    pub fn make(&self, body: Arc<Encoded>, description: &Description<'_>) -> ReadyResponse {
        let variants = body
            .available()
            .map(|coding| {
                let etag = body.etag(coding);
                let mut not_modified = HeaderMap::with_capacity(4 + self.security.len());
                not_modified.insert(header::CACHE_CONTROL, description.cache_control.clone());
                not_modified.insert(header::VARY, VARY);
                let mut headers = not_modified.clone();
                headers.insert(header::CONTENT_TYPE, description.content_type.clone());
                if let Some(encoding) = coding.header() {
                    headers.insert(header::CONTENT_ENCODING, encoding);
                }
                headers.extend(description.extra.clone());
                for headers in [&mut headers, &mut not_modified] {
                    reserve_per_answer_entries(headers, &self.security);
                    headers.insert(header::ETAG, etag.clone());
                }
                Variant {
                    coding,
                    etag,
                    headers,
                    not_modified,
                }
            })
            .collect();
        ReadyResponse {
            route: intern(description.route),
            body,
            variants,
        }
    }

    /// The answer of `ready` to a `GET` or `HEAD` (`method`) with `headers`: in a coding the
    /// client accepts, `304` when `If-None-Match` matches that coding's ETag, `406` when it
    /// accepts none. A `HEAD` gets the headers of the `GET` and no body.
    pub fn answer(&self, ready: &ReadyResponse, method: &Method, headers: &HeaderMap) -> Answered {
        let variants = ready.variants.iter().map(|variant| variant.coding);
        let Some(coding) = choose_coding(headers, variants) else {
            let response = not_acceptable(self.not_acceptable.clone());
            return Answered::new(response, ready.route);
        };
        let variant = ready
            .variants
            .iter()
            .find(|variant| variant.coding == coding)
            .expect("the coding chosen is one of the answer's");
        let response = if not_modified(headers, &variant.etag) {
            with_headers(
                StatusCode::NOT_MODIFIED,
                variant.not_modified.clone(),
                Body::empty(),
            )
        } else if method == Method::HEAD {
            // The length a GET would get, and no body (HTTP/2 forbids one on HEAD).
            let mut response = with_headers(StatusCode::OK, variant.headers.clone(), Body::empty());
            let length = ready.body.body(coding).len();
            response
                .headers_mut()
                .insert(header::CONTENT_LENGTH, length.into());
            response
        } else {
            with_headers(
                StatusCode::OK,
                variant.headers.clone(),
                Body::from(ready.body.body(coding)),
            )
        };
        Answered::new(response, ready.route)
    }
}

/// Bytes the answer holds, for the cache that keeps it: its body in every coding, and its header
/// maps' entries (the bytes of the values every answer shares, such as the security headers',
/// are held once, shared by every clone, and not counted).
impl HeldBytes for ReadyResponse {
    fn held_bytes(&self) -> usize {
        let headers: usize = self
            .variants
            .iter()
            .flat_map(|variant| [&variant.headers, &variant.not_modified])
            .map(|headers| headers.len() * size_of::<(HeaderValue, HeaderValue)>())
            .sum();
        Encoded::held_bytes(&self.body) + headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn description() -> Description<'static> {
        Description {
            content_type: HeaderValue::from_static("application/json"),
            cache_control: HeaderValue::from_static("public, max-age=300"),
            extra: HeaderMap::new(),
            route: "/api/supported-assets",
        }
    }

    #[test]
    fn every_coding_is_answered_with_its_own_etag_and_a_head_with_the_length_of_the_get() {
        let ready = ReadyResponses::new(&HeaderMap::new());
        let body = Encoded::compress(vec![b'a'; 4_000]);
        let answer = ready.make(Arc::new(body), &description());
        let asking = |coding: &'static str, method: &Method, etag: Option<&HeaderValue>| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(coding));
            if let Some(etag) = etag {
                headers.insert(header::IF_NONE_MATCH, etag.clone());
            }
            ready.answer(&answer, method, &headers).response
        };
        let brotli = asking("br", &Method::GET, None);
        let identity = asking("identity", &Method::GET, None);
        let (brotli_tag, identity_tag) = (
            &brotli.headers()[header::ETAG],
            &identity.headers()[header::ETAG],
        );
        assert_ne!(brotli_tag, identity_tag);
        assert_eq!(brotli.headers()[header::CONTENT_ENCODING], "br");
        assert_eq!(
            asking("br", &Method::GET, Some(brotli_tag)).status(),
            StatusCode::NOT_MODIFIED
        );
        assert_eq!(
            asking("br", &Method::GET, Some(identity_tag)).status(),
            StatusCode::OK
        );
        let head = asking("identity", &Method::HEAD, None);
        assert_eq!(head.headers()[header::CONTENT_LENGTH], "4000");
        assert_eq!(
            asking("identity;q=0, *;q=0", &Method::GET, None).status(),
            StatusCode::NOT_ACCEPTABLE
        );
    }
}
