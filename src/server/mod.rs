//! The HTTP server: accept loop, header read timeout, HTTP/1.1 and HTTP/2, graceful shutdown.

mod guarded;
mod h2_frames;
mod h2_guard;
mod listen;
mod protocol;
mod signals;
mod stream_exec;
mod write_batch;

use guarded::guarded;
pub use listen::listen;
pub use signals::shutdown_signal;
use signals::survive_file_size_limit;

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;

use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::response::Response;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;
use tower::{Service, ServiceExt};

use crate::config::Config;
use crate::connections::{self, ConnectionCap};
use crate::contact::ContactDesk;
use crate::contact::webhook::Webhook;
use crate::http;
use crate::http::metrics::metrics_router;
use crate::metrics::metrics;
use crate::render::site::Site;
use crate::tls;

/// Builds the site from the embedded content and serves it on `listener` until `shutdown`
/// completes; in-flight requests then get the configured grace period to finish.
pub async fn run(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let started = Instant::now();
    connections::raise_open_file_limit(config.server.max_connections);
    survive_file_size_limit();
    let site = Arc::new(tokio::task::spawn_blocking(move || Site::from_embedded(config)).await??);
    tracing::info!(
        pages = site.pages.len(),
        build = %site.build.build_id,
        public_url = %site.config.public_url,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "rendered and compressed every document"
    );
    metrics().set_build(env!("CARGO_PKG_VERSION"), &site.build.build_id);
    if let Some(addr) = site.config.metrics_addr()? {
        let listener =
            listen(addr).with_context(|| format!("cannot listen for metrics on {addr}"))?;
        tracing::info!("metrics on http://{addr}/metrics");
        tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, metrics_router()).await {
                tracing::error!(%error, "the metrics listener stopped");
            }
        });
    }
    let settings = &site.config.contact;
    let contact = Arc::new(ContactDesk::open(settings));
    let webhook = Webhook::from_config(settings, contact.store.appended())?;
    tracing::info!(
        log = %settings.log,
        rate_limit_per_minute = settings.rate_limit_per_minute,
        group_commit = settings.group_commit,
        webhook = webhook.as_ref().map_or("off", |_| "on"),
        "contact applications"
    );
    if let Some(webhook) = webhook {
        tokio::spawn(webhook.run());
    }
    let tls = tls::acceptor(&site.config)?;
    let redirecting = match site.config.tls_redirect_addr()? {
        Some(addr) => {
            let redirect_listener = listen(addr)
                .with_context(|| format!("cannot listen for HTTP redirects on {addr}"))?;
            tracing::info!("redirecting http://{addr} to {}", site.config.public_url);
            let config = site.config.clone();
            Some(tokio::spawn(async move {
                let router = tls::redirect_router(&config);
                serve_app(router, &config, redirect_listener, std::future::pending()).await
            }))
        }
        None => None,
    };
    let config = site.config.clone();
    let served =
        serve_connections(http::app(site, contact), &config, listener, tls, shutdown).await;
    if let Some(task) = redirecting {
        task.abort();
    }
    served
}

/// Serves an already built site, storing applications with `contact`.
pub async fn serve(
    site: Arc<Site>,
    contact: Arc<ContactDesk>,
    listener: TcpListener,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let config = site.config.clone();
    serve_app(http::app(site, contact), &config, listener, shutdown).await
}

/// Serves `app` (the site, or the live preview) over plain HTTP with the server limits of
/// `config`.
pub async fn serve_app<S>(
    app: S,
    config: &Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()>
where
    S: Service<Request<Incoming>, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    serve_connections(app, config, listener, None, shutdown).await
}

/// Serves `app` on `listener`, over TLS when `tls` is given (the handshake bounded by the header
/// read timeout, off the accept loop), until `shutdown` completes; in-flight requests then get
/// the configured grace period.
pub async fn serve_connections<S>(
    app: S,
    config: &Config,
    listener: TcpListener,
    tls: Option<TlsAcceptor>,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()>
where
    S: Service<Request<Incoming>, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    let grace = config.shutdown_grace();
    let builder = protocol::connection_builder(config);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    let scheme = if tls.is_some() { "https" } else { "http" };
    tracing::info!("listening on {scheme}://{}", listener.local_addr()?);
    let handshake_timeout = config.header_read_timeout();
    let stall_limit = config.header_read_timeout();
    let cap = ConnectionCap::new(config.server.max_connections);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(accepted) => accepted,
                    Err(error) => {
                        tracing::warn!(%error, "accept failed");
                        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let Some(admitted) = cap.admit() else {
                    tokio::spawn(connections::turn_away(stream, tls.is_none()));
                    continue;
                };
                let _ = stream.set_nodelay(true);
                let service = TowerToHyperService::new(app.clone().map_request(
                    move |mut request: Request<Incoming>| {
                        request.extensions_mut().insert(ConnectInfo(peer));
                        request
                    },
                ));
                let builder = builder.clone();
                let watcher = graceful.watcher();
                let tls = tls.clone();
                tokio::spawn(async move {
                    let _admitted = admitted;
                    let served = match tls {
                        None => {
                            let connection = builder.serve_connection_with_upgrades(TokioIo::new(guarded(stream, peer, stall_limit)), service);
                            watcher.watch(connection.into_owned()).await
                        }
                        Some(acceptor) => {
                            let stream = match tokio::time::timeout(handshake_timeout, acceptor.accept(stream)).await {
                                Ok(Ok(stream)) => stream,
                                Ok(Err(error)) => {
                                    tracing::debug!(%error, %peer, "TLS handshake failed");
                                    return;
                                }
                                Err(_) => {
                                    tracing::debug!(%peer, "TLS handshake timed out");
                                    return;
                                }
                            };
                            let (stream, flusher) = write_batch::batched(stream);
                            let connection = builder.serve_connection_with_upgrades(TokioIo::new(guarded(stream, peer, stall_limit)), service);
                            flusher.after_each_turn(watcher.watch(connection.into_owned())).await
                        }
                    };
                    if let Err(error) = served {
                        tracing::debug!(%error, "connection ended with an error");
                    }
                });
            }
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    tracing::info!(
        grace_secs = grace.as_secs(),
        "shutting down: finishing in-flight requests"
    );
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("grace period over; closing the remaining connections");
    }
    Ok(())
}
