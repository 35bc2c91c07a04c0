//! `serve --dev`: the site's live preview (`crates/site/src/dev/`) served by the edge on the
//! site's listener until shutdown.

use custody_applications::ContactConfig;
use custody_edge::config::EdgeConfig;
use custody_site::SiteSettings;
use custody_site::dev::{DevOptions, LivePreview};
use tokio::net::TcpListener;

/// Serves the live preview of the site of `settings` on `listener` (over the edge's `edge`
/// settings, contact applications stored as `contact` says) until `shutdown` completes.
pub async fn serve(
    settings: SiteSettings,
    contact: &ContactConfig,
    edge: &EdgeConfig,
    options: DevOptions,
    listener: TcpListener,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let live = LivePreview::start(settings, contact, options).await?;
    let closing = live.service();
    let shutdown = async move {
        shutdown.await;
        closing.close();
    };
    custody_edge::serve_app(live.service(), edge, listener, shutdown).await
}
