//! The interface in the preview: Vite's dev server (hot module reload) run as a child process
//! on a private local port, and every `/_app/` request that is not the site's own forwarded to
//! it.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use axum::body::Body;
use axum::http::{HeaderValue, Request, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use hyper::body::Incoming;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use tokio::process::{Child, Command};

/// How long Vite may take to start (its first start optimises dependencies).
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// Where the site's data file is posted to when the content changed (`ui/scripts/dev.mjs`).
const CONTENT_CHANGED_PATH: &str = "/_app/__custody-site/content";

/// The running Vite dev server.
#[derive(Debug)]
pub struct Frontend {
    /// The child process, killed when this is dropped.
    _child: Child,
    origin: String,
    client: Client<HttpConnector, Body>,
}

impl Frontend {
    /// A port on 127.0.0.1 that is free now, for the dev server (and in the preview's CSP,
    /// for its hot-reload socket).
    pub fn free_port() -> anyhow::Result<u16> {
        let probe = std::net::TcpListener::bind("127.0.0.1:0")
            .context("no free local port for the Vite dev server")?;
        Ok(probe.local_addr()?.port())
    }

    /// Starts `node scripts/dev.mjs` in `ui_dir` on `port`, reading the site's data from
    /// `data_file`, and waits until it answers.
    pub async fn start(ui_dir: &Path, data_file: &Path, port: u16) -> anyhow::Result<Self> {
        if !ui_dir.join("node_modules").is_dir() {
            bail!(
                "{} has no node_modules: run `npm ci` there first (serve --dev runs Vite from it)",
                ui_dir.display()
            );
        }
        let mut child = Command::new("node")
            .arg("scripts/dev.mjs")
            .arg(data_file)
            .arg(port.to_string())
            .current_dir(ui_dir)
            .stdin(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .context("cannot start the Vite dev server: is Node.js (`node`) on the PATH?")?;
        let origin = format!("http://127.0.0.1:{port}");
        let client = Client::builder(TokioExecutor::new()).build_http();
        let started = Instant::now();
        loop {
            if let Some(status) = child.try_wait()? {
                bail!("the Vite dev server stopped as it started ({status})");
            }
            if answers(&client, &origin).await {
                return Ok(Self {
                    _child: child,
                    origin,
                    client,
                });
            }
            if started.elapsed() > START_TIMEOUT {
                bail!("the Vite dev server did not answer within {START_TIMEOUT:?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Tells the dev server that the site's data file changed, and waits until it has
    /// refreshed the modules made from it.
    pub async fn content_changed(&self) -> anyhow::Result<()> {
        let request =
            Request::post(format!("{}{CONTENT_CHANGED_PATH}", self.origin)).body(Body::empty())?;
        let response = self.client.request(request).await?;
        if !response.status().is_success() {
            bail!("the Vite dev server answered {}", response.status());
        }
        Ok(())
    }

    /// Forwards `request` to the dev server and streams its answer back.
    pub async fn forward(&self, request: Request<Incoming>) -> Response {
        let (mut parts, body) = request.into_parts();
        let target = format!(
            "{}{}",
            self.origin,
            parts.uri.path_and_query().map_or("/", |p| p.as_str())
        );
        let Ok(uri) = target.parse::<Uri>() else {
            return StatusCode::BAD_REQUEST.into_response();
        };
        parts.uri = uri;
        parts.headers.remove(header::HOST);
        match self
            .client
            .request(Request::from_parts(parts, Body::new(body)))
            .await
        {
            Ok(response) => response.map(Body::new),
            Err(error) => {
                tracing::warn!(%error, "the Vite dev server did not answer");
                let mut response = (
                    StatusCode::BAD_GATEWAY,
                    format!("The Vite dev server did not answer: {error}"),
                )
                    .into_response();
                response
                    .headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
                response
            }
        }
    }
}

/// Whether the dev server at `origin` serves its client module.
async fn answers(client: &Client<HttpConnector, Body>, origin: &str) -> bool {
    let Ok(request) = Request::get(format!("{origin}/_app/@vite/client")).body(Body::empty())
    else {
        return false;
    };
    matches!(client.request(request).await, Ok(response) if response.status().is_success())
}

/// The default folder of `name` (`content`, `ui`): in the source tree this binary was built
/// from, at the root of the workspace (two folders above this crate's, `crates/site/`).
pub fn source_tree_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .unwrap_or(Path::new("."))
        .join(name)
}
