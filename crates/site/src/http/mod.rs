//! The HTTP layer: one pipeline you can read top to bottom (`pipeline/mod.rs`), whose layers
//! (request id, metrics and log line; security headers; panics) are each applied once around
//! every kind of answer, each request resolved once into its route by the one route table
//! (`routes.rs`, which also makes the router of the endpoints): documents answered for a query
//! string (`queried.rs`), fixed answers (`fixed.rs`), redirects (`redirects.rs`), previous builds'
//! files (`previous.rs`) and the router.

pub(crate) mod answer_entries;
pub(crate) mod answered;
pub(crate) mod api;
pub mod api_error;
pub mod certificate_status;
pub mod contact;
pub(crate) mod endpoints;
pub mod errors;
pub(crate) mod fixed;
pub(crate) mod layers;
pub(crate) mod negotiate;
pub(crate) mod pages;
pub(crate) mod pipeline;
pub(crate) mod previous;
pub(crate) mod queried;
pub(crate) mod ready;
pub(crate) mod redirects;
pub(crate) mod request_id;
pub(crate) mod respond;
pub mod routes;
pub(crate) mod search;
pub mod supported_asset_params;
pub(crate) mod supported_assets;

use std::ops::Deref;
use std::sync::Arc;

use axum::middleware;

use crate::previous::PreviousBuilds;
use crate::render::served_site::ServedSite;
use certificate_status::CertificateStatus;
use custody_applications::ContactDesk;
use fixed::FixedResponses;
pub use pipeline::SiteService;
use pipeline::dispatch::Dispatch;
use routes::RouteTable;

/// Shared state of every handler: the site, and the contact desk that stores applications.
/// Dereferences to the site.
#[derive(Debug, Clone)]
pub struct AppState {
    /// Everything the site serves.
    pub site: Arc<ServedSite>,
    /// The applications store and its limits.
    pub contact: Arc<ContactDesk>,
    /// The certificate served, when the site serves HTTPS itself: readiness reports it.
    pub certificate: Option<Arc<dyn CertificateStatus>>,
    /// The previous builds whose files are served.
    pub previous: PreviousBuilds,
    /// Every route of the site.
    pub routes: Arc<RouteTable>,
}

impl Deref for AppState {
    type Target = ServedSite;

    fn deref(&self) -> &ServedSite {
        &self.site
    }
}

/// The site as one service, without previous builds.
pub fn app(site: Arc<ServedSite>, contact: Arc<ContactDesk>) -> SiteService {
    app_and_routes(site, contact).0
}

/// The site as one service, without previous builds, and its route table.
pub fn app_and_routes(
    site: Arc<ServedSite>,
    contact: Arc<ContactDesk>,
) -> (SiteService, Arc<RouteTable>) {
    let (state, answers) = assemble(site, contact, None, PreviousBuilds::none());
    let routes = state.routes.clone();
    (pipeline::around(&routes, answers), routes)
}

/// The liveness check's address.
pub const HEALTH_PATH: &str = "/healthz";
/// The readiness check's address.
pub const READY_PATH: &str = "/readyz";

/// The site as the server runs it: over HTTPS whose served certificate `certificate` tells
/// (or plain HTTP: `None`), also serving the files of `previous` builds.
pub fn served(
    site: Arc<ServedSite>,
    contact: Arc<ContactDesk>,
    certificate: Option<Arc<dyn CertificateStatus>>,
    previous: PreviousBuilds,
) -> SiteService {
    let (state, answers) = assemble(site, contact, certificate, previous);
    pipeline::around(&state.routes, answers)
}

/// The state of the handlers and every kind of answer of `site`: its route table, fixed answers,
/// previous builds' files, and the router the table makes, with its fallbacks (API 404, 405) and
/// its route label for the metrics.
pub(crate) fn assemble(
    site: Arc<ServedSite>,
    contact: Arc<ContactDesk>,
    certificate: Option<Arc<dyn CertificateStatus>>,
    previous: PreviousBuilds,
) -> (AppState, Dispatch) {
    let fixed = FixedResponses::new(&site);
    let routes = Arc::new(RouteTable::new(site.clone(), &fixed));
    let state = AppState {
        site: site.clone(),
        contact,
        certificate,
        previous: previous.clone(),
        routes: routes.clone(),
    };
    let router = endpoints::router(&routes)
        .method_not_allowed_fallback(api::method_not_allowed)
        .route_layer(middleware::from_fn(layers::record_route))
        .fallback(pages::unrouted)
        .with_state(state.clone());
    let answers = Dispatch::new(site, routes, fixed, previous, router);
    (state, answers)
}
