//! A certificate authority made for one test, the certificates it issues for 127.0.0.1 and
//! localhost as PEM files, and HTTPS clients that trust it and report the certificate served.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Body;
use custody_edge::tls::certificates::CertificateInfo;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::net::TcpStream;

/// A test CA.
pub struct TestCa {
    issuer: Issuer<'static, KeyPair>,
    /// Its certificate, PEM.
    pub pem: String,
}

/// A certificate issued by a [`TestCa`], written as `{name}.pem` (chain) and `{name}.key`.
pub struct Issued {
    /// The certificate chain's file: the certificate, then the CA's.
    pub cert: PathBuf,
    /// The private key's file.
    pub key: PathBuf,
    /// Its serial number, lowercase hexadecimal.
    pub serial: String,
}

impl Default for TestCa {
    fn default() -> Self {
        Self::new()
    }
}

impl TestCa {
    /// A new CA, its key made now.
    pub fn new() -> Self {
        let key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(DnType::CommonName, "custody-site test CA");
        let certificate = params.self_signed(&key).unwrap();
        Self {
            pem: certificate.pem(),
            issuer: Issuer::new(params, key),
        }
    }

    /// Writes the CA certificate to `dir/ca.pem` and returns the path.
    pub fn write(&self, dir: &Path) -> PathBuf {
        let path = dir.join("ca.pem");
        std::fs::write(&path, &self.pem).unwrap();
        path
    }

    /// Issues a certificate for `names`, written to `dir` as `{name}.pem` and `{name}.key`.
    pub fn issue(&self, dir: &Path, name: &str, names: &[&str]) -> Issued {
        let key = KeyPair::generate().unwrap();
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let certificate = CertificateParams::new(names)
            .unwrap()
            .signed_by(&key, &self.issuer)
            .unwrap();
        let serial = CertificateInfo::parse(certificate.der()).unwrap().serial;
        let issued = Issued {
            cert: dir.join(format!("{name}.pem")),
            key: dir.join(format!("{name}.key")),
            serial,
        };
        std::fs::write(&issued.cert, certificate.pem() + &self.pem).unwrap();
        std::fs::write(&issued.key, key.serialize_pem()).unwrap();
        issued
    }

    /// Issues a certificate for 127.0.0.1 and localhost.
    pub fn issue_local(&self, dir: &Path, name: &str) -> Issued {
        self.issue(dir, name, &["127.0.0.1", "localhost"])
    }
}

/// A rustls client configuration trusting the certificates of `ca_pem`, offering `alpn`.
pub fn client_config(ca_pem: &str, alpn: &[&[u8]]) -> rustls::ClientConfig {
    let mut roots = rustls::RootCertStore::empty();
    for certificate in CertificateDer::pem_slice_iter(ca_pem.as_bytes()) {
        roots.add(certificate.unwrap()).unwrap();
    }
    let mut config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    config
}

/// An HTTPS client (HTTP/1.1 and HTTP/2 by ALPN, or HTTP/2 only) trusting `ca_pem`.
pub fn https_client(
    ca_pem: &str,
    http2_only: bool,
) -> Client<hyper_rustls::HttpsConnector<HttpConnector>, Body> {
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(client_config(ca_pem, &[]))
        .https_only()
        .enable_http1()
        .enable_http2()
        .build();
    Client::builder(TokioExecutor::new())
        .http2_only(http2_only)
        .build(connector)
}

/// An HTTPS client trusting `ca_pem` that offers HTTP/1.1 alone by ALPN (the client above
/// offers both, and a server offering HTTP/2 then speaks it).
pub fn https_client_http1(
    ca_pem: &str,
) -> Client<hyper_rustls::HttpsConnector<HttpConnector>, Body> {
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(client_config(ca_pem, &[]))
        .https_only()
        .enable_http1()
        .build();
    Client::builder(TokioExecutor::new()).build(connector)
}

/// The serial of the certificate a new handshake with `addr` (as `server_name`) gets, or the
/// handshake's error.
pub async fn served_serial(addr: &str, server_name: &str, ca_pem: &str) -> Result<String, String> {
    let connector = tokio_rustls::TlsConnector::from(Arc::new(client_config(ca_pem, &[b"h2"])));
    let tcp = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let name = ServerName::try_from(server_name.to_owned()).unwrap();
    let tls = connector
        .connect(name, tcp)
        .await
        .map_err(|e| e.to_string())?;
    let certificate = tls.get_ref().1.peer_certificates().unwrap()[0].clone();
    Ok(CertificateInfo::parse(&certificate).unwrap().serial)
}
