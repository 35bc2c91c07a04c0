//! What the edge is given of the configuration: its own sections, the site's address and public
//! origin, and the security headers its redirects carry. Here rather than in `config/`, which
//! the security headers read.

use custody_edge::config::EdgeConfig;

use crate::config::Config;
use crate::security_headers::security_headers;

impl Config {
    /// The edge's part of this configuration ([`custody_edge::run`] and
    /// [`custody_edge::serve_app`] take it).
    pub fn edge(&self) -> EdgeConfig {
        EdgeConfig {
            listen: self.listen,
            public_url: self.public_url.clone(),
            server: self.server.clone(),
            tls: self.tls.clone(),
            metrics: self.metrics.clone(),
            redirect_headers: security_headers(self),
        }
    }
}
