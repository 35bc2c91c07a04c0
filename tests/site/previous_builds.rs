//! Previous builds against the release binary: it stores its own build's files in the builds
//! directory (the bytes and headers it serves), serves the files of an earlier build found there
//! (a fixture written in the on-disk format) with their immutable headers, coding negotiation and
//! `304`, deletes a build retired longer ago than `keep_hours`, and never answers a path that is
//! not in an index, whatever the request target.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, SystemTime};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::activation::bound;
use crate::common::{Running, SITE, site_command};

/// The earlier build the fixture stands for.
const OLD: &str = "0ld0ld0ld0ld0ld0";
/// A build retired longer ago than `keep_hours`.
const EXPIRED: &str = "e0e0e0e0e0e0e0e0";
/// Text that only files outside every index hold.
const SENTINEL: &str = "SENTINEL-NEVER-SERVED";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const OLD_SCRIPT: &str = "/_app/assets/entry-client-0ldC0de1.js";
const OLD_KIT: &str = "/_app/brand/kestrel-custody-brand-kit.0ld0ld0ld0.zip";

/// One file of a fixture build: its path, headers and identity body (compressed here).
struct FixtureFile {
    path: String,
    content_type: &'static str,
    cache_control: &'static str,
    disposition: Option<&'static str>,
    body: Vec<u8>,
}

fn brotli(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
    writer.write_all(body).unwrap();
    drop(writer);
    out
}

fn gzip(body: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(body).unwrap();
    encoder.finish().unwrap()
}

/// Writes build `id` into `builds` in the on-disk format: `files.bin` with each body in brotli,
/// gzip and identity, `index.json` pointing into it, and a retirement mark when `retired` is set.
fn write_build(builds: &Path, id: &str, files: &[FixtureFile], retired: Option<u64>) {
    let dir = builds.join(id);
    std::fs::create_dir_all(&dir).unwrap();
    let mut pack = Vec::new();
    let mut index = serde_json::Map::new();
    for file in files {
        let mut codings = serde_json::Map::new();
        for (name, bytes) in [
            ("br", brotli(&file.body)),
            ("gzip", gzip(&file.body)),
            ("identity", file.body.clone()),
        ] {
            codings.insert(name.into(), json!([pack.len(), bytes.len()]));
            pack.extend_from_slice(&bytes);
        }
        let mut entry = json!({
            "contentType": file.content_type,
            "cacheControl": file.cache_control,
            "etag": format!("\"{}\"", &blake3::hash(&file.body).to_hex()[..32]),
            "codings": codings,
        });
        if let Some(disposition) = file.disposition {
            entry["disposition"] = json!(disposition);
        }
        index.insert(file.path.clone(), entry);
    }
    let index =
        json!({ "format": 1, "build": id, "timestamp": 1_700_000_000_000u64, "files": index });
    std::fs::write(dir.join("index.json"), index.to_string()).unwrap();
    std::fs::write(dir.join("files.bin"), pack).unwrap();
    std::fs::write(dir.join("secret.txt"), SENTINEL).unwrap();
    if let Some(at) = retired {
        std::fs::write(dir.join("retired"), format!("{at}\n")).unwrap();
    }
}

