//! What only the integration tests (`tests/site/`) reach, built with the `testing` feature that
//! they enable (the root `Cargo.toml`'s dev-dependency on this crate): the site with routes of
//! their own in front of its answers, inside the same pipeline, so that they get the headers,
//! request ids, logging and panic handling of every answer (the tests' handlers that panic or
//! wait).

use std::convert::Infallible;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::middleware;
use axum::response::Response;
use axum::{BoxError, Router};
use futures_util::future::{BoxFuture, Either};
use tower::Service;

use crate::http::answered::Answered;
use crate::http::layers::record_route;
use crate::http::pipeline::dispatch::{Dispatch, routed};
use crate::http::pipeline::{self, Answering, SiteService};
use crate::http::respond::RoutePattern;
use crate::http::{self, AppState};
use crate::previous::PreviousBuilds;
use crate::render::served_site::ServedSite;
use custody_applications::ContactDesk;

/// The site with the `extra` routes tried before any of its answers (a path of theirs may be a
/// path the site answers 404), inside the site's pipeline.
pub fn app_with(
    site: Arc<ServedSite>,
    contact: Arc<ContactDesk>,
    extra: Router<AppState>,
) -> SiteService<Extra> {
    let (state, answers) = http::assemble(site, contact, None, PreviousBuilds::none());
    let routes = state.routes.clone();
    let router = extra
        .route_layer(middleware::from_fn(record_route))
        .with_state(state)
        .fallback_service(AsResponse(answers));
    pipeline::around(&routes, Extra(router))
}

/// The tests' routes, then the site's answers (the router's fallback).
#[derive(Debug, Clone)]
pub struct Extra(Router);

impl<B> Service<Request<B>> for Extra
where
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    type Response = Answered;
    type Error = Infallible;
    type Future = Answering<BoxFuture<'static, Result<Answered, Infallible>>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let router = self.0.clone();
        Either::Right(Box::pin(async move { Ok(routed(router, request).await) }))
    }
}

/// The site's answers as the router's fallback: each answer a response named by its route.
#[derive(Debug, Clone)]
struct AsResponse(Dispatch);

impl Service<Request> for AsResponse {
    type Response = Response;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<Response, Infallible>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        let answering = self.0.call(request);
        Box::pin(async move {
            let Ok(Answered {
                mut response,
                route,
                ..
            }) = answering.await;
            response.extensions_mut().insert(RoutePattern(route));
            Ok(response)
        })
    }
}
