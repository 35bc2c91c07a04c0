//! The HTTP server: listeners (bound, or inherited from systemd or a previous process), the
//! accept loop, HTTP/1.1 and HTTP/2, TLS, signals (stop, certificate reload, upgrade), the
//! service manager's notifications and the drain that stops without failing a request.

mod accept;
mod connection_headers;
mod connection_threads;
mod drain;
mod guarded;
mod h2_frames;
mod h2_guard;
pub mod listeners;
mod pid_file;
mod protocol;
mod runtime;
mod signals;
mod stream_exec;
mod systemd;
pub mod upgrade;
mod write_batch;

use accept::serve_connections;
use connection_threads::ConnectionThreads;
pub use listeners::{Listeners, listen};
pub use runtime::runtime;
pub use signals::shutdown_signal;

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::Request;
use axum::response::Response;
use hyper::body::Incoming;
use tokio::sync::watch;
use tower::Service;

use self::signals::{Signals, survive_file_size_limit};
use self::upgrade::{Invocation, start_successor, under_systemd};
use crate::config::Config;
use crate::connections;
use crate::contact::ContactDesk;
use crate::contact::webhook::Webhook;
use crate::http;
use crate::http::metrics::metrics_router;
use crate::metrics::metrics;
use crate::previous::PreviousBuilds;
use crate::render::build_manifest::BuildManifest;
use crate::render::served_site::ServedSite;
use crate::tls::{self, Tls};

/// Builds the site from the embedded content and serves it on `listeners` until `shutdown`
/// completes or a new process started by SIGUSR2 is ready; in-flight requests then get the
/// configured grace period to finish. SIGHUP reloads the certificate files.
pub async fn run(
    config: Config,
    listeners: Listeners,
    invocation: Invocation,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let started = Instant::now();
    let signals = Signals::install();
    connections::raise_open_file_limit(config.server.max_connections);
    survive_file_size_limit();
    let own_build = BuildManifest::embedded()?.build_id;
    let builds = config.previous_builds.clone();
    let previous = tokio::task::spawn_blocking(move || PreviousBuilds::open(&builds, &own_build));
    let site =
        Arc::new(tokio::task::spawn_blocking(move || ServedSite::from_embedded(config)).await??);
    let previous = previous.await?;
    tracing::info!(
        pages = site.pages.len(),
        build = %site.build.build_id,
        previous_builds = previous.count(),
        public_url = %site.config.public_url,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "site loaded: each document is rendered when first asked for"
    );
    metrics().set_build(env!("CARGO_PKG_VERSION"), &site.build.build_id);
    let config = site.config.clone();
    let tls = Tls::from_config(&config)?.map(Arc::new);
    let settings = &config.contact;
    let contact = Arc::new(ContactDesk::open(settings));
    contact.rotate_on_signal();
    let webhook = Webhook::from_config(settings, contact.store.appended())?;
    tracing::info!(
        log = %settings.log.display(),
        rate_limit_per_minute = settings.rate_limit_per_minute,
        group_commit = settings.group_commit,
        webhook = webhook.as_ref().map_or("off", |_| "on"),
        "contact applications"
    );
    let (stop_sender, stopped) = watch::channel(false);
    let on_stop = move || {
        let mut stopped = stopped.clone();
        async move {
            let _ = stopped.wait_for(|stop| *stop).await;
        }
    };
    if let Some(webhook) = webhook {
        let stop = on_stop();
        tokio::spawn(async move {
            tokio::select! {
                () = webhook.run() => {},
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
    let own_build_stored = previous.keep_up(site.clone());
    let (ready_contact, ready_site, ready_config) = (contact.clone(), site.clone(), config.clone());
    let reload_tls = tls.clone();
    tokio::spawn(async move {
        announce_ready(ready_contact, ready_site, ready_config, own_build_stored).await;
        reload_on_hangup(signals.hangup, reload_tls).await;
    });
    let thread_name = if tls.is_some() {
        TLS_CONNECTION_THREADS
    } else {
        PLAIN_CONNECTION_THREADS
    };
    let threads = Arc::new(ConnectionThreads::start(thread_name)?);
    systemd::keep_watchdog_fed(threads.clone());
    let draining_builds = previous.clone();
    let stop_trigger = async move {
        tokio::select! {
            () = shutdown => tracing::info!("stop requested"),
            pid = upgrade_on_signal(signals.upgrade, invocation, handover) => {
                tracing::info!(pid, "the new process is ready: this one stops accepting and finishes its requests");
                let newer = draining_builds.clone();
                let _ = tokio::task::spawn_blocking(move || newer.serve_newer()).await;
            }
        }
        systemd::stopping("finishing in-flight requests");
        let _ = stop_sender.send(true);
    };
    tokio::spawn(stop_trigger);
    let acceptor = tls.as_ref().map(|tls| tls.acceptor());
    let app = http::served(site, contact, tls, previous);
    let served =
        serve_connections(&threads, app, &config, listeners.site, acceptor, on_stop()).await;
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
    config: &Config,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()>
where
    S: Service<Request<Incoming>, Response = Response, Error = std::convert::Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
{
    let threads = ConnectionThreads::start(PLAIN_CONNECTION_THREADS)?;
    serve_connections(&threads, app, config, listener, None, shutdown).await
}

/// The name of the threads that serve plain HTTP connections.
const PLAIN_CONNECTION_THREADS: &str = "http-conn";

/// The name of the threads that serve TLS connections.
const TLS_CONNECTION_THREADS: &str = "https-conn";

/// How long readiness waits for this build's files to be stored for the builds after it.
const STORE_BUILD_WAIT: Duration = Duration::from_secs(30);

/// Tells the service manager the server is ready once the applications log has been read back
/// and can be written (checked again every second until it can) and this build's files are
/// stored in the builds directory (or `STORE_BUILD_WAIT` has passed), and writes the pid file.
async fn announce_ready(
    contact: Arc<ContactDesk>,
    site: Arc<ServedSite>,
    config: Config,
    own_build_stored: tokio::sync::oneshot::Receiver<()>,
) {
    while !contact.store.probe().await {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let _ = tokio::time::timeout(STORE_BUILD_WAIT, own_build_stored).await;
    pid_file::write(&config);
    systemd::ready(&format!(
        "serving {} documents of build {}",
        site.pages.len(),
        site.build.build_id
    ));
    tracing::info!("ready: site loaded, applications log read back");
}

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
