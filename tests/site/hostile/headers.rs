//! Hostile headers over a real socket: sizes and counts hyper must refuse, and garbage in the
//! headers the site reads (`Accept-Encoding`, `Accept-Language`, `If-None-Match`). The
//! request-smuggling shapes are in `smuggling.rs`.

use std::io::Read;

use custody_content::Lang;

use super::wire::{RawResponse, Server};
use super::{api_error, report};
use crate::common::{PUBLIC, SITE};

/// Targets that answer through each path of the server: a fixed document, a fixed file, a page
/// the router renders (404), and the JSON endpoints.
const TARGETS: [&str; 7] = [
    "/about",
    "/robots.txt",
    "/zh/no-such-page",
    "/api/supported-assets?entity=hk&size=10",
    "/api/faq/search?q=custody",
    "/_app/data?path=/zh/about",
    "/api/supported-assets?entity=xx",
];

/// A request line, `extra` header lines and the end of the head.
fn request(method: &str, target: &str, extra: &[u8]) -> Vec<u8> {
    let mut bytes = format!("{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n").into_bytes();
    bytes.extend_from_slice(extra);
    bytes.extend_from_slice(b"\r\n");
    bytes
}

/// One header line.
fn line(name: &str, value: &[u8]) -> Vec<u8> {
    let mut bytes = format!("{name}: ").into_bytes();
    bytes.extend_from_slice(value);
    bytes.extend_from_slice(b"\r\n");
    bytes
}

/// The body of an answer, decoded from its content coding; the coding must be one we serve.
fn decoded(answer: &RawResponse, what: &str) -> Vec<u8> {
    let mut out = Vec::new();
    match answer.header("content-encoding") {
        "" => out.clone_from(&answer.body),
        "br" => brotli::BrotliDecompress(&mut &answer.body[..], &mut out)
            .unwrap_or_else(|e| panic!("{what}: valid brotli: {e}")),
        "gzip" => {
            flate2::read::GzDecoder::new(&answer.body[..])
                .read_to_end(&mut out)
                .unwrap_or_else(|e| panic!("{what}: valid gzip: {e}"));
        }
        other => panic!("{what}: unexpected coding {other}"),
    }
    out
}

#[tokio::test]
async fn oversized_and_numerous_headers_are_refused_with_431() {
    let server = Server::start().await;
    let mut sent = 0;
    let refused = [
        line("X-Big", &vec![b'a'; 70 * 1024]),
        line("Cookie", &vec![b'c'; 128 * 1024]),
        (0..200)
            .flat_map(|n| line(&format!("X-H{n}"), b"1"))
            .collect(),
        (0..2000)
            .flat_map(|n| line(&format!("X-Many-{n}"), b"v"))
            .collect(),
    ];
    for target in ["/about", "/api/faq/search?q=x", "/no-such-page"] {
        for extra in &refused {
            let exchange = server.exchange(&request("GET", target, extra)).await;
            let answer = exchange.only_answer(target.as_bytes());
            assert_eq!(answer.status, 431, "{target}");
            sent += 1;
        }
        // Within the limits: large and numerous, still answered.
        let within: Vec<Vec<u8>> = vec![
            line("X-Big", &vec![b'a'; 48 * 1024]),
            (0..90)
                .flat_map(|n| line(&format!("X-H{n}"), b"1"))
                .collect(),
        ];
        for extra in &within {
            let mut extra = extra.clone();
            extra.extend_from_slice(b"Connection: close\r\n");
            let answer = server
                .exchange(&request("GET", target, &extra))
                .await
                .only_answer(target.as_bytes());
            assert!(
                answer.status < 500 && answer.status != 431,
                "{target}: {}",
                answer.status
            );
            sent += 1;
        }
    }
    report("headers: oversized and numerous", sent);
}

