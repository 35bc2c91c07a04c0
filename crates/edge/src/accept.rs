//! The accept loop of one listener: the connection cap, then each connection handed to a
//! connection thread (`connection_threads.rs`) for its TLS handshake or, in plain text, its first
//! bytes (both bounded by the header read timeout), which tell HTTP/1.1 from HTTP/2
//! (`protocol.rs`), and the drain once the loop stops.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::http::Request;
use axum::response::Response;
use hyper::body::Incoming;
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::server::TlsStream;
use tower::Service;

use super::connection_headers::with_connection_headers;
use super::connection_threads::ConnectionThreads;
use super::drain::Drain;
use super::protocol::{self, Protocols};
use super::write_batch;
use crate::config::EdgeConfig;
use crate::connections::{self, Admitted, ConnectionCap};
use crate::tls;

/// Serves `app` on `listener`, each connection on one of `threads`, over TLS when `tls` is
/// given, until `stop` completes; the connections are then drained (see `drain.rs`) within the
/// configured grace period.
pub async fn serve_connections<S>(
    threads: &ConnectionThreads,
    app: S,
    config: &EdgeConfig,
    listener: TcpListener,
    tls: Option<TlsAcceptor>,
    stop: impl Future<Output = ()>,
) -> anyhow::Result<()>
where
    S: Service<Request<Incoming>, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    let grace = config.shutdown_grace();
    let protocols = Protocols::new(config);
    let drain = Drain::default();
    let closing = drain.closing_flag();
    let mut stop = std::pin::pin!(stop);
    let scheme = if tls.is_some() { "https" } else { "http" };
    tracing::info!("listening on {scheme}://{}", listener.local_addr()?);
    let header_read_timeout = config.header_read_timeout();
    let cap = ConnectionCap::new(config.server.max_connections);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(accepted) => accepted,
                    Err(error) => {
                        tracing::warn!(%error, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let Some(admitted) = cap.admit() else {
                    tokio::spawn(connections::turn_away(stream, tls.is_none()));
                    continue;
                };
                let _ = stream.set_nodelay(true);
                let service = with_connection_headers(app.clone(), peer, closing.clone());
                let protocols = protocols.clone();
                let watcher = drain.watcher();
                // One future per kind of connection, so that a plain connection's task is not
                // sized for the TLS session it does not have. The connection is built inside the
                // awaited call rather than bound to a local: a moved-from local keeps its room in
                // the task until its scope ends, so a `let connection` held hyper's connection
                // state twice (4 kB more a plain connection, when it was measured).
                match tls.clone() {
                    None => threads.serve(stream, move |stream| async move {
                        let mut watcher = watcher;
                        let protocol = match watcher.unless_closed(tokio::time::timeout(header_read_timeout, protocol::plain_text(&stream))).await {
                            Some(Ok(Ok(protocol))) => protocol,
                            Some(Ok(Err(error))) => return tracing::debug!(%peer, %error, "reading a connection's first bytes failed"),
                            Some(Err(_)) => return tracing::debug!(%peer, "a connection sent nothing within the header read timeout"),
                            None => return,
                        };
                        closed(peer, admitted, protocols.serve(protocol, stream, peer, service, watcher).await);
                    }),
                    Some(acceptor) => threads.serve(stream, move |stream| async move {
                        let Some(stream) = handshake(&acceptor, stream, peer, header_read_timeout).await else {
                            return;
                        };
                        let protocol = protocol::negotiated(&stream);
                        let (stream, flusher) = write_batch::batched(stream);
                        closed(peer, admitted, flusher.after_each_turn(protocols.serve(protocol, stream, peer, service, watcher)).await);
                    }),
                }
            }
            () = &mut stop => break,
        }
    }
    drop(listener);
    tracing::info!(
        grace_secs = grace.as_secs(),
        "stopped accepting: finishing in-flight requests"
    );
    drain.run(grace).await;
    Ok(())
}

/// The TLS session with `peer` on `stream`, within `timeout`; `None` (logged) when the handshake
/// fails or times out, or when it was an ACME TLS-ALPN-01 validation, which ends there.
async fn handshake(
    acceptor: &TlsAcceptor,
    stream: TcpStream,
    peer: SocketAddr,
    timeout: Duration,
) -> Option<TlsStream<TcpStream>> {
    let stream = match tokio::time::timeout(timeout, acceptor.accept(stream)).await {
        Ok(Ok(stream)) => stream,
        Ok(Err(error)) => {
            tracing::debug!(%error, %peer, "TLS handshake failed");
            return None;
        }
        Err(_) => {
            tracing::debug!(%peer, "TLS handshake timed out");
            return None;
        }
    };
    if tls::is_validation(stream.get_ref().1) {
        tracing::info!(%peer, "answered an ACME TLS-ALPN-01 validation");
        return None;
    }
    Some(stream)
}

/// Frees the connection's slot and logs how the connection with `peer` ended.
fn closed<E: std::fmt::Display>(peer: SocketAddr, admitted: Admitted, served: Result<(), E>) {
    drop(admitted);
    match served {
        Ok(()) => tracing::debug!(%peer, "connection closed; its slot is free"),
        Err(error) => {
            tracing::debug!(%peer, %error, "connection closed with an error; its slot is free")
        }
    }
}
