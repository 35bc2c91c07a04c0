//! The edge in the test process, as the binary runs it: `custody_edge::run` on a multi-threaded
//! runtime of its own, on sockets the test bound and hands over as systemd hands over a socket
//! unit's, serving a service of the test's own (`service.rs`) in place of the site. Its threads
//! carry a name of their own, which its log lines carry (`log.rs`), so that a test reads its own
//! server's lines. Stopping it drops its runtime, and with it every task the server left
//! running, as a process's exit would.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderMap, HeaderValue, header};
use custody_edge::config::{EdgeConfig, MetricsConfig, ServerConfig, TlsConfig};
use custody_edge::listeners::Role;
use custody_edge::tls::Tls;
use custody_edge::upgrade::Invocation;
use custody_edge::{Listeners, Readiness, Served};
use tokio::sync::oneshot;

use crate::log::LogReader;

/// The line an edge under test logs once it is ready (after its pid file and its notification
/// to the service manager).
const READY: &str = "the edge under test is ready";

/// How long an edge may take to start.
const STARTS_WITHIN: Duration = Duration::from_secs(20);

/// Numbers the edges a test binary starts, for their threads' names.
static STARTED: AtomicUsize = AtomicUsize::new(0);

/// The configuration of an edge on `listen` for `public_url`, every section at its default, its
/// redirects carrying [`redirect_headers`]: what the binary makes of a configuration that sets
/// only these (`src/edge_config.rs`). The test sets the sections it needs.
pub fn edge_config(listen: SocketAddr, public_url: &str) -> EdgeConfig {
    EdgeConfig {
        listen,
        public_url: public_url.parse().expect("a public URL"),
        server: ServerConfig::default(),
        tls: TlsConfig::default(),
        metrics: MetricsConfig::default(),
        redirect_headers: redirect_headers(),
    }
}

/// The headers the service gives the edge for its redirects (the site gives its security
/// headers).
pub fn redirect_headers() -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers
}

/// An edge serving in the test process. Dropping it stops it.
pub struct EdgeUnderTest {
    name: String,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<anyhow::Result<()>>>,
}

impl EdgeUnderTest {
    /// Starts the edge with `config` on `sockets` (each with its role: the site's, the redirect
    /// listener's, the metrics listener's), serving what `service` makes of the server's TLS,
    /// and waits until it reports ready.
    pub async fn start<F>(
        config: EdgeConfig,
        sockets: Vec<(Role, std::net::TcpListener)>,
        service: F,
    ) -> Self
    where
        F: FnOnce(Option<Arc<Tls>>) -> Router + Send + 'static,
    {
        crate::log::capture();
        let name = format!("edge-{}", STARTED.fetch_add(1, Ordering::Relaxed));
        let (stop, stopped) = oneshot::channel();
        let thread_name = name.clone();
        let thread = std::thread::Builder::new()
            .name(name.clone())
            .spawn(move || serve(&thread_name, config, sockets, service, stopped))
            .expect("a thread for the edge");
        let edge = Self {
            name,
            stop: Some(stop),
            thread: Some(thread),
        };
        edge.log().wait_for(READY, STARTS_WITHIN).await;
        edge
    }

    /// Its log lines, from its start.
    pub fn log(&self) -> LogReader {
        LogReader::of_thread(&self.name)
    }

    /// Whether it is still serving.
    pub fn is_running(&self) -> bool {
        self.thread
            .as_ref()
            .is_some_and(|thread| !thread.is_finished())
    }

    /// Stops it as SIGTERM does (in-flight requests get the grace period) and waits until it
    /// has; what the server returned.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        let _ = self.stop.take().expect("not stopped yet").send(());
        let thread = self.thread.take().expect("not stopped yet");
        tokio::task::spawn_blocking(move || thread.join().expect("the edge does not panic"))
            .await
            .expect("joined")
    }
}

impl Drop for EdgeUnderTest {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// The edge's thread: `custody_edge::run` until `stopped`, on a runtime whose threads are named
/// `name`, dropped when it returns.
fn serve<F>(
    name: &str,
    config: EdgeConfig,
    sockets: Vec<(Role, std::net::TcpListener)>,
    service: F,
    stopped: oneshot::Receiver<()>,
) -> anyhow::Result<()>
where
    F: FnOnce(Option<Arc<Tls>>) -> Router + Send + 'static,
{
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name(name)
        .build()?;
    let served = runtime.block_on(async move {
        let listeners = Listeners::open(&config, sockets)?;
        let stop = async {
            let _ = stopped.await;
        };
        custody_edge::run(
            config,
            listeners,
            Invocation::current(),
            stop,
            |tls| async move {
                Ok(Served {
                    app: service(tls),
                    ready: Box::pin(async {
                        Readiness {
                            status: "serving the test's service".into(),
                            log: READY,
                        }
                    }),
                    background: Vec::new(),
                    after_handover: Box::new(|| {}),
                })
            },
        )
        .await
    });
    if let Err(error) = &served {
        tracing::error!("the edge under test stopped: {error:#}");
    }
    served
}