fn old_files() -> Vec<FixtureFile> {
    vec![
        FixtureFile {
            path: OLD_SCRIPT.into(),
            content_type: "text/javascript; charset=utf-8",
            cache_control: IMMUTABLE,
            disposition: None,
            body: "export const build = 'old';\n".repeat(40).into_bytes(),
        },
        FixtureFile {
            path: format!("/_app/builds/meta/{OLD}.json"),
            content_type: "application/json",
            cache_control: "no-cache",
            disposition: None,
            body: json!({ "id": OLD, "routes": [] }).to_string().into_bytes(),
        },
        FixtureFile {
            path: OLD_KIT.into(),
            content_type: "application/zip",
            cache_control: IMMUTABLE,
            disposition: Some("attachment; filename=\"kestrel-custody-brand-kit.zip\""),
            body: b"PK\x05\x06".repeat(100),
        },
    ]
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// One answer read whole over its own connection.
struct Raw {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Raw {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// Sends `method target` exactly as written, with `headers`, and reads the answer to the end.
async fn raw(addr: &str, method: &str, target: &str, headers: &[(&str, &str)]) -> Raw {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut request =
        format!("{method} {target} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let mut parsed_headers = [httparse::EMPTY_HEADER; 64];
    let mut response = httparse::Response::new(&mut parsed_headers);
    let httparse::Status::Complete(head) = response.parse(&answer).unwrap() else {
        panic!("{target}: an incomplete answer");
    };
    Raw {
        status: response.code.unwrap(),
        headers: response
            .headers
            .iter()
            .map(|h| {
                (
                    h.name.to_owned(),
                    String::from_utf8_lossy(h.value).into_owned(),
                )
            })
            .collect(),
        body: answer[head..].to_vec(),
    }
}

async fn get(addr: &str, path: &str, encoding: &str) -> Raw {
    raw(addr, "GET", path, &[("accept-encoding", encoding)]).await
}

/// The binary on a socket of its own with `builds` as its builds directory (`keep_hours` 1), once it
/// has logged that its own build's files are stored, with its address and its log so far; its
/// later log lines keep being drained.
async fn start(dir: &Path, builds: &Path) -> (Running, String, String) {
    let (listener, addr) = bound();
    let mut child = site_command(&[("listen", &listener)], &format!("http://{addr}"))
        .env("CUSTODY_SITE_PREVIOUS_BUILDS_DIR", builds)
        .env("CUSTODY_SITE_PREVIOUS_BUILDS_KEEP_HOURS", "1")
        .env("CUSTODY_SITE_CONTACT_LOG", dir.join("applications.jsonl"))
        .env("RUST_LOG", "info,custody_site::request=warn")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(listener);
    let stderr = child.stderr.take().unwrap();
    let site = Running(child);
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let mut log = String::new();
    while !log.contains("previous builds: this build's files are stored") {
        let line = received
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("the binary did not store its build:\n{log}"));
        log.push_str(&line);
        log.push('\n');
    }
    (site, addr, log)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_files_of_previous_builds_are_served_after_an_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let builds = dir.path().join("builds");
    write_build(&builds, OLD, &old_files(), None);
    let expired_file = FixtureFile {
        path: "/_app/assets/expired-0ld0ld0l.js".into(),
        body: b"expired".repeat(50),
        ..old_files().remove(0)
    };
    write_build(
        &builds,
        EXPIRED,
        &[expired_file],
        Some(unix_now() - 2 * 3600),
    );
    std::fs::write(builds.join("secret.txt"), SENTINEL).unwrap();
    let (_site, addr, log) = start(dir.path(), &builds).await;
    assert!(log.contains("previous_builds=1"), "{log}");

    // Readiness names the previous builds served.
    let ready: Value =
        serde_json::from_slice(&get(&addr, "/readyz", "identity").await.body).unwrap();
    assert_eq!(ready["previousBuilds"], 1, "{ready}");

    // The earlier build: each coding as the client prefers, immutable headers, security headers.
    let wanted = String::from_utf8(old_files()[0].body.clone()).unwrap();
    for (encoding, coding) in [
        ("br, gzip", Some("br")),
        ("gzip", Some("gzip")),
        ("identity", None),
    ] {
        let answer = get(&addr, OLD_SCRIPT, encoding).await;
        assert_eq!(answer.status, 200, "{encoding}");
        assert_eq!(answer.header("content-encoding"), coding);
        assert_eq!(answer.header("cache-control"), Some(IMMUTABLE));
        assert_eq!(answer.header("vary"), Some("accept-encoding"));
        assert_eq!(
            answer.header("content-type"),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
        assert!(answer.header("content-security-policy").is_some());
        let text = match coding {
            Some("br") => {
                let mut out = Vec::new();
                brotli::BrotliDecompress(&mut &answer.body[..], &mut out).unwrap();
                out
            }
            Some(_) => {
                let mut out = Vec::new();
                std::io::Read::read_to_end(
                    &mut flate2::read::GzDecoder::new(&answer.body[..]),
                    &mut out,
                )
                .unwrap();
                out
            }
            None => answer.body.clone(),
        };
        assert_eq!(String::from_utf8(text).unwrap(), wanted, "{encoding}");
    }
    let first = get(&addr, OLD_SCRIPT, "br").await;
    let etag = first.header("etag").unwrap().to_owned();
    let revalidated = raw(
        &addr,
        "GET",
        OLD_SCRIPT,
        &[("if-none-match", &etag), ("accept-encoding", "br")],
    )
    .await;
    assert_eq!(revalidated.status, 304);
    assert_eq!(revalidated.header("etag"), Some(etag.as_str()));
    assert!(revalidated.body.is_empty());
    // The brotli form's tag names that form alone: a client without brotli gets its own form.
    let other_form = raw(&addr, "GET", OLD_SCRIPT, &[("if-none-match", &etag)]).await;
    assert_eq!(other_form.status, 200);
    assert_ne!(other_form.header("etag"), Some(etag.as_str()));
    let head = raw(&addr, "HEAD", OLD_SCRIPT, &[("accept-encoding", "br")]).await;
    assert_eq!(head.status, 200);
    assert_eq!(
        head.header("content-length"),
        Some(first.body.len().to_string().as_str())
    );
    let kit = get(&addr, OLD_KIT, "br").await;
    assert_eq!(kit.status, 200);
    assert_eq!(
        kit.header("content-disposition"),
        Some("attachment; filename=\"kestrel-custody-brand-kit.zip\"")
    );
    let meta = get(&addr, &format!("/_app/builds/meta/{OLD}.json"), "identity").await;
    assert_eq!(meta.status, 200);
    assert_eq!(meta.header("cache-control"), Some("no-cache"));
    assert_eq!(
        serde_json::from_slice::<Value>(&meta.body).unwrap()["id"],
        OLD
    );
    let refused = raw(&addr, "POST", OLD_SCRIPT, &[("content-length", "0")]).await;
    assert_ne!(refused.status, 200);
    // The old page's navigation still learns of the upgrade and loads in full.
    let data = get(
        &addr,
        &format!("/_app/data?path=/about&build={OLD}"),
        "identity",
    )
    .await;
    assert_eq!(data.status, 409);

    // The earlier build was retired now; the expired one is neither served nor kept.
    let retired: u64 = std::fs::read_to_string(builds.join(OLD).join("retired"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(retired.abs_diff(unix_now()) < 120, "{retired}");
    assert!(
        !builds.join(EXPIRED).exists(),
        "the expired build is deleted"
    );
    let expired = get(&addr, "/_app/assets/expired-0ld0ld0l.js", "identity").await;
    assert_eq!(expired.status, 404);
    assert_eq!(
        expired.header("content-type"),
        Some("text/html; charset=utf-8")
    );

    // The running build's own files, as stored, are what it serves.
    let own = builds.join(&SITE.build().build_id);
    let index: Value =
        serde_json::from_slice(&std::fs::read(own.join("index.json")).unwrap()).unwrap();
    let pack = std::fs::read(own.join("files.bin")).unwrap();
    let files = index["files"].as_object().unwrap();
    assert!(files.len() > 30, "{} files", files.len());
    assert!(files.contains_key(&format!("/_app/builds/meta/{}.json", SITE.build().build_id)));
    for (path, entry) in files {
        for encoding in ["br", "gzip", "identity"] {
            let answer = get(&addr, path, encoding).await;
            assert_eq!(answer.status, 200, "{path}");
            let coding = answer.header("content-encoding").unwrap_or("identity");
            let [offset, len] =
                [0, 1].map(|i| entry["codings"][coding][i].as_u64().unwrap() as usize);
            assert!(
                answer.body == pack[offset..offset + len],
                "{path} in {coding}"
            );
            // The index holds the identity form's tag; each coding's is derived from it.
            let identity_tag = entry["etag"].as_str().unwrap();
            let etag = match coding {
                "identity" => identity_tag.to_owned(),
                _ => format!("{}-{coding}\"", identity_tag.trim_end_matches('"')),
            };
            assert_eq!(answer.header("etag"), Some(etag.as_str()), "{path}");
            for (header, key) in [
                ("content-type", "contentType"),
                ("cache-control", "cacheControl"),
                ("content-disposition", "disposition"),
            ] {
                assert_eq!(
                    answer.header(header),
                    entry[key].as_str(),
                    "{path}: {header}"
                );
            }
        }
    }

    // No request target reaches a file that is not in an index.
    let hostile = [
        "/_app/../secret.txt".to_owned(),
        "/_app/assets/../../secret.txt".into(),
        format!("/_app/{OLD}/secret.txt"),
        format!("/_app/../{OLD}/secret.txt"),
        format!("/_app/%2e%2e/{OLD}/secret.txt"),
        "/_app/%2e%2e%2fsecret.txt".into(),
        "/_app/assets%2f..%2f..%2fsecret.txt".into(),
        "/_app/..%2F..%2F..%2F..%2Fetc%2Fpasswd".into(),
        "/_app/assets/../../../../../../etc/passwd".into(),
        "/_app//etc/passwd".into(),
        format!("/_app/{OLD}/index.json"),
        format!("/_app/{OLD}/files.bin"),
        "/_app/files.bin".into(),
        "/_app/index.json".into(),
        format!("{OLD_SCRIPT}/../../../secret.txt"),
        format!("{OLD_SCRIPT}%00"),
        format!("{}/", OLD_SCRIPT),
        format!("http://{addr}/_app/../secret.txt"),
        format!("http://{addr}/_app/%2e%2e/{OLD}/files.bin"),
    ];
    for target in &hostile {
        let answer = get(&addr, target, "identity").await;
        assert!(
            [400, 404].contains(&answer.status),
            "{target}: {}",
            answer.status
        );
        let body = String::from_utf8_lossy(&answer.body);
        assert!(
            !body.contains(SENTINEL) && !body.contains("root:"),
            "{target}"
        );
    }
    // The absolute form of a listed file is that file.
    let absolute = get(&addr, &format!("http://{addr}{OLD_SCRIPT}"), "identity").await;
    assert_eq!(absolute.status, 200);
}
