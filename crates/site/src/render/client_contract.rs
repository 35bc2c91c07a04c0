//! The JSON the browser reads besides the page data: the configuration each document carries,
//! the latest build's id and a build's route manifest. The UI's types for them are generated
//! from these structs (`ui/src/lib/generated/`).

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use super::build_manifest::{BuildManifest, ChunkFiles};
use super::queried::served::Served;
use crate::settings::{Environment, SiteSettings};
use custody_config_values::urls::HttpUrl;
use custody_content::Content;
use custody_content::view::page::PageData;

/// The configuration the server injects into every document.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SiteConfig<'a> {
    /// The build the document belongs to.
    pub build_id: &'a str,
    /// Deployment settings.
    pub runtime: &'a RuntimeSettings,
    /// The page's data.
    pub page: &'a PageData,
    /// What a document served for its query string shows (the view read from it and the
    /// answer drawn); absent from the page's own document. A queried document adds it to its
    /// page's configuration (`crates/site/src/render/queried/mod.rs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub served: Option<&'a Served<'a>>,
}

/// Deployment settings from the server's configuration, as the browser needs them.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RuntimeSettings {
    /// The platform the login links lead to.
    #[ts(type = "\"test\" | \"main\"")]
    pub environment: Environment,
    /// Base URL of the identity service, without a trailing slash; `null` means no login-state
    /// call.
    pub iam_base: Option<String>,
    /// The login page of each entity's portal.
    pub login: EntityLinks,
    /// The logout page of each entity's portal.
    pub logout: EntityLinks,
    /// The page-view analytics script, loaded only with the visitor's consent.
    pub analytics_script: Option<String>,
    /// How often an open page checks for a new build, in seconds.
    #[ts(type = "number")]
    pub build_check_interval_secs: u64,
    /// Where the Insights link of the menu leads.
    pub insights_url: String,
}

/// One link per legal entity.
#[derive(Debug, Clone, Serialize, TS)]
pub struct EntityLinks {
    /// The Singapore entity's.
    pub sg: String,
    /// The Hong Kong entity's.
    pub hk: String,
}

impl RuntimeSettings {
    /// The browser's part of `settings`.
    pub fn new(settings: &SiteSettings) -> Self {
        let environment = settings.site.environment;
        let links = |(sg, hk): (&HttpUrl, &HttpUrl)| EntityLinks {
            sg: sg.as_str().to_owned(),
            hk: hk.as_str().to_owned(),
        };
        Self {
            environment,
            iam_base: settings
                .iam
                .base_url
                .as_ref()
                .map(|url| url.as_str().trim_end_matches('/').to_owned()),
            login: links(settings.login.for_environment(environment)),
            logout: links(settings.logout.for_environment(environment)),
            analytics_script: settings
                .analytics
                .script_url
                .as_ref()
                .map(|url| url.as_str().to_owned()),
            build_check_interval_secs: settings.build_check.interval_secs,
            insights_url: settings.links.insights_url.as_str().to_owned(),
        }
    }
}

/// The answer of `/_app/data` for a path that moved: where the page is now.
#[derive(Debug, Serialize, TS)]
pub struct DataRedirect<'a> {
    /// The page's path (without query string).
    pub redirect: &'a str,
}

/// The answer of `/_app/builds/latest.json`: which build is serving.
#[derive(Debug, Serialize, TS)]
pub struct LatestBuild<'a> {
    /// The build's id.
    pub id: &'a str,
    /// When it was made (milliseconds since the Unix epoch).
    #[ts(type = "number")]
    pub timestamp: u64,
}

/// A build's route manifest, served at `/_app/builds/meta/{id}.json`.
#[derive(Debug, Serialize, TS)]
pub struct BuildMeta<'a> {
    /// The build's id.
    pub id: &'a str,
    /// When it was made (milliseconds since the Unix epoch).
    #[ts(type = "number")]
    pub timestamp: u64,
    /// Its entry module.
    pub entry: &'a str,
    /// The route table.
    pub routes: Vec<RouteRecord<'a>>,
    /// Per page id: the page chunk and what it imports beyond the entry.
    pub pages: &'a BTreeMap<String, ChunkFiles>,
    /// Per language code: the catalog chunk.
    pub catalogs: &'a BTreeMap<String, Vec<String>>,
}

/// A route of the page table: `path` may end in `{id}`.
#[derive(Debug, Serialize, TS)]
pub struct RouteRecord<'a> {
    /// The page id.
    pub id: &'a str,
    /// The unprefixed path.
    pub path: &'a str,
    /// Kept out of search engines.
    pub noindex: bool,
}

impl<'a> BuildMeta<'a> {
    /// The manifest of `build` serving `content`.
    pub fn new(build: &'a BuildManifest, content: &'a Content) -> Self {
        Self {
            id: &build.build_id,
            timestamp: build.timestamp,
            entry: &build.entry,
            routes: content
                .routes
                .iter()
                .map(|r| RouteRecord {
                    id: &r.id,
                    path: &r.path,
                    noindex: r.noindex,
                })
                .collect(),
            pages: &build.pages,
            catalogs: &build.catalogs,
        }
    }
}
