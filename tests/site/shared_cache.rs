//! A real shared cache in front of the release binary: nginx with `proxy_cache`, configured as
//! docs/deployment.md ("Behind a CDN") describes, its key holding the request's content coding
//! normalised to `br`, `gzip` or none. Clients asking for each coding get that coding's bytes,
//! first from the site and then from the cache; revalidation with each representation's ETag
//! gets `304` only for that representation; nothing personal or marked `no-store` or `no-cache`
//! is ever stored; and once the site behind the cache is replaced by one serving other documents,
//! documents come from it at once while hashed files are still served.

use std::collections::HashSet;
use std::path::Path;
use std::process::Stdio;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

use crate::activation::bound;
use crate::caching::hashed_file;
use crate::common::{Running, Stderr, site_command};
use crate::contact::valid;
use crate::nginx;

type HttpClient = Client<HttpConnector, Body>;

/// The cache's verdict on each answer (`$upstream_cache_status`): `MISS`, `HIT`, `REVALIDATED`…
const CACHE_STATUS: &str = "x-cache-status";

/// The codings a client asks for, with the `Content-Encoding` the answer must carry.
const CODINGS: [(&str, &str); 3] = [("br", "br"), ("gzip", "gzip"), ("identity", "")];

/// The nginx configuration of the test (the example of docs/deployment.md, with the test's
/// paths and ports): a cache whose key holds the coding the client accepts, normalised, which is
/// also the only `Accept-Encoding` the site sees, so each stored answer is one representation.
/// The key does what `Vary: accept-encoding` asks, so nginx's own handling of `Vary`, which keeps
/// one answer per key and replaces it whenever the client's exact `Accept-Encoding` differs, is
/// turned off (the header still reaches the client).
fn cache_config(dir: &Path, listen: &str, origin: &str) -> String {
    format!(
        r#"    proxy_cache_path {cache} levels=1:2 keys_zone=site:10m max_size=1g inactive=7d use_temp_path=off;
    map $http_accept_encoding $coding {{
        default "";
        "~*\bbr\b(?!\s*;\s*q=0(\.0*)?\s*(,|$))" br;
        "~*\bgzip\b(?!\s*;\s*q=0(\.0*)?\s*(,|$))" gzip;
    }}
    server {{
        listen {listen};
        client_max_body_size 64k;
        location / {{
            proxy_pass http://{origin};
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header Accept-Encoding $coding;
            proxy_cache site;
            proxy_cache_key "$scheme://$host$request_uri $coding";
            proxy_ignore_headers Vary;
            proxy_cache_revalidate on;
            add_header X-Cache-Status $upstream_cache_status always;
        }}
    }}
"#,
        cache = dir.join("cache").display(),
    )
}

/// The release binary serving on `listener` (the test keeps its copy, so that a replacement can
/// be handed the same socket), with `public_url` and its applications log in `dir`, once ready.
async fn start_origin(dir: &Path, listener: &std::net::TcpListener, public_url: &str) -> Running {
    let mut child = site_command(&[("listen", listener)], public_url)
        .env("CUSTODY_SITE_CONTACT_LOG", dir.join("applications.jsonl"))
        .env("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0")
        .env("RUST_LOG", "warn,custody_edge=info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the release binary starts");
    let stderr = Stderr::collect(&mut child);
    let origin = Running(child);
    stderr
        .wait_for("ready: site loaded, applications log read back", 1)
        .await;
    origin
}

/// An answer: status, headers and the body as sent (still coded).
struct Fetched {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

impl Fetched {
    fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("")
    }

    /// The body with its content coding undone.
    fn decoded(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self.header("content-encoding") {
            "br" => brotli::BrotliDecompress(&mut &self.body[..], &mut out).unwrap(),
            "gzip" => {
                std::io::Read::read_to_end(
                    &mut flate2::read::GzDecoder::new(&self.body[..]),
                    &mut out,
                )
                .unwrap();
            }
            _ => out = self.body.to_vec(),
        }
        out
    }
}

