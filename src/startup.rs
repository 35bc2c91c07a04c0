//! What `custody-site serve` runs: the site (the library, `crates/site/src/lib.rs`) built from the
//! embedded content and its settings, the previous builds whose files it keeps serving, the contact
//! desk and its webhook, handed to the edge (`custody-edge`, which knows nothing of them) as one
//! service and the moment it is ready.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;

use crate::certificate_status::EdgeCertificate;
use crate::config::Config;
use custody_applications::ContactDesk;
use custody_applications::webhook::Webhook;
use custody_edge::tls::Tls;
use custody_edge::upgrade::Invocation;
use custody_edge::{Listeners, Readiness, Served};
use custody_metrics::metrics;
use custody_site::ServedSite;
use custody_site::http::certificate_status::CertificateStatus;
use custody_site::http::{self, SiteService};
use custody_site::previous::PreviousBuilds;
use custody_site::render::build_manifest::BuildManifest;

/// Builds the site from the embedded content and serves it on `listeners` until `shutdown`
/// completes or a new process started by SIGUSR2 is ready (`custody_edge::run`).
pub async fn run(
    config: Config,
    listeners: Listeners,
    invocation: Invocation,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let edge = config.edge();
    custody_edge::run(edge, listeners, invocation, shutdown, move |tls| {
        site(config, tls)
    })
    .await
}

/// The site of `config` over `tls` (or plain HTTP), with the files of the previous builds and the
/// contact desk, whose webhook delivers in the background.
async fn site(config: Config, tls: Option<Arc<Tls>>) -> anyhow::Result<Served<SiteService>> {
    let started = Instant::now();
    let own_build = BuildManifest::embedded()?.build_id;
    let builds = config.previous_builds.clone();
    let previous = tokio::task::spawn_blocking(move || PreviousBuilds::open(&builds, &own_build));
    let settings = config.site_settings();
    let site =
        Arc::new(tokio::task::spawn_blocking(move || ServedSite::from_embedded(settings)).await??);
    let previous = previous.await?;
    tracing::info!(
        pages = site.pages().len(),
        build = %site.build().build_id,
        previous_builds = previous.count(),
        public_url = %config.public_url,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "site loaded: each document is rendered when first asked for"
    );
    metrics().set_build(env!("CARGO_PKG_VERSION"), &site.build().build_id);
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
    let own_build_stored = previous.keep_up(site.clone());
    let ready = readiness(contact.clone(), site.clone(), own_build_stored);
    let newer = previous.clone();
    Ok(Served {
        app: http::served(
            site,
            contact,
            tls.map(|tls| -> Arc<dyn CertificateStatus> { Arc::new(EdgeCertificate(tls)) }),
            previous,
        ),
        ready: Box::pin(ready),
        background: webhook
            .into_iter()
            .map(|webhook| -> BoxFuture<'static, ()> { Box::pin(webhook.run()) })
            .collect(),
        after_handover: Box::new(move || newer.serve_newer()),
    })
}

/// How long readiness waits for this build's files to be stored for the builds after it.
const STORE_BUILD_WAIT: Duration = Duration::from_secs(30);

/// The site is ready once the applications log has been read back and can be written (checked
/// again every second until it can) and this build's files are stored in the builds directory
/// (or `STORE_BUILD_WAIT` has passed).
async fn readiness(
    contact: Arc<ContactDesk>,
    site: Arc<ServedSite>,
    own_build_stored: tokio::sync::oneshot::Receiver<()>,
) -> Readiness {
    while !contact.store.probe().await {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let _ = tokio::time::timeout(STORE_BUILD_WAIT, own_build_stored).await;
    Readiness {
        status: format!(
            "serving {} documents of build {}",
            site.pages().len(),
            site.build().build_id
        ),
        log: "ready: site loaded, applications log read back",
    }
}
