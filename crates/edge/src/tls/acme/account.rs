//! The ACME account: an HTTPS client that trusts the public roots and the configured directory
//! CA, and the account registered with the certificate authority once and then restored from
//! the cache.

use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;

use anyhow::Context;
use axum::body::Bytes;
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use instant_acme::{
    Account, AccountCredentials, BodyWrapper, BytesResponse, HttpClient, NewAccount,
};
use rustls::RootCertStore;

use super::cache::Cache;
use crate::tls::certificates::{provider, read_chain};

/// The HTTPS client of every ACME request: only the directory's host and the URLs it gives.
#[derive(Clone)]
pub struct AcmeHttp(Client<HttpsConnector<HttpConnector>, BodyWrapper<Bytes>>);

impl AcmeHttp {
    /// A client trusting the public roots and the certificates of `ca_bundle`, when given.
    pub fn new(ca_bundle: Option<&Path>) -> anyhow::Result<Self> {
        let mut roots = RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        if let Some(path) = ca_bundle {
            let pem = std::fs::read(path).with_context(|| {
                format!("tls.acme.directory_ca: cannot read {}", path.display())
            })?;
            let certificates = read_chain(&pem)
                .with_context(|| format!("tls.acme.directory_ca: {}", path.display()))?;
            for certificate in certificates {
                roots.add(certificate).with_context(|| {
                    format!(
                        "tls.acme.directory_ca: {} holds a certificate that cannot be a root",
                        path.display()
                    )
                })?;
            }
        }
        let tls = rustls::ClientConfig::builder_with_provider(Arc::new(provider()))
            .with_safe_default_protocol_versions()
            .context("TLS protocol versions")?
            .with_root_certificates(roots)
            .with_no_client_auth();
        let connector = HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_only()
            .enable_http1()
            .build();
        Ok(Self(Client::builder(TokioExecutor::new()).build(connector)))
    }
}

impl std::fmt::Debug for AcmeHttp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AcmeHttp")
    }
}

impl HttpClient for AcmeHttp {
    fn request(
        &self,
        request: axum::http::Request<BodyWrapper<Bytes>>,
    ) -> Pin<Box<dyn Future<Output = Result<BytesResponse, instant_acme::Error>> + Send>> {
        let response = self.0.request(request);
        Box::pin(async move {
            response
                .await
                .map(BytesResponse::from)
                .map_err(|error| instant_acme::Error::Other(Box::new(error)))
        })
    }
}

/// The account at `directory`: restored from the cache, else registered (with `email` as its
/// contact, agreeing to the terms of service) and saved there.
pub async fn account(
    http: &AcmeHttp,
    cache: &Cache,
    directory: &str,
    email: Option<&str>,
) -> anyhow::Result<Account> {
    if let Some(saved) = cache.account() {
        match serde_json::from_slice::<AccountCredentials>(&saved) {
            Ok(credentials) => {
                return Account::builder_with_http(Box::new(http.clone()))
                    .from_credentials(credentials)
                    .await
                    .context("cannot restore the ACME account from the cache");
            }
            Err(error) => {
                tracing::warn!(%error, "the cached ACME account is unreadable; registering a new one")
            }
        }
    }
    let contact = email.map(|email| format!("mailto:{email}"));
    let contacts: Vec<&str> = contact.as_deref().into_iter().collect();
    let (account, credentials) = Account::builder_with_http(Box::new(http.clone()))
        .create(
            &NewAccount {
                contact: &contacts,
                terms_of_service_agreed: true,
                only_return_existing: false,
            },
            directory.to_owned(),
            None,
        )
        .await
        .context("cannot register an ACME account")?;
    let json = serde_json::to_vec(&credentials).expect("account credentials serialize");
    cache
        .save_account(&json)
        .context("cannot save the ACME account in tls.acme.cache_dir")?;
    tracing::info!(directory, id = account.id(), "registered an ACME account");
    Ok(account)
}
