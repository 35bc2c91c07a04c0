//! The cap on client connections: a permit for each connection served, the short `503` a
//! connection over the cap gets instead, and the open-file limit raised to fit the cap.

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use custody_metrics::metrics;

/// The answer of a connection over the cap: complete, and closing.
const OVER_CAPACITY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
content-type: text/plain; charset=utf-8\r\n\
retry-after: 1\r\n\
cache-control: no-store\r\n\
connection: close\r\n\
content-length: 66\r\n\
\r\n\
The server is busy. Please try again in a moment. \xe8\xaf\xb7\xe7\xa8\x8d\xe5\x90\x8e\xe9\x87\x8d\xe8\xaf\x95\n";

/// How long a turned-away client gets to take its answer.
const TURN_AWAY_TIMEOUT: Duration = Duration::from_secs(1);

/// File descriptors the process needs beside its client connections (log files, listeners,
/// the webhook's connections).
const SPARE_FILES: u64 = 64;

/// At most `max` connections served at once.
#[derive(Debug, Clone)]
pub struct ConnectionCap {
    permits: Arc<Semaphore>,
}

/// One admitted connection; the slot frees when this is dropped.
#[derive(Debug)]
pub struct Admitted {
    _permit: OwnedSemaphorePermit,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        metrics().connections_open.dec();
    }
}

impl ConnectionCap {
    /// A cap of `max` connections.
    pub fn new(max: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(max)),
        }
    }

    /// A slot for one more connection, or `None` when all are taken.
    pub fn admit(&self) -> Option<Admitted> {
        let permit = self.permits.clone().try_acquire_owned().ok()?;
        metrics().connections_open.inc();
        Some(Admitted { _permit: permit })
    }
}

/// Answers a connection over the cap and closes it: plain HTTP gets the `503` (the request is
/// read and dropped, so closing does not reset the answer away); a TLS connection is closed
/// before any handshake work.
pub async fn turn_away(mut stream: TcpStream, plain_http: bool) {
    metrics().connections_refused.inc();
    if !plain_http {
        return;
    }
    let answer = async {
        stream.write_all(OVER_CAPACITY).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 4096];
        while stream.read(&mut sink).await? > 0 {}
        std::io::Result::Ok(())
    };
    let _ = tokio::time::timeout(TURN_AWAY_TIMEOUT, answer).await;
}

/// Raises the open-file limit to its hard limit, and warns when even that cannot hold
/// `max_connections` connections.
pub fn raise_open_file_limit(max_connections: usize) {
    let needed = max_connections as u64 + SPARE_FILES;
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) if limit < needed => tracing::warn!(
            open_file_limit = limit,
            max_connections,
            "the open-file limit holds fewer connections than server.max_connections; raise it \
             (systemd: LimitNOFILE=) or lower server.max_connections"
        ),
        Ok(_) => {}
        Err(error) => tracing::warn!(%error, "cannot raise the open-file limit"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_busy_answer_is_well_formed() {
        let text = std::str::from_utf8(OVER_CAPACITY).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 503 "));
        assert!(head.contains(&format!("content-length: {}", body.len())));
    }

    #[test]
    fn the_cap_admits_up_to_its_size_and_frees_a_slot_on_drop() {
        let cap = ConnectionCap::new(2);
        let first = cap.admit().unwrap();
        let _second = cap.admit().unwrap();
        assert!(cap.admit().is_none());
        drop(first);
        assert!(cap.admit().is_some());
    }
}
