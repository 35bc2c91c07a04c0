//! What only the integration tests (`tests/site/`) reach, built with the `testing` feature that
//! they enable (Cargo.toml): the site with routes of their own merged into its router.

use std::sync::Arc;

use axum::Router;

use crate::http::{self, AppState, SiteService};
use crate::previous::PreviousBuilds;
use crate::render::served_site::ServedSite;
use custody_applications::ContactDesk;

/// The site with `extra` routes merged into its router, so that they get the headers, logging
/// and panic handling of every route (the tests' handlers that panic or wait); the 404 of a path
/// without a page is then the router's, since `extra` may claim any path.
pub fn app_with(
    site: Arc<ServedSite>,
    contact: Arc<ContactDesk>,
    extra: Router<AppState>,
) -> SiteService {
    let state = AppState {
        site,
        contact,
        tls: None,
        previous: PreviousBuilds::none(),
    };
    http::service(state, http::routes().merge(extra)).leaving_missing_pages_to_the_router()
}
