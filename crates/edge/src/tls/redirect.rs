//! The plain-HTTP listener beside HTTPS: every request is sent to the same path on the HTTPS
//! site, except the ACME HTTP-01 validations this server is waiting for, which get their key
//! authorization.

use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::acme::Http01Answers;
use crate::config::EdgeConfig;

/// The router of the plain-HTTP listener: every request is redirected to the same path and
/// query on `public_url` (`301` for GET and HEAD, `308`, which keeps the method and body,
/// otherwise), with the headers the site gives (`redirect_headers`: its security headers);
/// with `http01`, a `GET` of a pending validation gets its key authorization (`text/plain`)
/// instead.
pub fn redirect_router(config: &EdgeConfig, http01: Option<Arc<Http01Answers>>) -> Router {
    let public_url = Arc::<str>::from(config.public_url.as_str());
    let security = Arc::new(config.redirect_headers.clone());
    Router::new().fallback(move |method: Method, uri: Uri| {
        let (public_url, security, http01) = (public_url.clone(), security.clone(), http01.clone());
        async move {
            let validation = http01
                .filter(|_| method == Method::GET)
                .and_then(|answers| answers.answer(uri.path()));
            match validation {
                Some(key_authorization) => validation_answer(key_authorization, &security),
                None => redirect(&public_url, &security, &method, &uri),
            }
        }
    })
}

fn validation_answer(key_authorization: String, security: &HeaderMap) -> Response {
    let mut response = key_authorization.into_response();
    let headers = response.headers_mut();
    headers.extend(security.clone());
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn redirect(public_url: &str, security: &HeaderMap, method: &Method, uri: &Uri) -> Response {
    let status = if method == Method::GET || method == Method::HEAD {
        StatusCode::MOVED_PERMANENTLY
    } else {
        StatusCode::PERMANENT_REDIRECT
    };
    let target = format!(
        "{public_url}{}",
        uri.path_and_query().map_or("/", |p| p.as_str())
    );
    let mut response = status.into_response();
    let headers = response.headers_mut();
    headers.extend(security.clone());
    match HeaderValue::try_from(target) {
        Ok(location) => {
            headers.insert(header::LOCATION, location);
        }
        Err(_) => *response.status_mut() = StatusCode::BAD_REQUEST,
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_redirect_keeps_path_and_query_and_the_method_when_it_has_a_body() {
        let security = HeaderMap::new();
        let uri: Uri = "/zh/faq?q=%E6%89%98%E7%AE%A1".parse().unwrap();
        let get = redirect("https://custody.example", &security, &Method::GET, &uri);
        assert_eq!(get.status(), StatusCode::MOVED_PERMANENTLY);
        assert_eq!(
            get.headers()[header::LOCATION],
            "https://custody.example/zh/faq?q=%E6%89%98%E7%AE%A1"
        );
        let post = redirect(
            "https://custody.example",
            &security,
            &Method::POST,
            &"/api/contact".parse().unwrap(),
        );
        assert_eq!(post.status(), StatusCode::PERMANENT_REDIRECT);
    }
}
