//! `HEAD` takes the path `GET` takes, whatever kind of answer it gets (a fixed answer, an answer
//! from memory, a previous build's file, the router's): the same status and headers, the
//! `Content-Length` of the `GET`'s body, and no body.

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::common::app;

/// An answer with its body as sent (a `HEAD`'s empty body is no valid brotli).
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    raw: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

/// The answer to `method path` with `Accept-Encoding: br, gzip`.
async fn ask(method: Method, path: &str) -> Answer {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::ACCEPT_ENCODING, "br, gzip")
        .body(Body::empty())
        .unwrap();
    let Ok(response) = app().oneshot(request).await;
    let (parts, body) = response.into_parts();
    let raw = body.collect().await.expect("a body").to_bytes().to_vec();
    Answer {
        status: parts.status,
        headers: parts.headers,
        raw,
    }
}

#[tokio::test]
async fn a_head_gets_the_headers_of_the_get_and_no_body() {
    let paths = [
        "/about",
        "/zh/faq",
        "/robots.txt",
        "/api/supported-assets?entity=sg&page=1&size=20",
        "/api/supported-assets?entity=nowhere",
        "/api/supported-assets?entity=sg&page=9999",
        "/no-such-page",
        "/zh/no-such-page",
        "/serve?from=head",
        "/healthz",
        "/api/faq/search?q=custody",
        "/_app/data?path=/about",
    ];
    for path in paths {
        let get = ask(Method::GET, path).await;
        let head = ask(Method::HEAD, path).await;
        assert_eq!(head.status, get.status, "{path}");
        assert!(head.raw.is_empty(), "{path}: a HEAD has no body");
        // A redirect's empty body has no length to announce.
        let length = head.header("content-length");
        assert!(
            length == get.raw.len().to_string() || (get.raw.is_empty() && length.is_empty()),
            "{path}: the length of the GET's body, not {length:?}"
        );
        let others = |answer: &Answer| {
            let mut headers = answer.headers.clone();
            headers.remove("x-request-id");
            headers.remove(header::CONTENT_LENGTH);
            headers
        };
        assert_eq!(others(&head), others(&get), "{path}: the GET's headers");
        assert!(!head.header("x-request-id").is_empty(), "{path}");
        assert!(
            head.header("content-security-policy")
                .contains("default-src"),
            "{path}"
        );
    }
}