/// `Accept-Encoding` values no client should send.
fn bogus_accept_encodings() -> Vec<Vec<u8>> {
    let mut values: Vec<Vec<u8>> = [
        "br;q=banana",
        "br;q=1e999",
        "br;q=-1",
        "br;q=NaN",
        "br;q=inf",
        "gzip;q=0.5;q=0.9",
        "*;q=",
        ";;;;",
        ",,,,",
        "br;;q=1",
        "q=1",
        "br; q = 0.5",
        "gzip;q=0.0000001",
        "br;q=0.5e-300",
        "identity;q=0, *;q=0",
        "br;q=1.0000000000000000001",
        "deflate, compress, x-compress, zstd",
        "*",
        "",
        "   ",
        "br\t;\tq=0.9",
    ]
    .iter()
    .map(|v| v.as_bytes().to_vec())
    .collect();
    values.push(
        (0..4000)
            .map(|n| format!("x{n};q=0.{}", n % 10))
            .collect::<Vec<_>>()
            .join(",")
            .into_bytes(),
    );
    values.push(vec![b','; 40 * 1024]);
    values.push(b"br\xff\xfe;q=1".to_vec());
    values.push("gzip;q=0.9, br;q=\u{0661}".as_bytes().to_vec());
    values.push("\u{00e9}gzip, br".as_bytes().to_vec());
    values
}

#[tokio::test]
async fn garbage_accept_encoding_never_breaks_negotiation() {
    let server = Server::start().await;
    let mut sent = 0;
    for value in bogus_accept_encodings() {
        let what = String::from_utf8_lossy(&value[..value.len().min(60)]).into_owned();
        for target in TARGETS {
            let mut extra = line("Accept-Encoding", &value);
            extra.extend_from_slice(b"Connection: close\r\n");
            let answer = server
                .exchange(&request("GET", target, &extra))
                .await
                .only_answer(target.as_bytes());
            let what = format!("{target} with Accept-Encoding {what}");
            assert!(
                [200, 400, 404, 406].contains(&answer.status),
                "{what}: {}",
                answer.status
            );
            if answer.status != 406 {
                let body = decoded(&answer, &what);
                assert!(!body.is_empty(), "{what}: a body");
            }
            sent += 1;
        }
    }
    report("headers: Accept-Encoding garbage", sent);
}

