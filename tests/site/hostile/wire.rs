//! A raw HTTP/1.1 client for hostile requests: the bytes go out exactly as written (no client
//! checks the URI or the headers), and every answer the server sends back is read and counted,
//! so a test can tell one answer from two and an answer from a closed connection.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use custody_applications::ContactConfig;
use custody_applications::ContactDesk;
use custody_site::http;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

use crate::common::{SITE, edge_config};

/// How long a connection may stay silent before the answers so far are taken as all of them.
const IDLE: Duration = Duration::from_millis(800);
/// The longest any one exchange may take.
const LIMIT: Duration = Duration::from_secs(20);

/// The real server (the default site, applications logged to a temporary file, no rate limit)
/// on a free loopback port; stopped when dropped.
pub struct Server {
    pub addr: SocketAddr,
    /// The applications log.
    pub log: PathBuf,
    task: JoinHandle<anyhow::Result<()>>,
    _dir: tempfile::TempDir,
}

impl Server {
    pub async fn start() -> Self {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let log = dir.path().join("applications.jsonl");
        let contact = ContactConfig {
            log: log.clone(),
            rate_limit_per_minute: 0,
            ..ContactConfig::default()
        };
        let app = http::app(SITE.clone(), Arc::new(ContactDesk::open(&contact)));
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let addr = listener.local_addr().unwrap();
        let config = edge_config();
        let task = tokio::spawn(async move {
            custody_edge::serve_app(app, &config, listener, std::future::pending()).await
        });
        Self {
            addr,
            log,
            task,
            _dir: dir,
        }
    }

    /// Sends `request` on a new connection and reads until the server closes it or stays
    /// silent for a moment.
    pub async fn exchange(&self, request: &[u8]) -> Exchange {
        let stream = TcpStream::connect(self.addr).await.expect("connects");
        let (mut stream, mut writer) = stream.into_split();
        // Written while the answer is read: the server may answer (431, 413) and close before
        // the whole request is written; what it answered still counts, so a failed write is
        // not an error here.
        let request = request.to_vec();
        let writing = tokio::spawn(async move {
            let _ = writer.write_all(&request).await;
            writer
        });
        let mut received = Vec::new();
        let mut buffer = vec![0; 64 * 1024];
        let started = tokio::time::Instant::now();
        let closed = loop {
            match tokio::time::timeout(IDLE, stream.read(&mut buffer)).await {
                Ok(Ok(0)) | Ok(Err(_)) => break true,
                Ok(Ok(n)) => received.extend_from_slice(&buffer[..n]),
                Err(_) => break false,
            }
            assert!(started.elapsed() < LIMIT, "the server keeps sending");
        };
        writing.abort();
        let (responses, rest) = parse_responses(&received);
        Exchange {
            responses,
            unparsed: rest.to_vec(),
            closed,
        }
    }

    /// `GET target` with `extra` header lines (each ending in CRLF) on a connection that closes
    /// after the answer; the server must send exactly one answer.
    pub async fn get(&self, target: &[u8], extra: &[u8]) -> RawResponse {
        let mut request = b"GET ".to_vec();
        request.extend_from_slice(target);
        request.extend_from_slice(b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
        request.extend_from_slice(extra);
        request.extend_from_slice(b"\r\n");
        self.exchange(&request).await.only_answer(target)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// What came back on one connection.
#[derive(Debug)]
pub struct Exchange {
    /// Every complete final answer, in order (interim 1xx answers are skipped).
    pub responses: Vec<RawResponse>,
    /// Bytes after the last complete answer (a torn answer would show here).
    pub unparsed: Vec<u8>,
    /// Whether the server closed the connection (rather than falling silent).
    pub closed: bool,
}

impl Exchange {
    /// The one answer the server sent; fails when it sent none, several, or a torn one.
    pub fn only_answer(mut self, what: &[u8]) -> RawResponse {
        let what = String::from_utf8_lossy(&what[..what.len().min(200)]).into_owned();
        assert!(
            self.unparsed.is_empty(),
            "{what}: a torn answer: {:?}",
            String::from_utf8_lossy(&self.unparsed[..self.unparsed.len().min(200)])
        );
        assert_eq!(
            self.responses.len(),
            1,
            "{what}: one answer, not {:?}",
            self.statuses()
        );
        self.responses.remove(0)
    }

    pub fn statuses(&self) -> Vec<u16> {
        self.responses.iter().map(|r| r.status).collect()
    }
}

/// One answer as it came over the wire.
#[derive(Debug, Clone)]
pub struct RawResponse {
    pub status: u16,
    pub headers: Vec<(String, Vec<u8>)>,
    /// The body with any chunked framing removed (content codings are left as they are).
    pub body: Vec<u8>,
}

impl RawResponse {
    /// The first value of header `name` as text ("" when absent or not text).
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .and_then(|(_, v)| std::str::from_utf8(v).ok())
            .unwrap_or("")
    }

    /// The body as text; the answer must not be content-coded.
    pub fn text(&self) -> String {
        assert_eq!(self.header("content-encoding"), "", "an identity body");
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Splits the bytes a server sent into answers; returns the bytes after the last complete one.
fn parse_responses(mut bytes: &[u8]) -> (Vec<RawResponse>, &[u8]) {
    let mut responses = Vec::new();
    loop {
        let mut slots = [httparse::EMPTY_HEADER; 128];
        let mut head = httparse::Response::new(&mut slots);
        let Ok(httparse::Status::Complete(head_len)) = head.parse(bytes) else {
            return (responses, bytes);
        };
        let status = head.code.unwrap_or_default();
        let headers: Vec<(String, Vec<u8>)> = head
            .headers
            .iter()
            .map(|h| (h.name.to_ascii_lowercase(), h.value.to_vec()))
            .collect();
        let rest = &bytes[head_len..];
        let value = |name: &str| {
            headers
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| String::from_utf8_lossy(v).into_owned())
        };
        let (body, used) = if (100..200).contains(&status) || status == 204 || status == 304 {
            (Vec::new(), 0)
        } else if value("transfer-encoding").is_some_and(|te| te.contains("chunked")) {
            match dechunk(rest) {
                Some(decoded) => decoded,
                None => return (responses, bytes),
            }
        } else if let Some(length) = value("content-length") {
            let length: usize = length.trim().parse().expect("a numeric Content-Length");
            if rest.len() < length {
                return (responses, bytes);
            }
            (rest[..length].to_vec(), length)
        } else {
            (rest.to_vec(), rest.len())
        };
        bytes = &rest[used..];
        if !(100..200).contains(&status) {
            responses.push(RawResponse {
                status,
                headers,
                body,
            });
        }
    }
}

/// A chunked body: the data and the bytes it took, or `None` when it is incomplete.
fn dechunk(bytes: &[u8]) -> Option<(Vec<u8>, usize)> {
    let mut body = Vec::new();
    let mut at = 0;
    loop {
        let line_end = at + bytes[at..].windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&bytes[at..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        at = line_end + 2;
        if size == 0 {
            // Trailers (none expected) end with an empty line.
            let end = at + bytes[at..].windows(2).position(|w| w == b"\r\n")?;
            return Some((body, end + 2));
        }
        if bytes.len() < at + size + 2 {
            return None;
        }
        body.extend_from_slice(&bytes[at..at + size]);
        at += size + 2;
    }
}
