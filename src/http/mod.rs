//! The HTTP layer: one router, a handler pipeline you can read top to bottom.

pub mod api;
pub mod asset_params;
pub mod contact;
pub mod errors;
pub mod layers;
pub mod negotiate;
pub mod pages;
pub mod respond;
pub mod search;
pub mod supported_assets;

use std::ops::Deref;
use std::sync::Arc;

use axum::Router;
use axum::middleware;
use axum::routing::{get, post};

use crate::contact::ContactDesk;
use crate::render::site::Site;

/// Shared state of every handler: the site, and the contact desk that stores applications.
/// Dereferences to the site.
#[derive(Debug, Clone)]
pub struct AppState {
    /// Everything rendered at start-up.
    pub site: Arc<Site>,
    /// The applications store and its limits.
    pub contact: Arc<ContactDesk>,
}

impl Deref for AppState {
    type Target = Site;

    fn deref(&self) -> &Site {
        &self.site
    }
}

/// The site's router with every layer applied.
pub fn app(site: Arc<Site>, contact: Arc<ContactDesk>) -> Router {
    app_with(site, contact, Router::new())
}

/// The site's router with `extra` routes merged in before the layers, so they get the same
/// headers, logging, timeouts and panic handling (used by tests to exercise the 500 page).
pub fn app_with(site: Arc<Site>, contact: Arc<ContactDesk>, extra: Router<AppState>) -> Router {
    let timeout = site.config.request_timeout();
    let state = AppState { site, contact };
    Router::new()
        .route("/healthz", get(api::health))
        .route("/sitemap.xml", get(pages::sitemap))
        .route("/robots.txt", get(pages::robots))
        .route("/manifest.webmanifest", get(pages::web_manifest))
        .route("/_app/builds/latest.json", get(api::latest_build))
        .route("/_app/builds/meta/{file}", get(api::build_meta))
        .route("/_app/data", get(api::page_data))
        .route("/api/{scope}/search", get(search::search))
        .route(
            "/api/supported-assets",
            get(supported_assets::supported_assets),
        )
        .route("/api/contact", post(contact::submit))
        .merge(extra)
        .route_layer(middleware::from_fn(layers::record_route))
        .fallback(pages::serve)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            errors::catch_panics,
        ))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            timeout,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            layers::security_headers,
        ))
        .layer(middleware::from_fn(layers::log_requests))
        .with_state(state)
}