#[tokio::test]
async fn garbage_accept_language_falls_back_to_a_language_of_the_site() {
    let server = Server::start().await;
    // (value, the language the answer must be in): the highest q-value among the site's
    // languages, the first on a tie, English when nothing readable names one.
    let mut values: Vec<(Vec<u8>, Lang)> = vec![
        (b"zh;q=abc".to_vec(), Lang::En),
        (b"*".to_vec(), Lang::En),
        (b"".to_vec(), Lang::En),
        (b"zh-Hans-CN-x-private-".to_vec(), Lang::Zh),
        (b"ZH-cn".to_vec(), Lang::Zh),
        (b"zh_CN".to_vec(), Lang::En),
        (b",,,zh".to_vec(), Lang::Zh),
        (b";q=1".to_vec(), Lang::En),
        (b"zh;q=0.9".to_vec(), Lang::Zh),
        (b"zh;q=1e999".to_vec(), Lang::En),
        (b"zh;q=NaN, en;q=0.1".to_vec(), Lang::En),
        (b"en;q=0.1, zh;q=0.9".to_vec(), Lang::Zh),
        (b"zh;q=0, en".to_vec(), Lang::En),
        (b"de-DE, zh;q=0.5".to_vec(), Lang::Zh),
        (b"\xff\xfezh".to_vec(), Lang::En),
        ("中文, zh".as_bytes().to_vec(), Lang::En),
        ("zh\u{202e}".as_bytes().to_vec(), Lang::En),
    ];
    values.push((
        (0..6000)
            .map(|_| "zh")
            .collect::<Vec<_>>()
            .join(",")
            .into_bytes(),
        Lang::Zh,
    ));
    values.push((
        (0..3000)
            .map(|n| format!("x-{n};q=0.{}", n % 9 + 1))
            .chain(["zh;q=0.01".to_owned()])
            .collect::<Vec<_>>()
            .join(",")
            .into_bytes(),
        Lang::Zh,
    ));
    let messages = |lang: Lang| {
        (
            SITE.content()
                .locale(lang)
                .api
                .supported_assets
                .invalid
                .clone(),
            SITE.content().locale(lang).contact.error.unreadable.clone(),
        )
    };
    let mut sent = 0;
    for (value, lang) in &values {
        let what = String::from_utf8_lossy(&value[..value.len().min(60)]).into_owned();
        let mut extra = line("Accept-Language", value);
        extra.extend_from_slice(b"Connection: close\r\n");
        let supported_assets = server
            .exchange(&request("GET", "/api/supported-assets?entity=xx", &extra))
            .await
            .only_answer(what.as_bytes());
        assert_eq!(supported_assets.status, 400, "{what}");
        let supported_assets_message =
            api_error(&supported_assets.text(), &what)["message"].clone();

        let mut extra = extra.clone();
        extra.extend_from_slice(b"Content-Type: application/json\r\n");
        extra.extend_from_slice(format!("Origin: {PUBLIC}\r\nContent-Length: 2\r\n").as_bytes());
        let mut post = request("POST", "/api/contact", &extra);
        post.extend_from_slice(b"[]");
        let contact = server.exchange(&post).await.only_answer(what.as_bytes());
        assert_eq!(contact.status, 400, "{what}");
        let contact_message = api_error(&contact.text(), &what)["message"].clone();

        let (summary, unreadable) = messages(*lang);
        assert_eq!(
            supported_assets_message,
            summary.as_str(),
            "{what}: in {lang:?}"
        );
        assert_eq!(contact_message, unreadable.as_str(), "{what}: in {lang:?}");
        sent += 2;
    }
    report("headers: Accept-Language garbage", sent);
}

#[tokio::test]
async fn garbage_if_none_match_is_a_miss_not_an_error() {
    let server = Server::start().await;
    let etag_of = |answer: &RawResponse| answer.header("etag").to_owned();
    let mut sent = 0;
    for target in TARGETS {
        let first = server.get(target.as_bytes(), b"").await;
        let etag = etag_of(&first);
        let mut values: Vec<(Vec<u8>, bool)> = [
            ("W/", false),
            ("\"unterminated", false),
            ("W/W/\"x\"", false),
            ("\"\"", false),
            (",", false),
            (",,,,,,", false),
            ("W/\"\"", false),
            ("\"a\" \"b\"", false),
        ]
        .iter()
        .map(|(v, hit)| (v.as_bytes().to_vec(), *hit))
        .collect();
        values.push((format!("garbage{etag}garbage").into_bytes(), false));
        values.push((b"\"\xff\xfe\"".to_vec(), false));
        values.push(("\"\u{202e}\"".as_bytes().to_vec(), false));
        values.push((
            (0..4000)
                .map(|n| format!("\"{n:08x}\""))
                .collect::<Vec<_>>()
                .join(", ")
                .into_bytes(),
            false,
        ));
        if !etag.is_empty() {
            values.push((b"*".to_vec(), true));
            values.push((
                format!("{}, W/{etag}", "\"nope\", ".repeat(3000)).into_bytes(),
                true,
            ));
        }
        for (value, hit) in &values {
            let what = format!(
                "{target} with If-None-Match {}",
                String::from_utf8_lossy(&value[..value.len().min(40)])
            );
            let answer = server
                .get(target.as_bytes(), &line("If-None-Match", value))
                .await;
            let expected = if *hit && first.status == 200 {
                304
            } else {
                first.status
            };
            assert_eq!(answer.status, expected, "{what}");
            sent += 1;
        }
    }
    report("headers: If-None-Match garbage", sent);
}
