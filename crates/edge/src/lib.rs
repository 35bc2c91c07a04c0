//! The edge of custody-site: the HTTP server. Listeners (bound, or inherited from systemd or a
//! previous process), the accept loop and its per-core connection threads, the connection cap,
//! HTTP/1.1 and HTTP/2 with their settings and the HTTP/2 abuse guard, TLS from files or ACME
//! (`tls/`) with its plain-HTTP redirect listener, signals (stop, certificate reload, upgrade),
//! the service manager's notifications, the pid file, the metrics listener and the drain that
//! stops without failing a request. Its configuration sections are its own (`config/`); the
//! binary assembles them into an [`EdgeConfig`]. It serves whatever `tower::Service` it is given
//! (`Served`; the binary's `src/startup.rs` gives it the site's) and knows nothing of pages,
//! builds or applications: it depends on neither the site's crate nor the applications store.

mod accept;
pub mod config;
mod connection_headers;
mod connection_threads;
mod connections;
mod drain;
mod exposition;
mod guarded;
mod h2_frames;
mod h2_guard;
pub mod listeners;
mod pid_file;
mod private_files;
mod protocol;
mod runtime;
mod self_wake;
mod signals;
mod stream_exec;
mod systemd;
pub mod tls;
pub mod upgrade;
mod write_batch;

pub use config::EdgeConfig;

use accept::serve_connections;
use connection_threads::ConnectionThreads;
pub use listeners::{Listeners, listen};
pub use runtime::runtime;
pub use signals::shutdown_signal;

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;

use axum::http::Request;
use axum::response::Response;
use futures_util::future::BoxFuture;
use hyper::body::Incoming;
use tokio::sync::watch;
use tower::Service;

use self::exposition::metrics_router;
use self::signals::{Signals, survive_file_size_limit};
use self::tls::Tls;
use self::upgrade::{Invocation, start_successor, under_systemd};

/// What the server serves, made by the caller once the server has installed its signal handlers
/// (the binary's `src/startup.rs` makes the site's): the service, and what belongs to it rather
/// than to the connections.
pub struct Served<S> {
    /// The service every connection of the site's listener is handed.
    pub app: S,
    /// Completes once the service may be announced ready, with the words of the announcement.
    pub ready: BoxFuture<'static, Readiness>,
    /// Work that runs beside the connections until the server stops.
    pub background: Vec<BoxFuture<'static, ()>>,
    /// Runs on a blocking thread once a process started by SIGUSR2 is ready, before this one
    /// stops accepting.
    pub after_handover: Box<dyn FnOnce() + Send>,
}

/// How the server announces that it is ready, once the pid file is written.
#[derive(Debug)]
pub struct Readiness {
    /// The service manager's status line (`STATUS=`).
    pub status: String,
    /// The log line.
    pub log: &'static str,
}

