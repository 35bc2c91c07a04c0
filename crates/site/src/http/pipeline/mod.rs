//! The pipeline every request takes, each concern applied once, outermost first:
//!
//! 1. [`secure`]: the headers rule (security headers, a default `Cache-Control`) on every response
//!    that leaves the pipeline, whatever made it;
//! 2. [`observe`]: the request id, the metrics and the request's one log line;
//! 3. [`catch_panic`]: a panic anywhere below, in `call` or in the future, answered `500`;
//! 4. [`dispatch`]: the request resolved once into its route (`crates/site/src/http/routes.rs`)
//!    and answered by what answers it: an answer made in memory, a previous build's file, or the
//!    router.
//!
//! `GET` and `HEAD` take the same path through all four. An answer made in `call` (a fixed answer
//! or one from memory, nearly every request) leaves the inner layers as a ready future
//! ([`Answering`]'s left side): none boxes it or allocates for it (what a layer keeps of the
//! request, its address and a few header values, shares the request's bytes). Only an answer
//! still to come (a file read from disk, the router) has a future of its own, which each layer
//! wraps.
//!
//! The layers are the site's own where tower-http's would do less (each module says what): there
//! is no request timeout here to take from it, since the one deadline an answer has (a contact
//! application's body) is the intake's (`crates/site/src/http/contact/intake.rs`), and the edge
//! keeps its own timeouts for headers and idle connections (`crates/edge/src/config/`).

mod catch_panic;
pub(crate) mod dispatch;
mod observe;
pub(crate) mod secure;

use std::convert::Infallible;
use std::sync::Arc;

use futures_util::future::{Either, Ready};
use tower::ServiceBuilder;

use super::answered::Answered;
use crate::http::routes::RouteTable;
use catch_panic::{CatchPanic, CatchPanicLayer};
use dispatch::Dispatch;
use observe::{Observe, ObserveLayer};
use secure::{Secure, SecureLayer};

/// The future of every stage below the first: an answer made in `call`, or one still to come.
pub type Answering<F> = Either<Ready<Result<Answered, Infallible>>, F>;

/// The whole site as one service: the layers around the answers of [`dispatch::Dispatch`] (or, in
/// tests, around routes of their own in front of them: `crates/site/src/testing.rs`). Cheap to
/// clone: a reference count per layer.
pub type SiteService<A = Dispatch> = Secure<Observe<CatchPanic<A>>>;

/// `answers` with the layers of the pipeline around them, in the order the module documentation
/// gives.
pub fn around<A>(routes: &Arc<RouteTable>, answers: A) -> SiteService<A> {
    ServiceBuilder::new()
        .layer(SecureLayer::new(routes.site().security_headers()))
        .layer(ObserveLayer)
        .layer(CatchPanicLayer::new(routes.clone()))
        .service(answers)
}

#[cfg(test)]
mod tests;
