//! The HTTP layer: one router, a handler pipeline you can read top to bottom.

pub(crate) mod answer_entries;
pub(crate) mod api;
pub mod api_error;
pub mod contact;
pub mod errors;
pub(crate) mod fixed;
pub(crate) mod layers;
pub(crate) mod negotiate;
pub(crate) mod pages;
pub(crate) mod previous;
pub(crate) mod request_id;
pub(crate) mod respond;
pub(crate) mod search;
pub(crate) mod service;
pub mod supported_asset_params;
pub(crate) mod supported_assets;

use std::ops::Deref;
use std::sync::Arc;

use axum::Router;
use axum::middleware;
use axum::routing::{get, post};

use crate::previous::PreviousBuilds;
use crate::render::served_site::ServedSite;
use custody_applications::ContactDesk;
use custody_edge::tls::Tls;
pub use service::SiteService;

/// Shared state of every handler: the site, and the contact desk that stores applications.
/// Dereferences to the site.
#[derive(Debug, Clone)]
pub struct AppState {
    /// Everything the site serves.
    pub site: Arc<ServedSite>,
    /// The applications store and its limits.
    pub contact: Arc<ContactDesk>,
    /// HTTPS, when the site serves it itself: readiness reports the certificate.
    pub tls: Option<Arc<Tls>>,
    /// The previous builds whose files are served.
    pub previous: PreviousBuilds,
}

impl Deref for AppState {
    type Target = ServedSite;

    fn deref(&self) -> &ServedSite {
        &self.site
    }
}

/// The site: its fixed answers, then the router, behind one service (without previous builds).
pub fn app(site: Arc<ServedSite>, contact: Arc<ContactDesk>) -> SiteService {
    let state = AppState {
        site,
        contact,
        tls: None,
        previous: PreviousBuilds::none(),
    };
    service(state, routes())
}

/// The liveness check's address.
pub const HEALTH_PATH: &str = "/healthz";
/// The readiness check's address.
pub const READY_PATH: &str = "/readyz";

/// The site as the server runs it: over `tls` (or plain HTTP), also serving the files of
/// `previous` builds.
pub fn served(
    site: Arc<ServedSite>,
    contact: Arc<ContactDesk>,
    tls: Option<Arc<Tls>>,
    previous: PreviousBuilds,
) -> SiteService {
    let state = AppState {
        site,
        contact,
        tls,
        previous,
    };
    service(state, routes())
}

/// The routes of the router: the health checks and the API.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route(HEALTH_PATH, get(api::health))
        .route(READY_PATH, get(api::ready))
        .route("/_app/builds/meta/{file}", get(api::unknown_build))
        .route("/_app/data", get(api::page_data))
        .route("/api/{scope}/search", get(search::search))
        .route(
            supported_assets::PATH,
            get(supported_assets::supported_assets),
        )
        .route("/api/contact", post(contact::submit))
}

/// The service of `state`: its answers from memory, then `routes` with the router's fallbacks
/// (API 404, 405) and its route label for the metrics.
pub(crate) fn service(state: AppState, routes: Router<AppState>) -> SiteService {
    let (site, previous) = (state.site.clone(), state.previous.clone());
    let router = routes
        .method_not_allowed_fallback(api::method_not_allowed)
        .route_layer(middleware::from_fn(layers::record_route))
        .fallback(pages::unrouted)
        .with_state(state);
    SiteService::new(site, previous, router)
}
