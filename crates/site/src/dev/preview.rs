//! The preview service: the reload channel, the interface's modules from Vite (every address of
//! the interface's mount that no route of the site declares: its route table,
//! `crates/site/src/http/routes.rs`, resolves it to previous builds' files, of which the preview
//! has none), and the site built from the content on disk, or the list of the content's problems
//! while it has any (for every address but the preview's own).

use std::convert::Infallible;
use std::sync::{Arc, RwLock};
use std::task::{Context, Poll};

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::future::BoxFuture;
use hyper::body::Incoming;
use tower::Service;

use super::frontend::Frontend;
use super::reload::{PREVIEW_ENTRY, RELOAD_SCRIPT, Reloads};
use crate::http::SiteService;
use crate::http::pipeline::secure::follow_headers_rule;
use crate::http::routes::{Kind, RouteTable};
use crate::render::document::html_escape;
use custody_content::source::error::ContentError;

/// What the preview shows now.
#[derive(Debug, Clone)]
pub enum Showing {
    /// The site made from the content, and its routes.
    Site(SiteService, Arc<RouteTable>),
    /// The content's problems, as a page (served for every document address).
    Problems(Arc<str>),
}

impl Showing {
    /// The page listing `errors`.
    pub fn problems(errors: &[ContentError]) -> Self {
        Showing::Problems(problems_page(errors).into())
    }
}

/// The preview, cheap to clone.
#[derive(Debug, Clone)]
pub struct Preview(Arc<Parts>);

#[derive(Debug)]
struct Parts {
    showing: RwLock<Showing>,
    frontend: Frontend,
    reloads: Reloads,
    security_headers: HeaderMap,
}

impl Preview {
    /// A preview showing `showing`, with the interface from `frontend`; `security_headers` go on
    /// every answer of the preview.
    pub fn new(showing: Showing, frontend: Frontend, security_headers: HeaderMap) -> Self {
        Self(Arc::new(Parts {
            showing: RwLock::new(showing),
            frontend,
            reloads: Reloads::default(),
            security_headers,
        }))
    }

    /// Shows `showing` from now on, and reloads every open page.
    pub fn show(&self, showing: Showing) {
        *self
            .0
            .showing
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = showing;
        self.0.reloads.announce();
    }

    /// The dev server, to tell it about content changes.
    pub fn frontend(&self) -> &Frontend {
        &self.0.frontend
    }

    /// Ends the open reload streams (at shutdown).
    pub fn close(&self) {
        self.0.reloads.close();
    }

    fn showing(&self) -> Showing {
        self.0
            .showing
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

/// Answers of the preview's own addresses under `/_dev/`.
fn script(source: &'static str) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/javascript; charset=utf-8"),
        )],
        source,
    )
        .into_response()
}

impl Service<Request<Incoming>> for Preview {
    type Response = Response;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<Response, Infallible>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<Incoming>) -> Self::Future {
        let preview = self.clone();
        Box::pin(async move {
            let path = request.uri().path();
            let mut response = match path {
                "/_dev/events" => preview.0.reloads.events(),
                "/_dev/reload.js" => script(RELOAD_SCRIPT),
                "/_dev/entry.js" => script(PREVIEW_ENTRY),
                _ => match preview.showing() {
                    Showing::Site(_, routes)
                        if routes.resolve(path).is_mount()
                            && routes.resolve(path).kind() == Some(Kind::PreviousBuild) =>
                    {
                        preview.0.frontend.forward(request).await
                    }
                    Showing::Site(mut site, _) => site.call(request).await?,
                    Showing::Problems(page) => (
                        StatusCode::INTERNAL_SERVER_ERROR,
                        [(
                            header::CONTENT_TYPE,
                            HeaderValue::from_static("text/html; charset=utf-8"),
                        )],
                        Body::from(page.to_string()),
                    )
                        .into_response(),
                },
            };
            // The pipeline's headers rule, over the preview's own answers and the modules from
            // Vite as over the site's (which have had it already, with the same headers).
            follow_headers_rule(response.headers_mut(), &preview.0.security_headers);
            Ok(response)
        })
    }
}

/// The page that lists the content's problems, one `file:line: message` each, and reloads when
/// they are fixed.
fn problems_page(errors: &[ContentError]) -> String {
    let items: String = errors
        .iter()
        .map(|error| format!("<li>{}</li>", html_escape(&error.to_string())))
        .collect();
    let count = match errors.len() {
        1 => "one problem".to_owned(),
        n => format!("{n} problems"),
    };
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Content problems · custody-site preview</title>
<style>
body {{ font: 1rem/1.5 system-ui, sans-serif; color: #14213d; margin: 0; }}
main {{ max-width: 60rem; margin: 3rem auto; padding: 0 1.5rem; }}
h1 {{ font-size: 1.5rem; color: #9b1c1c; }}
ol {{ padding-left: 1.5rem; }}
li {{ font-family: ui-monospace, monospace; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.5rem 0; }}
</style>
<script type="module" src="/_dev/reload.js"></script>
</head>
<body>
<main>
<h1>The content has {count}</h1>
<p>Fix them in the files named below (the terminal shows the same list). This page reloads by
itself once the content is valid again.</p>
<ol id="content-problems">{items}</ol>
</main>
</body>
</html>
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_problems_page_lists_each_problem_escaped() {
        let errors = [
            ContentError {
                file: "en/pages.toml".into(),
                line: Some(12),
                message: "unknown key `titel`".into(),
            },
            ContentError::in_file("zh/faq.toml", "<script> is not allowed"),
        ];
        let page = problems_page(&errors);
        assert!(page.contains("The content has 2 problems"));
        assert!(page.contains("<li>content/en/pages.toml:12: unknown key `titel`</li>"));
        assert!(page.contains("content/zh/faq.toml: &lt;script&gt; is not allowed"));
    }
}
