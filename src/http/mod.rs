//! The HTTP layer: one router, a handler pipeline you can read top to bottom.

pub mod api;
pub mod api_error;
pub mod asset_params;
pub mod contact;
pub mod errors;
pub mod fixed;
pub mod layers;
pub mod metrics;
pub mod negotiate;
pub mod pages;
pub mod previous;
pub mod request_id;
pub mod respond;
pub mod search;
pub mod service;
pub mod supported_assets;

use std::ops::Deref;
use std::sync::Arc;

use axum::Router;
use axum::middleware;
use axum::routing::{get, post};

use crate::contact::ContactDesk;
use crate::previous::PreviousBuilds;
use crate::render::site::Site;
use crate::tls::Tls;
pub use service::SiteService;

/// Shared state of every handler: the site, and the contact desk that stores applications.
/// Dereferences to the site.
#[derive(Debug, Clone)]
pub struct AppState {
    /// Everything rendered at start-up.
    pub site: Arc<Site>,
    /// The applications store and its limits.
    pub contact: Arc<ContactDesk>,
    /// HTTPS, when the site serves it itself: readiness reports the certificate.
    pub tls: Option<Arc<Tls>>,
    /// The previous builds whose files are served.
    pub previous: PreviousBuilds,
}

impl Deref for AppState {
    type Target = Site;

    fn deref(&self) -> &Site {
        &self.site
    }
}

/// The site: its fixed answers, then the router, behind one service (without previous builds).
pub fn app(site: Arc<Site>, contact: Arc<ContactDesk>) -> SiteService {
    app_with(site, contact, Router::new())
}

/// The site as the server runs it: over `tls` (or plain HTTP), also serving the files of
/// `previous` builds.
pub fn served(
    site: Arc<Site>,
    contact: Arc<ContactDesk>,
    tls: Option<Arc<Tls>>,
    previous: PreviousBuilds,
) -> SiteService {
    site_service(site, contact, tls, previous, Router::new())
}

/// The site with `extra` routes merged into the router, so they get the same headers, logging
/// and panic handling (used by tests to exercise the 500 page).
pub fn app_with(
    site: Arc<Site>,
    contact: Arc<ContactDesk>,
    extra: Router<AppState>,
) -> SiteService {
    site_service(site, contact, None, PreviousBuilds::none(), extra)
}

fn site_service(
    site: Arc<Site>,
    contact: Arc<ContactDesk>,
    tls: Option<Arc<Tls>>,
    previous: PreviousBuilds,
    extra: Router<AppState>,
) -> SiteService {
    let state = AppState {
        site: site.clone(),
        contact,
        tls,
        previous: previous.clone(),
    };
    let router = Router::new()
        .route("/healthz", get(api::health))
        .route("/readyz", get(api::ready))
        .route("/sitemap.xml", get(pages::sitemap))
        .route("/robots.txt", get(pages::robots))
        .route("/manifest.webmanifest", get(pages::web_manifest))
        .route("/_app/builds/latest.json", get(api::latest_build))
        .route("/_app/builds/meta/{file}", get(api::build_meta))
        .route("/_app/data", get(api::page_data))
        .route("/api/{scope}/search", get(search::search))
        .route(
            supported_assets::PATH,
            get(supported_assets::supported_assets),
        )
        .route("/api/contact", post(contact::submit))
        .merge(extra)
        .method_not_allowed_fallback(api::method_not_allowed)
        .route_layer(middleware::from_fn(layers::record_route))
        .fallback(pages::serve)
        .with_state(state);
    SiteService::new(site, previous, router)
}
