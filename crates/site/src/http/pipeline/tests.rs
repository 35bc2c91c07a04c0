//! The pipeline around answers that panic, in `call` (as a fixed answer or an answer from memory
//! would) and in the future (as the router's handlers or a read from disk would): one `500` in the
//! path's language or as JSON, with every header and one log line of each kind.

use std::convert::Infallible;
use std::io;
use std::sync::{Arc, LazyLock, Mutex};
use std::task::{Context, Poll};

use axum::body::Body;
use axum::http::{Request, header};
use axum::response::Response;
use futures_util::future::{BoxFuture, Either};
use http_body_util::BodyExt;
use tower::Service;
use tracing_subscriber::fmt::MakeWriter;

use super::{Answering, around};
use crate::http::answered::Answered;
use crate::http::fixed::FixedResponses;
use crate::http::routes::RouteTable;
use crate::render::served_site::ServedSite;
use crate::settings::SiteSettings;

static ROUTES: LazyLock<Arc<RouteTable>> = LazyLock::new(|| {
    let site =
        Arc::new(ServedSite::from_embedded(SiteSettings::default()).expect("the site builds"));
    let fixed = FixedResponses::new(&site);
    Arc::new(RouteTable::new(site, &fixed))
});

/// Answers that panic, where the answer is made.
#[derive(Debug, Clone, Copy)]
enum Panicking {
    InCall,
    InFuture,
}

fn fail(place: &str) -> Result<Answered, Infallible> {
    panic!("secret detail {place}")
}

impl Service<Request<Body>> for Panicking {
    type Response = Answered;
    type Error = Infallible;
    type Future = Answering<BoxFuture<'static, Result<Answered, Infallible>>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, _: Request<Body>) -> Self::Future {
        match self {
            Panicking::InCall => Either::Left(futures_util::future::ready(fail("in call"))),
            Panicking::InFuture => Either::Right(Box::pin(async { fail("in the future") })),
        }
    }
}

/// The log lines written while a test runs.
#[derive(Debug, Clone, Default)]
struct Lines(Arc<Mutex<Vec<u8>>>);

impl io::Write for Lines {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Lines {
    type Writer = Lines;

    fn make_writer(&'a self) -> Lines {
        self.clone()
    }
}

/// The answer of the pipeline around `answers` to `GET path`, its body, and the log lines.
fn answer(answers: Panicking, path: &str, lang: &str) -> (Response, String, Vec<String>) {
    let lines = Lines::default();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(lines.clone())
        .with_ansi(false)
        .finish();
    let (response, body) = tracing::subscriber::with_default(subscriber, || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let request = Request::get(path)
                .header(header::ACCEPT_LANGUAGE, lang)
                .body(Body::empty())
                .unwrap();
            let Ok(response) = around(&ROUTES, answers).call(request).await;
            let (parts, body) = response.into_parts();
            let body = body.collect().await.unwrap().to_bytes();
            let body = String::from_utf8_lossy(&body).into_owned();
            (Response::from_parts(parts, Body::empty()), body)
        })
    });
    let log = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
    (response, body, log.lines().map(str::to_owned).collect())
}

#[test]
fn a_panic_in_call_or_in_the_future_is_one_500_with_every_header_and_one_line_of_each_kind() {
    for answers in [Panicking::InCall, Panicking::InFuture] {
        for (path, lang, expected) in [
            ("/boom", "en", "<h1>Internal Server Error</h1>"),
            ("/zh/boom", "en", "<html lang=\"zh"),
            ("/api/boom", "zh-CN", "\"code\":\"internal_error\""),
            ("/_app/boom", "en", "\"code\":\"internal_error\""),
        ] {
            let what = format!("{answers:?} {path}");
            let (response, body, log) = answer(answers, path, lang);
            assert_eq!(response.status(), 500, "{what}");
            assert!(body.contains(expected), "{what}: {body:.300}");
            assert!(!body.contains("secret"), "{what}: no detail");
            let headers = response.headers();
            assert!(
                headers[header::CONTENT_SECURITY_POLICY]
                    .to_str()
                    .unwrap()
                    .contains("default-src")
            );
            assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{what}");
            assert_eq!(headers[header::CACHE_CONTROL], "no-store", "{what}");
            assert!(!headers["x-request-id"].is_empty(), "{what}");
            let count = |words: &str| log.iter().filter(|line| line.contains(words)).count();
            assert_eq!(
                count("handler panicked; answered 500"),
                1,
                "{what}: {log:?}"
            );
            assert_eq!(count("custody_site::request"), 1, "{what}: {log:?}");
            assert_eq!(count("route=server-error status=500"), 1, "{what}: {log:?}");
        }
    }
}
