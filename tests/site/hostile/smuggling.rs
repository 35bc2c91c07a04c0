//! Request smuggling over a real socket: the framing shapes (`Content-Length` with chunked,
//! disagreeing lengths, transfer codings that are not chunked last, chunk sizes that are not
//! sizes) each refused or answered once on a connection that then closes, no smuggled second
//! request ever answered; and broken header syntax refused with 400.

use super::wire::Server;
use super::{api_error, report};
use crate::common::PUBLIC;

/// A second request hidden after the first; an answer to it shows its marker.
const SMUGGLED: &[u8] = b"GET /zh/smuggled-marker HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

/// The head of a POST to the contact endpoint that passes every check before the body.
fn contact_head(framing: &[u8]) -> Vec<u8> {
    let mut head = format!(
        "POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nOrigin: {PUBLIC}\r\n"
    )
    .into_bytes();
    head.extend_from_slice(framing);
    head.extend_from_slice(b"\r\n");
    head
}

#[tokio::test]
async fn request_smuggling_shapes_are_refused_or_answered_once_then_closed() {
    let server = Server::start().await;
    // (framing headers, body, whether hyper refuses the head itself with 400)
    let shapes: Vec<(&[u8], &[u8], bool)> = vec![
        // Content-Length and chunked: chunked wins, and the connection closes after the answer.
        (
            b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n",
            b"0\r\n\r\n",
            false,
        ),
        (
            b"Transfer-Encoding: chunked\r\nContent-Length: 4\r\n",
            b"0\r\n\r\n",
            false,
        ),
        (
            b"Content-Length: 50\r\nTransfer-Encoding: chunked\r\n",
            b"2\r\n{}\r\n0\r\n\r\n",
            false,
        ),
        // Disagreeing lengths.
        (b"Content-Length: 2\r\nContent-Length: 40\r\n", b"{}", true),
        (b"Content-Length: 2, 40\r\n", b"{}", true),
        (b"Content-Length: +2\r\n", b"{}", true),
        (b"Content-Length: -1\r\n", b"{}", true),
        (b"Content-Length: 2x\r\n", b"{}", true),
        (b"Content-Length: 0x2\r\n", b"{}", true),
        (b"Content-Length: 99999999999999999999999\r\n", b"{}", true),
        // Transfer codings that are not chunked last.
        (b"Transfer-Encoding: xchunked\r\n", b"0\r\n\r\n", true),
        (
            b"Transfer-Encoding: chunked, identity\r\n",
            b"0\r\n\r\n",
            true,
        ),
        (b"Transfer-Encoding: identity\r\n", b"{}", true),
        (
            b"Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n",
            b"0\r\n\r\n",
            true,
        ),
        (b"Transfer-Encoding: chunked\x0b\r\n", b"0\r\n\r\n", true),
        // Malformed header lines around the framing.
        (b" Transfer-Encoding: chunked\r\n", b"0\r\n\r\n", true),
        (b"Transfer-Encoding : chunked\r\n", b"0\r\n\r\n", true),
        (
            b"Transfer-Encoding: chunked\r\n Content-Length: 4\r\n",
            b"0\r\n\r\n",
            true,
        ),
        (b"Content-Length\r\n", b"{}", true),
        // Chunk sizes that are not sizes.
        (
            b"Transfer-Encoding: chunked\r\n",
            b"zz\r\n{}\r\n0\r\n\r\n",
            false,
        ),
        (
            b"Transfer-Encoding: chunked\r\n",
            b"-1\r\n{}\r\n0\r\n\r\n",
            false,
        ),
        (
            b"Transfer-Encoding: chunked\r\n",
            b"0x2\r\n{}\r\n0\r\n\r\n",
            false,
        ),
        (
            b"Transfer-Encoding: chunked\r\n",
            b"fffffffffffffffffffff\r\n{}\r\n0\r\n\r\n",
            false,
        ),
        (
            b"Transfer-Encoding: chunked\r\n",
            b"2\r\n{}XX0\r\n\r\n",
            false,
        ),
        (
            b"Transfer-Encoding: chunked\r\n",
            b" 2\r\n{}\r\n0\r\n\r\n",
            false,
        ),
        (b"Transfer-Encoding: chunked\r\n", b"2\n{}\n0\n\n", false),
    ];
    let mut sent = 0;
    for (framing, body, refused_by_parser) in &shapes {
        let what = format!(
            "{} / {}",
            String::from_utf8_lossy(framing).escape_debug(),
            String::from_utf8_lossy(body).escape_debug()
        );
        let mut bytes = contact_head(framing);
        bytes.extend_from_slice(body);
        bytes.extend_from_slice(SMUGGLED);
        let exchange = server.exchange(&bytes).await;
        assert!(
            exchange.responses.len() <= 1,
            "{what}: one request, answers {:?}",
            exchange.statuses()
        );
        for answer in &exchange.responses {
            assert!(
                !String::from_utf8_lossy(&answer.body).contains("smuggled-marker"),
                "{what}: the smuggled request was answered"
            );
            assert!(answer.status < 500, "{what}: {}", answer.status);
        }
        assert!(exchange.closed, "{what}: the connection is closed");
        if *refused_by_parser {
            assert_eq!(exchange.statuses(), [400], "{what}");
        } else if let Some(answer) = exchange.responses.first() {
            // The endpoint read the body: a 4xx in the API's shape, never a claim of success
            // and never 413 for a body that is malformed rather than large.
            assert!(
                [400, 422].contains(&answer.status),
                "{what}: {}",
                answer.status
            );
            api_error(&answer.text(), &what);
        }
        // The same shapes against a document, whose handler never reads the body.
        let mut page = b"GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n".to_vec();
        page.extend_from_slice(framing);
        page.extend_from_slice(b"\r\n");
        page.extend_from_slice(body);
        page.extend_from_slice(SMUGGLED);
        let exchange = server.exchange(&page).await;
        assert!(
            exchange.responses.len() <= 1,
            "GET {what}: {:?}",
            exchange.statuses()
        );
        assert!(
            exchange
                .responses
                .iter()
                .all(|a| a.status < 500
                    && !String::from_utf8_lossy(&a.body).contains("smuggled-marker")),
            "GET {what}: {:?}",
            exchange.statuses()
        );
        assert!(exchange.closed, "GET {what}: the connection is closed");
        sent += 2;
    }
    // HTTP/1.0 cannot carry a transfer coding.
    let old = b"POST /api/contact HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n";
    let exchange = server.exchange(old).await;
    assert_eq!(exchange.statuses(), [400]);
    sent += 1;
    report("headers: request smuggling shapes", sent);
}