async fn fetch(client: &HttpClient, method: &str, url: &str, headers: &[(&str, &str)]) -> Fetched {
    let mut request = Request::builder().method(method).uri(url);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = client
        .request(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    Fetched {
        status,
        headers,
        body,
    }
}

/// Every key the cache holds: each cached file starts with a header that names its key.
fn cached_keys(cache: &Path) -> Vec<String> {
    let mut keys = Vec::new();
    let mut dirs = vec![cache.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.map(Result::unwrap) {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let text = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
            if let Some(key) = text.split("\nKEY: ").nth(1) {
                keys.push(key.lines().next().unwrap_or_default().to_owned());
            }
        }
    }
    keys
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_shared_cache_serves_each_coding_revalidates_each_representation_and_stores_nothing_personal()
 {
    let dir = tempfile::tempdir().unwrap();
    nginx::open_to_workers(dir.path());
    let (origin_socket, origin_addr) = bound();
    let (front, front_addr) = bound();
    let public = format!("http://{front_addr}");
    let origin = start_origin(dir.path(), &origin_socket, &public).await;
    let config = cache_config(dir.path(), &front_addr, &origin_addr);
    let _nginx = nginx::start(dir.path(), &front, &config);
    // Requests wait in the socket's queue until nginx, started, takes them.
    drop(front);
    let client: HttpClient = Client::builder(TokioExecutor::new()).build_http();

    let asset = hashed_file();
    let cacheable = [
        asset.as_str(),
        "/sitemap.xml",
        "/zh/announcements/feed.xml",
        "/api/supported-assets?entity=sg",
    ];

    // Each coding's bytes, first from the site, then from the cache, each with its own tag: the
    // representation the site itself answers that client with (the API's cached answers are
    // held in brotli and identity alone, so a gzip client gets identity).
    let mut tags = Vec::new();
    let mut three_codings = 0;
    for path in cacheable {
        let plain = fetch(&client, "GET", &format!("http://{origin_addr}{path}"), &[]).await;
        assert_eq!(plain.status, StatusCode::OK, "{path} from the site");
        let mut path_tags = Vec::new();
        let mut encodings = HashSet::new();
        for (accept, encoding) in CODINGS {
            let asked = [("accept-encoding", accept)];
            let direct = fetch(
                &client,
                "GET",
                &format!("http://{origin_addr}{path}"),
                &asked,
            )
            .await;
            let sent = direct.header("content-encoding").to_owned();
            assert!(
                sent == encoding || sent.is_empty(),
                "{path} in {accept}: {sent}"
            );
            encodings.insert(sent.clone());
            let url = format!("{public}{path}");
            let first = fetch(&client, "GET", &url, &asked).await;
            let again = fetch(&client, "GET", &url, &asked).await;
            for (answer, from) in [(&first, "MISS"), (&again, "HIT")] {
                assert_eq!(answer.status, StatusCode::OK, "{path} in {accept}");
                assert_eq!(answer.header(CACHE_STATUS), from, "{path} in {accept}");
                assert_eq!(
                    answer.header("content-encoding"),
                    sent,
                    "{path} in {accept}"
                );
                assert_eq!(answer.header("etag"), direct.header("etag"), "{path}");
                assert_eq!(answer.header("vary"), "accept-encoding", "{path}");
                assert!(
                    answer.body == direct.body,
                    "{path} in {accept}: the site's bytes"
                );
                assert!(
                    answer.decoded() == plain.body,
                    "{path} in {accept}: the content"
                );
            }
            path_tags.push((accept, first.header("etag").to_owned()));
        }
        let distinct: HashSet<&String> = path_tags.iter().map(|(_, tag)| tag).collect();
        assert_eq!(
            distinct.len(),
            encodings.len(),
            "{path}: a tag per representation: {path_tags:?}"
        );
        if encodings.len() == 3 {
            three_codings += 1;
        }
        tags.push((path, path_tags));
    }
    assert_eq!(
        three_codings, 3,
        "the asset, the sitemap and the feed in three codings"
    );

    // A browser's list and a refusal of brotli reach the representation they select.
    let browser = fetch(
        &client,
        "GET",
        &format!("{public}{asset}"),
        &[("accept-encoding", "gzip, deflate, br, zstd")],
    )
    .await;
    assert_eq!(
        (
            browser.header(CACHE_STATUS),
            browser.header("content-encoding")
        ),
        ("HIT", "br")
    );
    let no_brotli = fetch(
        &client,
        "GET",
        &format!("{public}{asset}"),
        &[("accept-encoding", "br;q=0, gzip")],
    )
    .await;
    assert_eq!(
        (
            no_brotli.header(CACHE_STATUS),
            no_brotli.header("content-encoding")
        ),
        ("HIT", "gzip")
    );

    // The cache answers `If-None-Match` with 304 only for the representation the client selects.
    for (path, path_tags) in &tags {
        for (accept, mine) in path_tags {
            for (_, tag) in path_tags {
                let answer = fetch(
                    &client,
                    "GET",
                    &format!("{public}{path}"),
                    &[("accept-encoding", accept), ("if-none-match", tag)],
                )
                .await;
                let expected = if tag == mine {
                    StatusCode::NOT_MODIFIED
                } else {
                    StatusCode::OK
                };
                assert_eq!(answer.status, expected, "{path} in {accept} with {tag}");
                assert_eq!(answer.header(CACHE_STATUS), "HIT", "{path}");
            }
        }
    }

    // Nothing personal, erroneous or to be revalidated is stored: each reaches the site.
    for path in ["/", "/zh/about", "/healthz", "/readyz", "/no-such-page"] {
        for _ in 0..2 {
            let answer = fetch(
                &client,
                "GET",
                &format!("{public}{path}"),
                &[("accept-encoding", "br")],
            )
            .await;
            assert_eq!(answer.header(CACHE_STATUS), "MISS", "{path}");
        }
    }
    let mut receipts = Vec::new();
    for _ in 0..2 {
        let request = Request::post(format!("{public}/api/contact"))
            .header("content-type", "application/json")
            .header("origin", &public)
            .body(Body::from(valid("en").to_string()))
            .unwrap();
        let response = client.request(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        assert_eq!(response.headers()["cache-control"], "private, no-store");
        assert_ne!(
            response.headers().get(CACHE_STATUS).map(|v| v.as_bytes()),
            Some(&b"HIT"[..])
        );
        receipts.push(response.into_body().collect().await.unwrap().to_bytes());
    }
    assert_ne!(
        receipts[0], receipts[1],
        "each application gets its own receipt"
    );
    let keys = cached_keys(&dir.path().join("cache"));
    for (path, _) in &tags {
        for coding in ["br", "gzip", ""] {
            let key = format!("http://127.0.0.1{path} {coding}");
            assert!(keys.contains(&key), "{key} is cached: {keys:?}");
        }
    }
    assert_eq!(
        keys.len(),
        tags.len() * 3,
        "nothing else is stored: {keys:?}"
    );

    // The site behind the cache is replaced by one whose documents differ (another public URL
    // in their links, as a release changes them).
    let old_document = fetch(&client, "GET", &format!("{public}/about"), &[]).await;
    let old_sitemap = fetch(&client, "GET", &format!("{public}/sitemap.xml"), &[]).await;
    drop(origin);
    let renamed = format!(
        "http://localhost:{}",
        front_addr.rsplit(':').next().unwrap()
    );
    let _origin = start_origin(dir.path(), &origin_socket, &renamed).await;
    let document = fetch(&client, "GET", &format!("{public}/about"), &[]).await;
    assert_eq!(document.status, StatusCode::OK);
    assert_eq!(document.header(CACHE_STATUS), "MISS");
    assert_ne!(document.header("etag"), old_document.header("etag"));
    let text = String::from_utf8(document.decoded()).unwrap();
    assert!(
        text.contains(&format!("href=\"{renamed}/about\"")),
        "the new site's document at once"
    );
    // Hashed files are still served, from the cache and from the new site alike.
    for (accept, encoding) in CODINGS {
        let asked = [("accept-encoding", accept)];
        let cached = fetch(&client, "GET", &format!("{public}{asset}"), &asked).await;
        let fresh = fetch(
            &client,
            "GET",
            &format!("http://{origin_addr}{asset}"),
            &asked,
        )
        .await;
        assert_eq!(cached.header(CACHE_STATUS), "HIT");
        assert_eq!(cached.header("content-encoding"), encoding);
        assert!(cached.body == fresh.body, "{asset} in {accept}");
        assert_eq!(cached.header("etag"), fresh.header("etag"));
    }
    // A file with a lifetime is the cache's until it expires or the release purges it
    // (docs/deployment.md).
    let sitemap = fetch(&client, "GET", &format!("{public}/sitemap.xml"), &[]).await;
    assert_eq!(sitemap.header(CACHE_STATUS), "HIT");
    assert!(sitemap.body == old_sitemap.body);
}
