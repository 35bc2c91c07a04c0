//! What the edge is given of the configuration: its own sections, the site's address and public
//! origin, and the site's security headers, which its redirects carry.

use custody_edge::config::EdgeConfig;
use custody_site::security_headers::security_headers;

use crate::config::Config;

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
            redirect_headers: security_headers(&self.site_settings()),
        }
    }
}
