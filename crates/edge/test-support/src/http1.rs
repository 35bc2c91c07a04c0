//! HTTP/1.1 written by hand over a socket: the bytes go out exactly as the test writes them, and
//! what comes back is read as it arrives.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long a connection may take to be made (a burst of connects).
const CONNECT_WITHIN: Duration = Duration::from_secs(15);

/// A new connection to `addr`; the server takes it from its socket's queue once it accepts.
pub async fn connect(addr: &str) -> TcpStream {
    tokio::time::timeout(CONNECT_WITHIN, TcpStream::connect(addr))
        .await
        .unwrap_or_else(|_| panic!("no connection to {addr} within {CONNECT_WITHIN:?}"))
        .unwrap()
}

/// Sends `request` on a new connection to `addr` and reads until the server closes it.
pub async fn raw_request(addr: std::net::SocketAddr, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    String::from_utf8_lossy(&response).into_owned()
}

/// Sends one keep-alive `GET path` on `stream` and reads its answer (a `Content-Length` body);
/// returns the answer's head.
pub async fn exchange(stream: &mut TcpStream, path: &str) -> String {
    let request = format!("GET {path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept-encoding: br\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut received = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    loop {
        let read = stream.read(&mut buffer).await.unwrap();
        assert!(
            read > 0,
            "the connection closed before the answer was complete"
        );
        received.extend_from_slice(&buffer[..read]);
        let text = String::from_utf8_lossy(&received);
        if let Some(end) = text.find("\r\n\r\n") {
            let length: usize = text[..end]
                .lines()
                .find_map(|line| {
                    line.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(|n| n.trim().parse().unwrap())
                })
                .unwrap_or(0);
            if received.len() >= end + 4 + length {
                return text[..end].to_owned();
            }
        }
    }
}
