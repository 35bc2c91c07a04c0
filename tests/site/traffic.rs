//! Visitors for restart tests: clients sending requests without pause, over kept-alive
//! HTTP/1.1 connections, over a new connection each, and over HTTP/2, counting every answer
//! and every failure (a refused connection, a connection closed without an answer, a status
//! other than 200); and contact applications held in flight while the server stops.
//!
//! One refusal is not a failure: an HTTP/2 request the server's final GOAWAY (`NO_ERROR`)
//! names as unprocessed. RFC 9113 §6.8 says such a request can be retried safely, and browsers
//! do; the HTTP/2 visitor sends it again on a new connection and counts the retry.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::body::Body;
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::task::JoinHandle;

use crate::contact::valid;
use custody_edge_test_support::tally::Tally;

/// Visitors loading one address until stopped.
pub struct Traffic {
    pub tally: Arc<Tally>,
    stop: Arc<AtomicBool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Traffic {
    /// `keep_alive` clients on kept-alive connections, `fresh` clients opening a connection per
    /// request, and `http2` HTTP/2 (prior knowledge) clients, all asking for `/` at `addr`.
    pub fn start(addr: &str, keep_alive: usize, fresh: usize, http2: usize) -> Self {
        let tally = Arc::new(Tally::default());
        let stop = Arc::new(AtomicBool::new(false));
        let mut tasks = Vec::new();
        for _ in 0..keep_alive {
            tasks.push(tokio::spawn(kept_alive(
                addr.to_owned(),
                tally.clone(),
                stop.clone(),
            )));
        }
        for _ in 0..fresh {
            tasks.push(tokio::spawn(fresh_connections(
                addr.to_owned(),
                tally.clone(),
                stop.clone(),
            )));
        }
        for _ in 0..http2 {
            tasks.push(tokio::spawn(over_http2(
                addr.to_owned(),
                tally.clone(),
                stop.clone(),
            )));
        }
        Self { tally, stop, tasks }
    }

    /// Waits until `more` further requests have been answered; panics after `within`.
    pub async fn wait_for_more(&self, more: u64, within: Duration) {
        self.tally.wait_for_more(more, within).await;
    }

    /// Stops the visitors and returns what they saw.
    pub async fn finish(self) -> Arc<Tally> {
        self.stop.store(true, Ordering::Relaxed);
        for task in self.tasks {
            task.await.unwrap();
        }
        self.tally
    }
}

/// An answer read off an HTTP/1.1 connection.
struct Answer {
    status: u16,
    closes: bool,
}

async fn read_answer(reader: &mut BufReader<TcpStream>) -> Result<Answer, String> {
    let mut head = Vec::new();
    loop {
        let before = head.len();
        reader
            .read_until(b'\n', &mut head)
            .await
            .map_err(|e| format!("reading the answer: {e}"))?;
        if head.len() == before {
            return Err(format!(
                "connection closed without an answer ({} bytes read)",
                before
            ));
        }
        if head.ends_with(b"\r\n\r\n") {
            break;
        }
    }
    let mut headers = [httparse::EMPTY_HEADER; 32];
    let mut response = httparse::Response::new(&mut headers);
    response
        .parse(&head)
        .map_err(|e| format!("a malformed answer: {e}"))?;
    let status = response.code.unwrap_or_default();
    let header = |name: &str| {
        response
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).to_ascii_lowercase())
    };
    let length: usize = header("content-length")
        .and_then(|v| v.parse().ok())
        .ok_or("an answer without content-length")?;
    let closes = header("connection").is_some_and(|v| v.contains("close"));
    let mut body = vec![0; length];
    reader
        .read_exact(&mut body)
        .await
        .map_err(|e| format!("reading the body: {e}"))?;
    Ok(Answer { status, closes })
}

const REQUEST: &str = "GET / HTTP/1.1\r\nhost: site\r\naccept-encoding: br\r\n\r\n";

async fn kept_alive(addr: String, tally: Arc<Tally>, stop: Arc<AtomicBool>) {
    let mut connection: Option<BufReader<TcpStream>> = None;
    while !stop.load(Ordering::Relaxed) {
        let mut reader = match connection.take() {
            Some(reader) => reader,
            None => match TcpStream::connect(&addr).await {
                Ok(stream) => {
                    tally.connections.fetch_add(1, Ordering::Relaxed);
                    BufReader::new(stream)
                }
                Err(error) => {
                    tally.refused(&error);
                    continue;
                }
            },
        };
        if let Err(error) = reader.get_mut().write_all(REQUEST.as_bytes()).await {
            tally.failed(format!("sending on a kept-alive connection: {error}"));
            continue;
        }
        match read_answer(&mut reader).await {
            Ok(answer) if answer.status == 200 => {
                tally.answered();
                if !answer.closes {
                    connection = Some(reader);
                }
            }
            Ok(answer) => tally.failed(format!("status {}", answer.status)),
            Err(error) => tally.failed(format!("kept-alive: {error}")),
        }
    }
}

