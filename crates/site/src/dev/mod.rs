//! `serve --dev`: a live preview for content editors. The content comes from a folder on disk
//! and the interface from Vite's dev server behind this binary (hot module reload); every saved
//! change to the content rebuilds the site and reloads the open pages, and while the content
//! has problems the pages and the terminal list them as `file:line: message`. This is the
//! preview's service ([`LivePreview`]); the binary serves it (`src/live_preview.rs`).

mod frontend;
mod preview;
mod reload;
mod watch;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use axum::http::{HeaderValue, header};
use tokio::task::JoinHandle;

use crate::render::document::to_json;
use crate::render::served_site::ServedSite;
use crate::security_headers::{Sources, content_security_policy, security_headers};
use crate::settings::SiteSettings;
use crate::{embedded, http};
use custody_applications::{ContactConfig, ContactDesk};
use custody_content::pages::ui_site_data;
use custody_content::source::error::{ContentError, report};
use frontend::Frontend;
pub use frontend::source_tree_dir;
pub use preview::Preview;
use preview::Showing;

/// Where the preview reads from.
#[derive(Debug, Clone)]
pub struct DevOptions {
    /// The content folder (`content/` of the source tree by default).
    pub content_dir: PathBuf,
    /// The UI folder with its `node_modules` (`ui/` of the source tree by default).
    pub ui_dir: PathBuf,
}

/// The live preview running: its service, and the task that rebuilds the site on every change
/// to the content. Dropping it stops that task and removes the preview's working folder.
#[derive(Debug)]
pub struct LivePreview {
    preview: Preview,
    watcher: JoinHandle<()>,
    work_dir: PathBuf,
}

impl LivePreview {
    /// Starts the live preview of the site of `settings` (contact applications stored as
    /// `contact` says): loads the content, starts Vite's dev server and watches the content.
    pub async fn start(
        settings: SiteSettings,
        contact: &ContactConfig,
        options: DevOptions,
    ) -> anyhow::Result<Self> {
        let content_dir = options.content_dir.canonicalize().with_context(|| {
            format!(
                "no content folder at {} (give one with --content)",
                options.content_dir.display()
            )
        })?;
        let work_dir =
            std::env::temp_dir().join(format!("custody-site-dev-{}", std::process::id()));
        std::fs::create_dir_all(&work_dir)
            .with_context(|| format!("cannot create {}", work_dir.display()))?;
        let data_file = work_dir.join("site-data.json");
        let port = Frontend::free_port()?;
        let contact = Arc::new(ContactDesk::open(contact));
        let loader = Loader {
            settings,
            content_dir: content_dir.clone(),
            data_file: data_file.clone(),
            csp: preview_csp(port),
        };
        let first = watch::take_blocking(&content_dir).await;
        let showing = loader.load(&contact).await;
        let frontend = Frontend::start(&options.ui_dir, &data_file, port).await?;
        let preview = Preview::new(showing, frontend, loader.security_headers());
        tracing::info!(
            content = %content_dir.display(),
            ui = %options.ui_dir.display(),
            "live preview: content from disk, interface from Vite; pages reload on every change"
        );
        let watcher = tokio::spawn(watch_content(loader, contact, preview.clone(), first));
        Ok(Self {
            preview,
            watcher,
            work_dir,
        })
    }

    /// The preview's service (cheap to clone); [`Preview::close`] ends its reload streams.
    pub fn service(&self) -> Preview {
        self.preview.clone()
    }
}

impl Drop for LivePreview {
    fn drop(&mut self) {
        self.watcher.abort();
        let _ = std::fs::remove_dir_all(&self.work_dir);
    }
}

/// Rebuilds the site after every change to the content folder.
async fn watch_content(
    loader: Loader,
    contact: Arc<ContactDesk>,
    preview: Preview,
    mut last: watch::Snapshot,
) {
    loop {
        last = watch::next_change(&loader.content_dir, &last).await;
        let showing = loader.load(&contact).await;
        if matches!(showing, Showing::Site(..))
            && let Err(error) = preview.frontend().content_changed().await
        {
            tracing::warn!(%error, "the interface may show the content as it was");
        }
        preview.show(showing);
    }
}

/// Builds the preview site from the content folder.
#[derive(Debug)]
struct Loader {
    settings: SiteSettings,
    content_dir: PathBuf,
    data_file: PathBuf,
    csp: HeaderValue,
}

impl Loader {
    /// The site, or the list of problems (also logged). On success the data the interface's
    /// build-time modules are made from is written for the dev server first.
    async fn load(&self, contact: &Arc<ContactDesk>) -> Showing {
        let started = Instant::now();
        let settings = self.settings.clone();
        let content_dir = self.content_dir.clone();
        let data_file = self.data_file.clone();
        let built = tokio::task::spawn_blocking(move || build(settings, &content_dir, &data_file))
            .await
            .unwrap_or_else(|panic| Err(vec![ContentError::in_file("", panic.to_string())]));
        match built {
            Ok(mut site) => {
                site.security_headers_mut()
                    .insert(header::CONTENT_SECURITY_POLICY, self.csp.clone());
                tracing::info!(
                    documents = site.pages().len(),
                    elapsed_ms = started.elapsed().as_millis() as u64,
                    "content loaded"
                );
                let (service, routes) = http::app_and_routes(Arc::new(site), contact.clone());
                Showing::Site(service, routes)
            }
            Err(errors) => {
                tracing::error!(
                    "the content has {} problem(s); the pages show them until they are fixed:\n{}",
                    errors.len(),
                    report(&errors)
                );
                Showing::problems(&errors)
            }
        }
    }

    /// The headers of the preview's own answers (the problems page, its scripts).
    fn security_headers(&self) -> axum::http::HeaderMap {
        let mut headers = security_headers(&self.settings);
        headers.insert(header::CONTENT_SECURITY_POLICY, self.csp.clone());
        headers
    }
}

/// Reads, checks and renders the content of `content_dir`, writing the interface's data to
/// `data_file`.
fn build(
    settings: SiteSettings,
    content_dir: &Path,
    data_file: &Path,
) -> Result<ServedSite, Vec<ContentError>> {
    let files = custody_content::source::files::read_dir(content_dir).map_err(|error| {
        vec![ContentError::in_file(
            "",
            format!("cannot read {}: {error}", content_dir.display()),
        )]
    })?;
    let content = embedded::load_content(&files)?;
    let data = to_json(&ui_site_data(&content));
    std::fs::write(data_file, data).map_err(|error| {
        vec![ContentError::in_file(
            "",
            format!("cannot write {}: {error}", data_file.display()),
        )]
    })?;
    ServedSite::for_preview(settings, content, "/_dev/entry.js")
        .map_err(|error| vec![ContentError::in_file("", format!("{error:#}"))])
}

/// The preview's CSP: the site's, plus the inline styles Vite injects and its hot-reload socket.
fn preview_csp(port: u16) -> HeaderValue {
    let csp = content_security_policy(&Sources {
        script: "'self'",
        style: "'self' 'unsafe-inline'",
        connect: &format!("'self' ws://127.0.0.1:{port}"),
    });
    HeaderValue::from_str(&csp).expect("the CSP is ASCII")
}
