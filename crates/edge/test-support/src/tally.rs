//! What visitors saw while a server was restarted, upgraded or renewed its certificate: every
//! answer and every failure, counted as they come, so that a test can wait for more answers
//! instead of sleeping.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

/// What the visitors saw.
#[derive(Debug, Default)]
pub struct Tally {
    /// Requests answered 200.
    pub answered: AtomicU64,
    /// Connections opened.
    pub connections: AtomicU64,
    /// Connections refused (each also counted as a failure).
    pub refused: AtomicU64,
    /// HTTP/2 requests a graceful GOAWAY left unprocessed, sent again.
    pub retried: AtomicU64,
    failures: std::sync::Mutex<Vec<String>>,
    progress: Notify,
}

impl Tally {
    /// Counts an answered request.
    pub fn answered(&self) {
        self.answered.fetch_add(1, Ordering::Relaxed);
        self.progress.notify_waiters();
    }

    /// Records a failure.
    pub fn failed(&self, what: String) {
        self.failures.lock().unwrap().push(what);
    }

    /// Records a connection the server refused.
    pub fn refused(&self, error: &std::io::Error) {
        self.refused.fetch_add(1, Ordering::Relaxed);
        self.failed(format!("connect: {error}"));
    }

    /// One line of figures: requests sent (answered or failed), HTTP/2 requests retried after
    /// a graceful GOAWAY, connections opened and refused.
    pub fn summary(&self) -> String {
        let answered = self.answered.load(Ordering::Relaxed);
        let failed = self.failures.lock().unwrap().len() as u64;
        format!(
            "{} requests sent, {answered} answered, {failed} failed, {} retried after GOAWAY; {} connections opened, {} refused",
            answered + failed,
            self.retried.load(Ordering::Relaxed),
            self.connections.load(Ordering::Relaxed),
            self.refused.load(Ordering::Relaxed),
        )
    }

    /// Waits until `more` further requests have been answered; panics after `within`.
    pub async fn wait_for_more(&self, more: u64, within: Duration) {
        let target = self.answered.load(Ordering::Relaxed) + more;
        let reached = async {
            loop {
                let progress = self.progress.notified();
                if self.answered.load(Ordering::Relaxed) >= target {
                    return;
                }
                progress.await;
            }
        };
        tokio::time::timeout(within, reached)
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "fewer than {more} answers within {within:?}; failures: {:?}",
                    self.failures()
                )
            });
    }

    /// The failures so far.
    pub fn failures(&self) -> Vec<String> {
        self.failures.lock().unwrap().clone()
    }
}
