//! The service manager's notifications (sd_notify(3)): `READY=1` once the site is
//! loaded and the applications log is read back, `RELOADING=1` around a certificate reload,
//! `STOPPING=1` when the drain begins, and watchdog keep-alives when `WatchdogSec=` is set.
//! Without `NOTIFY_SOCKET` (not started by systemd) every call does nothing.

use std::sync::Arc;
use std::time::Duration;

use sd_notify::NotifyState;

use super::connection_threads::ConnectionThreads;

/// Tells the service manager the server is ready, with a one-line status.
pub fn ready(status: &str) {
    send(&[NotifyState::Ready, NotifyState::Status(status)]);
}

/// Tells the service manager a reload started; [`ready`] ends it.
pub fn reloading() {
    let mut states = vec![NotifyState::Reloading];
    if let Ok(now) = NotifyState::monotonic_usec_now() {
        states.push(now);
    }
    send(&states);
}

/// Tells the service manager the server is stopping.
pub fn stopping(status: &str) {
    send(&[NotifyState::Stopping, NotifyState::Status(status)]);
}

/// Sends watchdog keep-alives at half the interval the service manager asked for, each once
/// every connection thread of the site (`threads`) has run a task within that half: a thread
/// that stops making progress stops them, and the service manager restarts the service.
pub fn keep_watchdog_fed(threads: Arc<ConnectionThreads>) {
    let Some(interval) = sd_notify::watchdog_enabled() else {
        return;
    };
    let period = (interval / 2).max(Duration::from_millis(100));
    tracing::info!(
        interval_ms = interval.as_millis() as u64,
        "systemd watchdog enabled"
    );
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(period);
        loop {
            ticks.tick().await;
            if threads.responsive(period).await {
                send(&[NotifyState::Watchdog]);
            } else {
                tracing::warn!(
                    limit_ms = period.as_millis() as u64,
                    "a connection thread did not run a task in time: no watchdog keep-alive"
                );
            }
        }
    });
}

fn send(states: &[NotifyState]) {
    if let Err(error) = sd_notify::notify(states) {
        tracing::debug!(%error, "cannot notify the service manager");
    }
}
