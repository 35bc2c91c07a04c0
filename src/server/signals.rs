//! Process signals: SIGINT and SIGTERM stop the server; SIGXFSZ is survived.

use std::future::Future;

/// Makes a file-size limit (`ulimit -f`, systemd's `LimitFSIZE=`) reached by the applications
/// log an error of that write, answered `503` like a full disk, instead of SIGXFSZ ending the
/// process.
pub fn survive_file_size_limit() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::from_raw(libc::SIGXFSZ)) {
            Ok(mut received) => {
                tokio::spawn(async move {
                    while received.recv().await.is_some() {
                        tracing::error!("a write went past the file size limit (SIGXFSZ)");
                    }
                });
            }
            Err(error) => tracing::warn!(%error, "cannot handle SIGXFSZ"),
        }
    }
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM. The handlers are installed when this is called, not
/// when the future is first polled, so a signal that arrives while the server is still starting
/// or busy accepting is never lost (it would otherwise kill the process outright).
pub fn shutdown_signal() -> impl Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{Signal, SignalKind, signal};
        async fn received(signal: Option<Signal>) {
            match signal {
                Some(mut signal) => {
                    signal.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        }
        let interrupt = signal(SignalKind::interrupt()).ok();
        let terminate = signal(SignalKind::terminate()).ok();
        async move {
            tokio::select! {
                () = received(interrupt) => {},
                () = received(terminate) => {},
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}
