//! Process signals: SIGINT and SIGTERM stop the server, SIGHUP reloads the certificate files,
//! SIGUSR2 starts the upgrade to a new binary; SIGXFSZ is survived.

use std::future::Future;

use tokio::signal::unix::{Signal, SignalKind, signal};

/// One signal's deliveries.
#[derive(Debug)]
pub struct Stream(Option<Signal>);

impl Stream {
    fn of(kind: SignalKind) -> Self {
        Self(signal(kind).ok())
    }

    /// Waits for the next delivery; `false` when the signal cannot be received at all.
    pub async fn recv(&mut self) -> bool {
        match &mut self.0 {
            Some(signal) => signal.recv().await.is_some(),
            None => false,
        }
    }
}

/// The signals that act on a running server, handled from the moment this is made (their
/// default action would end the process).
#[derive(Debug)]
pub struct Signals {
    /// SIGHUP: reload the certificate files.
    pub hangup: Stream,
    /// SIGUSR2: start the new binary and hand the listeners over.
    pub upgrade: Stream,
}

impl Signals {
    /// Handles SIGHUP and SIGUSR2 from now on.
    pub fn install() -> Self {
        Self {
            hangup: Stream::of(SignalKind::hangup()),
            upgrade: Stream::of(SignalKind::user_defined2()),
        }
    }
}

/// Makes a file-size limit (`ulimit -f`, systemd's `LimitFSIZE=`) reached by the applications
/// log an error of that write, answered `503` like a full disk, instead of SIGXFSZ ending the
/// process.
pub fn survive_file_size_limit() {
    let mut exceeded = Stream::of(SignalKind::from_raw(libc::SIGXFSZ));
    tokio::spawn(async move {
        while exceeded.recv().await {
            tracing::error!("a write went past the file size limit (SIGXFSZ)");
        }
    });
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM. The handlers are installed when this is called, not
/// when the future is first polled, so a signal that arrives while the server is still starting
/// or busy accepting is never lost (it would otherwise kill the process outright).
pub fn shutdown_signal() -> impl Future<Output = ()> {
    let mut interrupt = Stream::of(SignalKind::interrupt());
    let mut terminate = Stream::of(SignalKind::terminate());
    async move {
        let received = |delivered: bool| async move {
            if !delivered {
                std::future::pending::<()>().await;
            }
        };
        tokio::select! {
            () = async { received(interrupt.recv().await).await } => {},
            () = async { received(terminate.recv().await).await } => {},
        }
    }
}
