//! The edge's sections of the configuration, each key documented with its default beside it:
//! `[server]` and `[metrics]` here, `[tls]` in `tls.rs`; and [`EdgeConfig`], what the edge reads
//! of the whole configuration, which the binary assembles from its own.

mod tls;

pub use tls::{AcmeChallenge, AcmeConfig, TlsConfig};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use axum::http::HeaderMap;
use custody_config_values::defaults::{count, default_from_serde, int};
use custody_config_values::text_value::optional;
use custody_config_values::urls::PublicUrl;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What the edge reads of the configuration: its own sections, where it listens, where the
/// redirect listener sends requests, and the headers those redirects carry. The binary makes it
/// from its configuration (`Config::edge`, `src/edge_config.rs`).
#[derive(Debug, Clone)]
pub struct EdgeConfig {
    /// Socket address of the site's listener (`listen`).
    pub listen: SocketAddr,
    /// The site's public origin, where the plain-HTTP redirect listener sends every request.
    pub public_url: PublicUrl,
    /// `[server]`: timeouts, the connection cap, the pid file.
    pub server: ServerConfig,
    /// `[tls]`: native HTTPS.
    pub tls: TlsConfig,
    /// `[metrics]`: the Prometheus listener.
    pub metrics: MetricsConfig,
    /// The headers every answer of the redirect listener carries (the site's security headers).
    pub redirect_headers: HeaderMap,
}

impl EdgeConfig {
    /// How long a client may take to send request headers (and, over HTTP/2, to let an answer
    /// move).
    pub fn header_read_timeout(&self) -> Duration {
        self.server.header_read_timeout()
    }

    /// How long shutdown waits for in-flight requests.
    pub fn shutdown_grace(&self) -> Duration {
        self.server.shutdown_grace()
    }
}

default_from_serde!(ServerConfig, MetricsConfig);

/// `[server]`: timeouts and shutdown.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ServerConfig {
    /// Seconds a client may take to send the request headers, counted over HTTP/1.1 from the
    /// end of the previous answer, so also how long an idle keep-alive connection stays open (a
    /// proxy in front should keep its idle upstream connections for less), and up to a quarter
    /// of a second more; also how long a new plain-text connection may stay silent. Over HTTP/2
    /// also the longest an answer may wait for the client to open its flow-control window (or
    /// to read), after which the connection is closed.
    #[serde(default = "int::<10>")]
    pub header_read_timeout_secs: u64,
    /// Seconds in-flight requests get to finish after SIGTERM or SIGINT.
    #[serde(default = "int::<10>")]
    pub shutdown_grace_secs: u64,
    /// Client connections served at once; one more is answered `503` with `Retry-After: 1` and
    /// closed (over TLS: closed before the handshake), so a flood degrades the site instead of
    /// exhausting memory or file descriptors. At start-up the open-file limit is raised to its
    /// hard limit, and a warning names a hard limit too low for this.
    #[serde(default = "count::<10_000>")]
    pub max_connections: usize,
    /// File the process id is written to once the server is ready (mode 0600), and removed
    /// from at exit; after an upgrade (SIGUSR2) it names the new process. For operators
    /// without systemd: `kill -USR2 "$(cat FILE)"`. Empty: no pid file.
    /// Env `CUSTODY_SITE_SERVER_PID_FILE`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub pid_file: Option<PathBuf>,
}

impl ServerConfig {
    /// How long a client may take to send request headers (and, over HTTP/2, to let an answer
    /// move).
    pub fn header_read_timeout(&self) -> Duration {
        Duration::from_secs(self.header_read_timeout_secs)
    }

    /// How long shutdown waits for in-flight requests.
    pub fn shutdown_grace(&self) -> Duration {
        Duration::from_secs(self.shutdown_grace_secs)
    }
}

/// `[metrics]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MetricsConfig {
    /// Socket address of a second listener serving Prometheus metrics at `/metrics` (requests
    /// by route and status, latency, contact applications, webhook delivery). Keep it private:
    /// a loopback or internal address, e.g. `127.0.0.1:9464`. Empty: no metrics are served.
    /// Env `CUSTODY_SITE_METRICS_LISTEN`.
    #[serde(default, with = "optional")]
    #[schemars(with = "String")]
    pub listen: Option<SocketAddr>,
}