async fn fresh_connections(addr: String, tally: Arc<Tally>, stop: Arc<AtomicBool>) {
    let request = REQUEST.replace("\r\n\r\n", "\r\nconnection: close\r\n\r\n");
    while !stop.load(Ordering::Relaxed) {
        let stream = match TcpStream::connect(&addr).await {
            Ok(stream) => stream,
            Err(error) => {
                tally.refused(&error);
                continue;
            }
        };
        tally.connections.fetch_add(1, Ordering::Relaxed);
        let mut reader = BufReader::new(stream);
        if let Err(error) = reader.get_mut().write_all(request.as_bytes()).await {
            tally.failed(format!("sending: {error}"));
            continue;
        }
        match read_answer(&mut reader).await {
            Ok(answer) if answer.status == 200 => tally.answered(),
            Ok(answer) => tally.failed(format!("status {}", answer.status)),
            Err(error) => tally.failed(format!("new connection: {error}")),
        }
    }
}

async fn over_http2(addr: String, tally: Arc<Tally>, stop: Arc<AtomicBool>) {
    let client: Client<_, Body> = Client::builder(TokioExecutor::new())
        .http2_only(true)
        .build_http();
    let url: axum::http::Uri = format!("http://{addr}/").parse().unwrap();
    while !stop.load(Ordering::Relaxed) {
        match client.get(url.clone()).await {
            Ok(response) if response.status() == 200 => {
                match response.into_body().collect().await {
                    Ok(_) => tally.answered(),
                    Err(error) => tally.failed(format!("HTTP/2 body: {error}")),
                }
            }
            Ok(response) => tally.failed(format!("HTTP/2 status {}", response.status())),
            Err(error) if left_unprocessed_by_goaway(&error) => {
                tally.retried.fetch_add(1, Ordering::Relaxed);
            }
            Err(error) => tally.failed(format!("HTTP/2: {error:?}")),
        }
    }
}

/// Whether `error` is the server's graceful GOAWAY (`NO_ERROR`) naming the request as never
/// processed: the one failure RFC 9113 §6.8 lets a client retry as if it had not been sent.
fn left_unprocessed_by_goaway(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(error) = cause {
        if let Some(h2) = error.downcast_ref::<h2::Error>() {
            return h2.is_go_away() && h2.is_remote() && h2.reason() == Some(h2::Reason::NO_ERROR);
        }
        cause = error.source();
    }
    false
}

/// A contact application whose headers and first half are sent; [`InFlight::finish`] sends
/// the rest and reads the answer.
pub struct InFlight {
    stream: TcpStream,
    rest: Vec<u8>,
}

impl InFlight {
    /// Starts an application to `addr` from `origin`.
    pub async fn start(addr: &str, origin: &str, company: &str) -> Self {
        let mut body = valid("en");
        body["company"] = json!(company);
        let body = body.to_string().into_bytes();
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let head = format!(
            "POST /api/contact HTTP/1.1\r\nhost: {addr}\r\norigin: {origin}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
            body.len()
        );
        let (first, rest) = body.split_at(body.len() / 2);
        stream.write_all(head.as_bytes()).await.unwrap();
        stream.write_all(first).await.unwrap();
        Self {
            stream,
            rest: rest.to_vec(),
        }
    }

    /// Sends the rest of the body and returns the status and JSON answer.
    pub async fn finish(mut self) -> (u16, Value) {
        self.stream.write_all(&self.rest).await.unwrap();
        let mut reader = BufReader::new(self.stream);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            assert!(
                reader.read_line(&mut line).await.unwrap() > 0,
                "closed without an answer"
            );
            head.push_str(&line);
            if line == "\r\n" {
                break;
            }
        }
        let status = head[9..12].parse().unwrap();
        let length: usize = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().parse().unwrap())
            })
            .unwrap();
        let mut body = vec![0; length];
        reader.read_exact(&mut body).await.unwrap();
        (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
    }
}