/// Serves what `serve` makes (over the server's TLS, when it serves HTTPS itself) on
/// `listeners` until `shutdown` completes or a new process started by SIGUSR2 is ready;
/// in-flight requests then get the configured grace period to finish. SIGHUP reloads the
/// certificate files.
pub async fn run<S, Making>(
    config: EdgeConfig,
    listeners: Listeners,
    invocation: Invocation,
    shutdown: impl Future<Output = ()> + Send + 'static,
    serve: impl FnOnce(Option<Arc<Tls>>) -> Making,
) -> anyhow::Result<()>
where
    S: Service<Request<Incoming>, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
    Making: Future<Output = anyhow::Result<Served<S>>>,
{
    let signals = Signals::install();
    connections::raise_open_file_limit(config.server.max_connections);
    survive_file_size_limit();
    let tls = Tls::from_config(&config.tls)?.map(Arc::new);
    let served = serve(tls.clone()).await?;
    let (stop_sender, stopped) = watch::channel(false);
    let on_stop = move || {
        let mut stopped = stopped.clone();
        async move {
            let _ = stopped.wait_for(|stop| *stop).await;
        }
    };
    for work in served.background {
        let stop = on_stop();
        tokio::spawn(async move {
            tokio::select! {
                () = work => {},
                () = stop => {},
            }
        });
    }
    let handover = listeners.with_roles();
    let mut tasks = Vec::new();
    if let Some(listener) = listeners.metrics {
        tracing::info!("metrics on http://{}/metrics", listener.local_addr()?);
        let stop = on_stop();
        tasks.push(tokio::spawn(async move {
            axum::serve(listener, metrics_router())
                .with_graceful_shutdown(stop)
                .await
                .map_err(anyhow::Error::from)
        }));
    }
    if let Some(listener) = listeners.redirect {
        tracing::info!(
            "redirecting http://{} to {}",
            listener.local_addr()?,
            config.public_url
        );
        let router = tls::redirect_router(&config, tls.as_ref().and_then(|t| t.http01_answers()));
        let (config, stop) = (config.clone(), on_stop());
        tasks.push(tokio::spawn(async move {
            let threads = ConnectionThreads::start("http-redirect")?;
            serve_connections(&threads, router, &config, listener, None, stop).await
        }));
    }
    if let Some(tls) = &tls {
        tls.start();
    }
    let (ready, ready_config, reload_tls) = (served.ready, config.clone(), tls.clone());
    tokio::spawn(async move {
        let readiness = ready.await;
        pid_file::write(&ready_config);
        systemd::ready(&readiness.status);
        tracing::info!("{}", readiness.log);
        reload_on_hangup(signals.hangup, reload_tls).await;
    });
    let thread_name = if tls.is_some() {
        TLS_CONNECTION_THREADS
    } else {
        PLAIN_CONNECTION_THREADS
    };
    let threads = Arc::new(ConnectionThreads::start(thread_name)?);
    systemd::keep_watchdog_fed(threads.clone());
    let after_handover = served.after_handover;
    let stop_trigger = async move {
        tokio::select! {
            () = shutdown => tracing::info!("stop requested"),
            pid = upgrade_on_signal(signals.upgrade, invocation, handover) => {
                tracing::info!(pid, "the new process is ready: this one stops accepting and finishes its requests");
                let _ = tokio::task::spawn_blocking(after_handover).await;
            }
        }
        systemd::stopping("finishing in-flight requests");
        let _ = stop_sender.send(true);
    };
    tokio::spawn(stop_trigger);
    let acceptor = tls.as_ref().map(|tls| tls.acceptor());
    let served = serve_connections(
        &threads,
        served.app,
        &config,
        listeners.site,
        acceptor,
        on_stop(),
    )
    .await;
    for task in tasks {
        let _ = task.await;
    }
    pid_file::remove(&config);
    served
}

/// Serves `app` (the site, or the live preview) over plain HTTP with the server limits of
/// `config`.
pub async fn serve_app<S>(
    app: S,
    config: &EdgeConfig,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()>
where
    S: Service<Request<Incoming>, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    let threads = ConnectionThreads::start(PLAIN_CONNECTION_THREADS)?;
    serve_connections(&threads, app, config, listener, None, shutdown).await
}

/// The name of the threads that serve plain HTTP connections.
const PLAIN_CONNECTION_THREADS: &str = "http-conn";

/// The name of the threads that serve TLS connections.
const TLS_CONNECTION_THREADS: &str = "https-conn";

/// Reloads the certificate files on every SIGHUP. It starts once the server has reported ready,
/// so a SIGHUP during start-up is answered after READY=1 and never reports ready early.
async fn reload_on_hangup(mut hangup: signals::Stream, tls: Option<Arc<Tls>>) {
    while hangup.recv().await {
        systemd::reloading();
        match &tls {
            Some(tls) => {
                let _ = tls.reload();
            }
            None => tracing::info!("SIGHUP: HTTPS is not configured, nothing to reload"),
        }
        systemd::ready("reloaded");
    }
}

/// Starts a new process from the program path on every SIGUSR2 until one is ready; returns its
/// process id. A failed start is logged and this process keeps serving.
async fn upgrade_on_signal(
    mut upgrade: signals::Stream,
    invocation: Invocation,
    handover: Vec<(listeners::Role, std::os::fd::RawFd)>,
) -> u32 {
    loop {
        if !upgrade.recv().await {
            return std::future::pending().await;
        }
        if under_systemd() {
            tracing::warn!(
                "SIGUSR2 ignored under systemd: `systemctl restart` with the socket unit (docs/systemd/) replaces the process without refusing a connection"
            );
            continue;
        }
        match start_successor(&invocation, &handover).await {
            Ok(pid) => return pid,
            Err(error) => tracing::error!(
                error = %format!("{error:#}"),
                "the upgrade failed; this process keeps serving"
            ),
        }
    }
}
