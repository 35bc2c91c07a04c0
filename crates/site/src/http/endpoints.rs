//! The router of the site's endpoints, made from the route table
//! (`crates/site/src/http/routes.rs`): each route the table gives a handler, at its pattern, with
//! the `405` of the methods it does not take.

use axum::Router;
use axum::routing::{MethodRouter, get, post};

use super::routes::{Handler, RouteTable};
use super::{AppState, api, contact, pages, search};

/// The router of the routes `table` gives a handler.
pub fn router(table: &RouteTable) -> Router<AppState> {
    table
        .declared()
        .filter_map(|route| Some((route, route.handler?)))
        .fold(Router::new(), |router, (route, handler)| {
            router.route(&route.pattern, method_router(handler))
        })
}

/// The router's methods of `handler`.
fn method_router(handler: Handler) -> MethodRouter<AppState> {
    match handler {
        Handler::Health => get(api::health),
        Handler::Ready => get(api::ready),
        Handler::UnknownBuild => get(api::unknown_build),
        Handler::PageData => get(api::page_data),
        Handler::Search => get(search::search),
        Handler::ContactApi => post(contact::submit),
        Handler::ContactForm => post(contact::submit_form)
            .fallback(|| async { pages::method_not_allowed("GET, HEAD, POST") }),
        Handler::Confirmation => {
            get(contact::received).fallback(|| async { pages::method_not_allowed("GET, HEAD") })
        }
    }
}
