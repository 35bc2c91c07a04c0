//! The configuration file, assembled: the whole configuration's type (`types.rs`, which composes
//! the sections of the site, the edge and the contact store, each defined where it is used;
//! every key's default and text value, the URLs included, is written with
//! `crates/config-values/`), its layers of defaults, file, environment and flags
//! (`layering.rs`), the keys that moved to another section (`renamed.rs`), its rules
//! (`validation.rs`), and here the site's settings made from it (the edge's are made in
//! `src/edge_config.rs`).

mod layering;
mod renamed;
mod types;
mod validation;

use custody_site::SiteSettings;
pub use layering::{ENV_PREFIX, Overrides};
pub use types::{Config, LogFormat};

impl Config {
    /// What the site is built from: the public URL, the site's sections and the contact
    /// applications' time limit (`contact.request_timeout_secs`).
    pub fn site_settings(&self) -> SiteSettings {
        SiteSettings {
            public_url: self.public_url.clone(),
            site: self.site.clone(),
            iam: self.iam.clone(),
            login: self.login.clone(),
            logout: self.logout.clone(),
            analytics: self.analytics.clone(),
            build_check: self.build_check.clone(),
            links: self.links.clone(),
            request_timeout: self.contact.request_timeout(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sites_defaults_are_the_default_configurations() {
        assert_eq!(
            format!("{:?}", SiteSettings::default()),
            format!("{:?}", Config::default().site_settings()),
            "tests and benches build the site from SiteSettings::default()"
        );
    }
}
