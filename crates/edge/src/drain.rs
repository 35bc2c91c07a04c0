//! Stopping without failing a request: after the listener closes, HTTP/2 connections get
//! GOAWAY at once and HTTP/1.1 connections answer their next request with `Connection: close`
//! for a short window (a request already on its way to an idle connection is answered, not cut
//! off); then every connection still open is shut down gracefully: in-flight requests finish
//! within the grace period, idle connections close.

use std::pin::pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use hyper_util::server::graceful::GracefulConnection;
use tokio::sync::watch;

/// How long HTTP/1.1 connections keep answering (with `Connection: close`) before idle ones
/// are closed. A client sending on a kept-alive connection gets its answer in this window.
pub const DRAIN_WINDOW: Duration = Duration::from_secs(1);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Serving,
    Draining,
    Closing,
}

/// The phase every connection of a listener follows.
#[derive(Debug)]
pub struct Drain {
    phase: watch::Sender<Phase>,
    draining: Arc<AtomicBool>,
}

/// Whether answers should close their HTTP/1.1 connection; cheap to read per answer.
#[derive(Debug, Clone)]
pub struct ClosingFlag(Arc<AtomicBool>);

/// Follows the drain on behalf of one connection.
#[derive(Debug)]
pub struct Watcher(watch::Receiver<Phase>);

impl Watcher {
    /// Serves `connection` to its end, following the drain: `http2` connections are shut down
    /// gracefully (GOAWAY) as soon as the drain starts, others when the window is over.
    pub async fn serve<C>(mut self, connection: C, http2: bool) -> Result<(), C::Error>
    where
        C: GracefulConnection,
    {
        let mut connection = pin!(connection);
        let mut shut_down = false;
        loop {
            tokio::select! {
                result = connection.as_mut() => return result,
                changed = self.0.changed(), if !shut_down => {
                    let now = *self.0.borrow_and_update();
                    if changed.is_err() || now == Phase::Closing || (now == Phase::Draining && http2) {
                        connection.as_mut().graceful_shutdown();
                        shut_down = true;
                    }
                }
            }
        }
    }
}

impl ClosingFlag {
    /// Whether the server is stopping.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Default for Drain {
    fn default() -> Self {
        Self {
            phase: watch::Sender::new(Phase::Serving),
            draining: Arc::default(),
        }
    }
}

impl Drain {
    /// The flag answers read to add `Connection: close`.
    pub fn closing_flag(&self) -> ClosingFlag {
        ClosingFlag(self.draining.clone())
    }

    /// A watcher for one more connection; the drain waits for it to end.
    pub fn watcher(&self) -> Watcher {
        Watcher(self.phase.subscribe())
    }

    /// Drains every connection served through a [`Watcher`]: the window, then graceful
    /// shutdown, until all have ended or `grace` (counted from now) is over.
    pub async fn run(self, grace: Duration) {
        self.draining.store(true, Ordering::Relaxed);
        self.phase.send_replace(Phase::Draining);
        let mut all_ended = pin!(self.phase.closed());
        let window = DRAIN_WINDOW.min(grace);
        if tokio::time::timeout(window, all_ended.as_mut())
            .await
            .is_ok()
        {
            return;
        }
        self.phase.send_replace(Phase::Closing);
        if tokio::time::timeout(grace - window, all_ended)
            .await
            .is_err()
        {
            tracing::warn!("grace period over; closing the remaining connections");
        }
    }
}
