//! Shared fixtures: the site built once from the embedded content, and request helpers.

use std::convert::Infallible;
use std::io::Read;
use std::sync::{Arc, LazyLock};

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use axum::response::Response;
use custody_applications::ContactConfig;
use custody_applications::ContactDesk;
use custody_content::load::parse;
use custody_content::source::files::ContentFiles;
use custody_edge::config::{EdgeConfig, MetricsConfig, ServerConfig, TlsConfig};
use custody_site::embedded::content_files;
use custody_site::http::SiteService;
use custody_site::security_headers::security_headers;
use custody_site::{ServedSite, SiteSettings, http};
use http_body_util::BodyExt;
use tower::{Service, ServiceExt};

use crate::activation::{BIN, activated, bound};
pub use custody_edge_test_support::process::Running;

/// The site with the default settings (public URL `http://127.0.0.1:8080`).
pub static SITE: LazyLock<Arc<ServedSite>> = LazyLock::new(|| {
    Arc::new(ServedSite::from_embedded(SiteSettings::default()).expect("the embedded site builds"))
});

/// What the binary gives the edge of the default configuration (`Config::edge` in
/// src/edge_config.rs): the edge's default sections, the default address and public URL, and the
/// default site's security headers on the redirects.
pub fn edge_config() -> EdgeConfig {
    let settings = SiteSettings::default();
    EdgeConfig {
        listen: "127.0.0.1:8080".parse().expect("a socket address"),
        redirect_headers: security_headers(&settings),
        public_url: settings.public_url,
        server: ServerConfig::default(),
        tls: TlsConfig::default(),
        metrics: MetricsConfig::default(),
    }
}

/// A contact desk whose log lives in a temporary directory for the whole test run.
pub static CONTACT: LazyLock<Arc<ContactDesk>> = LazyLock::new(|| {
    let dir = tempfile::tempdir().expect("a temporary directory").keep();
    let config = ContactConfig {
        log: dir.join("applications.jsonl"),
        ..ContactConfig::default()
    };
    Arc::new(ContactDesk::open(&config))
});

/// The router of the default site.
pub fn app() -> SiteService {
    http::app(SITE.clone(), CONTACT.clone())
}

/// The public URL of [`SITE`].
pub const PUBLIC: &str = "http://127.0.0.1:8080";

/// A response with its body decoded to text.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub raw: Vec<u8>,
    pub text: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

/// Sends `request` through `app` (the site, or the site with routes of a test's own:
/// `custody_site::testing::app_with`) and decodes the body according to `Content-Encoding`.
pub async fn send_to<S>(app: S, request: Request<Body>) -> Answer
where
    S: Service<Request<Body>, Response = Response, Error = Infallible>,
{
    let response = app
        .oneshot(request)
        .await
        .expect("the router is infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let raw = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes()
        .to_vec();
    let decoded = match headers
        .get(header::CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
    {
        Some("br") => {
            let mut out = Vec::new();
            brotli::BrotliDecompress(&mut &raw[..], &mut out).expect("valid brotli");
            out
        }
        Some("gzip") => {
            let mut out = Vec::new();
            flate2::read::GzDecoder::new(&raw[..])
                .read_to_end(&mut out)
                .expect("valid gzip");
            out
        }
        _ => raw.clone(),
    };
    Answer {
        status,
        headers,
        raw,
        text: String::from_utf8_lossy(&decoded).into_owned(),
    }
}

/// Sends `request` to the default site.
pub async fn send(request: Request<Body>) -> Answer {
    send_to(app(), request).await
}

/// `GET path` with `Accept-Encoding: br, gzip` like a browser.
pub async fn get(path: &str) -> Answer {
    send(
        Request::get(path)
            .header(header::ACCEPT_ENCODING, "br, gzip")
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

/// A page's markup as its text reads: without the `<wbr/>` word-break opportunities that Chinese
/// headings carry (ui/src/components/Words.tsx), the zero width spaces between Chinese words and
/// the word joiners before a particle (ui/scripts/line-breaks.mjs), which draw nothing, with its no-break spaces as spaces and its
/// non-breaking hyphens as hyphens.
pub fn as_read(html: &str) -> String {
    html.replace("<wbr/>", "")
        .replace("<wbr>", "")
        .replace(['\u{200b}', '\u{2060}'], "")
        .replace('\u{a0}', " ")
        .replace('\u{2011}', "-")
}

/// The text of an HTML fragment as a reader sees it: every tag removed, entities left as they are,
/// read as [`as_read`] reads it.
pub fn visible_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    as_read(&text)
}

/// The value of `<meta name=…>` / `<link rel=…>`-style attributes: every `attr="…"` that follows `marker`.
pub fn attribute_after<'a>(html: &'a str, marker: &str, attr: &str) -> Option<&'a str> {
    let start = html.find(marker)?;
    let rest = &html[start..];
    let end = rest.find('>')?;
    let tag = &rest[..end];
    let key = format!("{attr}=\"");
    let value_start = tag.find(&key)? + key.len();
    let value_end = tag[value_start..].find('"')?;
    Some(&tag[value_start..value_start + value_end])
}

/// The content errors after `edit` changes the embedded content files; empty when it stays valid.
pub fn errors_after(edit: impl FnOnce(&mut ContentFiles)) -> Vec<String> {
    let mut files = content_files();
    edit(&mut files);
    match parse(&files) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.iter().map(ToString::to_string).collect(),
    }
}