#[tokio::test]
async fn broken_header_syntax_is_refused_with_400() {
    let server = Server::start().await;
    let heads: Vec<&[u8]> = vec![
        b"GET /about HTTP/1.1\r\nHost: x\r\nX-Nul: a\x00b\r\n\r\n",
        b"GET /about HTTP/1.1\r\nHost: x\r\nX-Ctl: a\x01b\r\n\r\n",
        b"GET /about HTTP/1.1\r\nHost: x\r\nX Space: 1\r\n\r\n",
        b"GET /about HTTP/1.1\r\nHost: x\r\n: empty-name\r\n\r\n",
        b"GET /about HTTP/1.1\r\nHost: x\r\nX-Bad\x7fName: 1\r\n\r\n",
        b"GET /about HTTP/1.1\r\nHost: x\r\nX-Cr: a\rb\r\n\r\n",
        b"GET /about HTTP/9.9\r\nHost: x\r\n\r\n",
        b"GET /about HTTP/1.1 extra\r\nHost: x\r\n\r\n",
        b"G\xc3\x89T /about HTTP/1.1\r\nHost: x\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
    ];
    for head in &heads {
        let exchange = server.exchange(head).await;
        let what = String::from_utf8_lossy(head).escape_debug().to_string();
        assert!(exchange.responses.len() <= 1, "{what}");
        assert!(
            exchange
                .statuses()
                .iter()
                .all(|status| [400, 505].contains(status)),
            "{what}: {:?}",
            exchange.statuses()
        );
        assert!(exchange.closed, "{what}: closed");
    }
    report("headers: broken header syntax", heads.len());
}
