//! The files the site serves at fixed URLs besides its documents: the static files (the UI
//! build's and the brand's), the share cards, the files crawlers, browsers and feed readers read
//! (sitemap, robots.txt, web app manifest, security.txt, the feeds) and the build files (the
//! latest build, this build's meta). They are made at start-up from the content, the build and
//! the public URL, and change together with them (a share card is drawn when first asked for).

use custody_content::{Content, Lang, PageInstance};

use super::build_manifest::BuildManifest;
use super::client_contract::{BuildMeta, LatestBuild};
use super::document::to_json;
use super::encoded::Encoded;
use super::static_files::StaticFiles;
use crate::seo::discovery;
use crate::seo::feed::{FEED_PATH, atom};
use crate::seo::security_txt::security_txt;
use crate::share_cards::ShareCards;

/// Every file the site serves besides its documents, by kind.
#[derive(Debug)]
pub struct SiteFiles {
    /// Static files by URL path.
    pub static_files: StaticFiles,
    /// The share cards, drawn when first asked for, at the URLs of [`BuildManifest::share_cards`].
    pub(crate) share_cards: ShareCards,
    /// `/sitemap.xml`
    pub sitemap: Encoded,
    /// `/robots.txt`
    pub robots: Encoded,
    /// `/manifest.webmanifest`
    pub web_manifest: Encoded,
    /// `/.well-known/security.txt`
    pub security_txt: Encoded,
    /// The announcement feeds by localized path (`/announcements/feed.xml`, `/zh/…`).
    pub feeds: Vec<(String, Encoded)>,
    /// `/_app/builds/latest.json`
    pub latest_build: Encoded,
    /// `/_app/builds/meta/{id}.json` for this build.
    pub build_meta: Encoded,
}

impl SiteFiles {
    /// The files of `content` and `build` served at `public_url`, the sitemap listing `instances`
    /// (every page in one language), with `static_files`.
    pub fn new(
        public_url: &str,
        content: &Content,
        build: &BuildManifest,
        instances: &[PageInstance],
        static_files: StaticFiles,
    ) -> Self {
        let latest = to_json(&LatestBuild {
            id: &build.build_id,
            timestamp: build.timestamp,
        });
        Self {
            static_files,
            share_cards: ShareCards::embedded(),
            sitemap: Encoded::compress(discovery::sitemap(public_url, instances)),
            robots: Encoded::compress(discovery::robots(public_url)),
            web_manifest: Encoded::compress(discovery::web_manifest(content)),
            security_txt: Encoded::compress(security_txt(content, public_url, build.timestamp)),
            feeds: Lang::ALL
                .into_iter()
                .map(|lang| {
                    let feed = atom(content, lang, public_url);
                    (lang.localize(FEED_PATH), Encoded::compress(feed))
                })
                .collect(),
            latest_build: Encoded::compress(latest),
            build_meta: Encoded::compress(to_json(&BuildMeta::new(build, content))),
        }
    }
}
