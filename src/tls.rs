//! Native HTTPS: the certificate chain and private key from PEM files, as a rustls server
//! configuration offering HTTP/2 and HTTP/1.1 by ALPN, and the plain-HTTP listener that sends
//! every request to the same path on the HTTPS site.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use axum::Router;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::TlsAcceptor;

use crate::config::Config;

/// The TLS acceptor of the configured certificate, or `None` when HTTPS is not configured.
pub fn acceptor(config: &Config) -> anyhow::Result<Option<TlsAcceptor>> {
    let Some((cert, key)) = config.tls_files() else {
        return Ok(None);
    };
    Ok(Some(TlsAcceptor::from(Arc::new(server_config(cert, key)?))))
}

/// A rustls server configuration for the chain in `cert` and the key in `key`.
fn server_config(cert: &Path, key: &Path) -> anyhow::Result<rustls::ServerConfig> {
    let chain = CertificateDer::pem_file_iter(cert)
        .and_then(Iterator::collect::<Result<Vec<_>, _>>)
        .with_context(|| {
            format!(
                "tls.cert: cannot read a PEM certificate chain from {}",
                cert.display()
            )
        })?;
    if chain.is_empty() {
        anyhow::bail!("tls.cert: {} holds no certificate", cert.display());
    }
    let private_key = PrivateKeyDer::from_pem_file(key).with_context(|| {
        format!(
            "tls.key: cannot read a PEM private key from {}",
            key.display()
        )
    })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut tls = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("TLS protocol versions")?
        .with_no_client_auth()
        .with_single_cert(chain, private_key)
        .context("tls.cert and tls.key do not make a usable pair")?;
    tls.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(tls)
}

/// The router of the plain-HTTP listener: every request is redirected to the same path and
/// query on `public_url` (`301` for GET and HEAD, `308`, which keeps the method and body,
/// otherwise), with the security headers.
pub fn redirect_router(config: &Config) -> Router {
    let public_url = Arc::<str>::from(config.public_url.trim_end_matches('/'));
    let security = Arc::new(crate::site::security::security_headers(config));
    Router::new().fallback(move |method: Method, uri: Uri| {
        let (public_url, security) = (public_url.clone(), security.clone());
        async move { redirect(&public_url, &security, &method, &uri) }
    })
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