/// Replaces the first `from` in a content file with `to`; the file must contain `from`.
pub fn replace(files: &mut ContentFiles, file: &str, from: &str, to: &str) {
    let text = files.get_mut(file).unwrap();
    assert!(text.contains(from), "{file} contains {from}");
    *text = text.replacen(from, to, 1);
}

/// A builds directory for the binaries the tests start, so that they store their build there
/// rather than in `data/builds` of the checkout.
static BUILDS: LazyLock<std::path::PathBuf> =
    LazyLock::new(|| tempfile::tempdir().expect("a temporary directory").keep());

/// The release binary, without a configuration file, serving on the listening `sockets` the
/// test bound (named `listen`, `redirect` or `metrics`, passed as systemd passes them, see
/// `activation.rs`), with `public_url`, its builds directory a temporary one. A connection
/// made once the process is spawned waits in the socket's queue until the server takes it, so
/// no test waits for a port to open; dropping the test's copy of a socket after the spawn
/// leaves the process its only owner.
pub fn site_command(
    sockets: &[(&str, &std::net::TcpListener)],
    public_url: &str,
) -> std::process::Command {
    let mut command = activated(std::path::Path::new(BIN), sockets, public_url);
    command.env("CUSTODY_SITE_PREVIOUS_BUILDS_DIR", &*BUILDS);
    command
}

/// What a child process writes to standard error, collected as it comes: the reader thread
/// adds each line and wakes every waiter.
#[derive(Clone)]
pub struct Stderr(tokio::sync::watch::Receiver<String>);

impl Stderr {
    /// Collects the standard error of `child`, which must be piped.
    pub fn collect(child: &mut std::process::Child) -> Stderr {
        use std::io::BufRead;
        let pipe = child.stderr.take().expect("standard error is piped");
        let (text, collected) = tokio::sync::watch::channel(String::new());
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(pipe).lines().map_while(Result::ok) {
                text.send_modify(|text| {
                    text.push_str(&line);
                    text.push('\n');
                });
            }
        });
        Stderr(collected)
    }

    /// Everything written so far.
    pub fn text(&self) -> String {
        self.0.borrow().clone()
    }

    /// Waits until `needle` has been written `times` times; fails the test when the process
    /// closes its standard error first, or after 20 s.
    pub async fn wait_for(&self, needle: &str, times: usize) {
        let mut text = self.0.clone();
        let written = text.wait_for(|text| text.matches(needle).count() >= times);
        match tokio::time::timeout(std::time::Duration::from_secs(20), written).await {
            Ok(Ok(_)) => {}
            Ok(Err(_)) => panic!(
                "the process ended before writing {times} × `{needle}`:\n{}",
                self.text()
            ),
            Err(_) => panic!(
                "timed out waiting for {times} × `{needle}` in:\n{}",
                self.text()
            ),
        }
    }
}

/// The release binary serving on a listening socket of its own with the environment `env` (and
/// `RUST_LOG=info` unless `env` sets it), its standard error collected. Killed when dropped.
pub struct Served {
    pub process: Running,
    pub origin: String,
    pub stderr: Stderr,
}

impl Served {
    /// Starts the binary and waits until it listens.
    pub async fn start(env: &[(&str, &str)]) -> Served {
        Served::start_with(env, &[]).await
    }

    /// Starts the binary with `others` (`metrics`, `redirect`) beside the site's own socket,
    /// and waits until it listens. The test keeps its copies of `others`, so a process started
    /// after this one can be handed the same sockets.
    pub async fn start_with(
        env: &[(&str, &str)],
        others: &[(&str, &std::net::TcpListener)],
    ) -> Served {
        let (site, addr) = bound();
        let origin = format!("http://{addr}");
        let mut sockets = vec![("listen", &site)];
        sockets.extend_from_slice(others);
        let mut child = site_command(&sockets, &origin)
            .env("RUST_LOG", "info")
            .envs(env.iter().copied())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary starts");
        drop(site);
        let stderr = Stderr::collect(&mut child);
        let served = Served {
            process: Running(child),
            origin,
            stderr,
        };
        served.stderr.wait_for("listening on http://", 1).await;
        served
    }

    /// Sends the signal `name` (`USR1`, `TERM`…) to the process.
    pub fn signal(&self, name: &str) {
        let sent = std::process::Command::new("kill")
            .args([&format!("-{name}"), &self.process.0.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{name}");
    }

    /// Stops the process with SIGTERM and waits for it to exit.
    pub fn stop(mut self) {
        self.signal("TERM");
        let status = self.process.0.wait().unwrap();
        assert!(status.success(), "a clean stop: {status}");
    }
}
