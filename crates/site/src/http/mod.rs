//! The HTTP layer: one pipeline you can read top to bottom (`pipeline/mod.rs`), whose layers
//! (request id, metrics and log line; security headers; panics) are each applied once around
//! every kind of answer: documents answered for a query string (`queried.rs`), fixed answers
//! (`fixed.rs`), answers from memory (`memory.rs`), previous builds' files (`previous.rs`) and
//! the router of the health checks and the API made here.

pub(crate) mod answer_entries;
pub(crate) mod answered;
pub(crate) mod api;
pub mod api_error;
pub mod certificate_status;
pub mod contact;
pub mod errors;
pub(crate) mod fixed;
pub(crate) mod layers;
pub(crate) mod memory;
pub(crate) mod negotiate;
pub(crate) mod pages;
pub(crate) mod pipeline;
pub(crate) mod previous;
pub(crate) mod queried;
pub(crate) mod ready;
pub(crate) mod request_id;
pub(crate) mod respond;
pub(crate) mod search;
pub mod supported_asset_params;
pub(crate) mod supported_assets;

use std::ops::Deref;
use std::sync::Arc;

use axum::Router;
use axum::middleware;
use axum::routing::{get, post};

use crate::previous::PreviousBuilds;
use crate::render::served_site::ServedSite;
use certificate_status::CertificateStatus;
use custody_applications::ContactDesk;
use custody_content::Lang;
pub use pipeline::SiteService;
use pipeline::answers::Answers;

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
}

impl Deref for AppState {
    type Target = ServedSite;

    fn deref(&self) -> &ServedSite {
        &self.site
    }
}

/// The site as one service, without previous builds.
pub fn app(site: Arc<ServedSite>, contact: Arc<ContactDesk>) -> SiteService {
    served(site, contact, None, PreviousBuilds::none())
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
    let state = AppState {
        site: site.clone(),
        contact,
        certificate,
        previous,
    };
    pipeline::around(&site, answers(state, routes(&site)))
}

/// The routes of the router: the health checks and the API (but for supported assets, answered
/// from memory: `memory.rs`), and the contact form of `site` posted without scripts, in each
/// language, with its confirmations.
pub(crate) fn routes(site: &ServedSite) -> Router<AppState> {
    let mut router = Router::new()
        .route(HEALTH_PATH, get(api::health))
        .route(READY_PATH, get(api::ready))
        .route("/_app/builds/meta/{file}", get(api::unknown_build))
        .route("/_app/data", get(api::page_data))
        .route("/api/{scope}/search", get(search::search))
        .route("/api/contact", post(contact::submit));
    for lang in Lang::ALL {
        let page = site.answer_documents.page_path(lang);
        let page_methods = || async { pages::method_not_allowed("GET, HEAD, POST") };
        let confirmation_methods = || async { pages::method_not_allowed("GET, HEAD") };
        router = router
            .route(page, post(contact::submit_form).fallback(page_methods))
            .route(
                &format!("{page}{}{{id}}", contact::RECEIVED),
                get(contact::received).fallback(confirmation_methods),
            );
    }
    router
}

/// Every kind of answer of `state`: fixed answers, answers from memory, previous builds' files,
/// then `routes` with the router's fallbacks (API 404, 405) and its route label for the metrics.
pub(crate) fn answers(state: AppState, routes: Router<AppState>) -> Answers {
    let (site, previous) = (state.site.clone(), state.previous.clone());
    let router = routes
        .method_not_allowed_fallback(api::method_not_allowed)
        .route_layer(middleware::from_fn(layers::record_route))
        .fallback(pages::unrouted)
        .with_state(state);
    Answers::new(site, previous, router)
}
