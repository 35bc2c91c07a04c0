//! The site held in memory: every document and page-data answer, rendered and compressed the
//! first time it is asked for, the static files, the share cards, and the generated SEO files.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use anyhow::anyhow;
use axum::http::HeaderMap;

use super::build_manifest::BuildManifest;
use super::client_contract::{BuildMeta, LatestBuild, RuntimeSettings, SiteConfig};
use super::document::{
    CONFIG_SCRIPT_START, Document, FeedLink, ShareImage, html_escape, script_safe_json, to_json,
};
use super::encoded::Encoded;
use super::error_pages::ErrorPages;
use super::error_template::ErrorTemplate;
use super::prerendered::Prerendered;
use super::search_answers::SearchAnswers;
use super::static_files::{MediaTypes, StaticFiles, static_files};
use super::supported_asset_answers::SupportedAssetAnswers;
use crate::embedded;
use crate::embedded::pack::Pack;
use crate::resolver::Resolver;
use crate::security_headers::security_headers;
use crate::seo::feed::{FEED_PAGES, FEED_PATH, atom, feed_title};
use crate::seo::security_txt::security_txt;
use crate::seo::{discovery, structured_data};
use crate::settings::SiteSettings;
use crate::share_cards::ShareCards;
use askama::Template;
use custody_content::error_kind::ErrorKind;
use custody_content::pages::{REQUEST_PATH_MARKER, error_page_data, page_data};
use custody_content::share_card::alt_text;
use custody_content::view::page::{FeedLink as PageFeedLink, PageData, ShareImageLink};
use custody_content::{Content, Lang, PageInstance, page_instances};

/// One page in one language: known from start-up, rendered when first asked for.
#[derive(Debug)]
pub struct ServedPage {
    /// The route pattern it was made from (`/faq/{id}`), for logs.
    pub pattern: String,
    /// Kept out of search engines: answered with `X-Robots-Tag`.
    pub noindex: bool,
    lang: Lang,
    /// Its index in [`ServedSite::instances`].
    instance: usize,
    rendered: OnceLock<RenderedPage>,
}

/// A page's two answers, compressed.
#[derive(Debug)]
pub struct RenderedPage {
    /// The HTML document.
    pub document: Arc<Encoded>,
    /// The page data JSON for client-side navigation.
    pub data: Encoded,
}

/// Everything the HTTP layer serves, built once.
#[derive(Debug)]
pub struct ServedSite {
    /// The settings the site was built with.
    pub settings: SiteSettings,
    /// The parsed content.
    pub content: Content,
    /// The UI build manifest.
    pub build: BuildManifest,
    /// Pages by localized path.
    pub pages: HashMap<String, ServedPage>,
    /// Every page of the content in one language, as the pages index them.
    instances: Vec<PageInstance>,
    /// The prerendered bodies by localized path; `None` in the live preview, whose documents
    /// have empty bodies.
    prerendered: Option<Prerendered>,
    /// The deployment settings every document carries.
    runtime: RuntimeSettings,
    /// Path resolution: pages, redirects, 404s.
    pub resolver: Resolver,
    /// Static files by URL path.
    pub static_files: StaticFiles,
    /// The share cards, drawn when first asked for, at the URLs of [`BuildManifest::share_cards`].
    pub(crate) share_cards: ShareCards,
    /// Headers every response carries.
    pub security_headers: HeaderMap,
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
    /// FAQ and announcement search.
    pub search: SearchAnswers,
    /// Supported-assets API answers.
    pub supported_asset_answers: SupportedAssetAnswers,
    /// The 404 and 500 pages, made per request path.
    pub error_pages: ErrorPages,
}

impl ServedSite {
    /// Builds the site from the embedded content and UI build.
    pub fn from_embedded(settings: SiteSettings) -> anyhow::Result<Self> {
        let content = embedded::embedded_content().map_err(|errors| {
            anyhow!(
                "embedded content is invalid:\n{}",
                custody_content::error::report(&errors)
            )
        })?;
        let build = BuildManifest::embedded()?;
        let prerendered = Prerendered::embedded()?;
        let static_files = embedded_static_files()?;
        Self::build(settings, content, build, Some(prerendered), static_files)
    }

    /// Builds the live preview's site from `content`: documents without prerendered bodies (the
    /// interface renders them in the browser) that load the interface through `entry`.
    pub fn for_preview(
        settings: SiteSettings,
        content: Content,
        entry: &str,
    ) -> anyhow::Result<Self> {
        let build = BuildManifest::preview(entry);
        Self::build(settings, content, build, None, embedded_static_files()?)
    }

    fn build(
        settings: SiteSettings,
        content: Content,
        build: BuildManifest,
        prerendered: Option<Prerendered>,
        static_files: StaticFiles,
    ) -> anyhow::Result<Self> {
        let instances = page_instances(&content);
        let routes: HashMap<&str, &str> = content
            .routes
            .iter()
            .map(|r| (r.id.as_str(), r.path.as_str()))
            .collect();
        let mut pages = HashMap::with_capacity(2 * instances.len());
        for lang in Lang::ALL {
            for (index, instance) in instances.iter().enumerate() {
                let path = lang.localize(&instance.path);
                if let Some(bodies) = &prerendered
                    && !bodies.contains(&path)
                {
                    anyhow::bail!("no prerendered body for {path}");
                }
                let page = ServedPage {
                    pattern: routes[instance.page.as_str()].to_owned(),
                    noindex: instance.noindex,
                    lang,
                    instance: index,
                    rendered: OnceLock::new(),
                };
                pages.insert(path, page);
            }
        }
        let runtime = RuntimeSettings::new(&settings);
        let renderer = Renderer {
            settings: &settings,
            content: &content,
            build: &build,
            prerendered: prerendered.as_ref(),
            runtime: &runtime,
        };
        let error_templates = Lang::ALL
            .into_iter()
            .flat_map(|lang| ErrorKind::ALL.map(|kind| (lang, kind)))
            .map(|(lang, kind)| {
                let document = renderer.error(lang, kind, REQUEST_PATH_MARKER);
                let template =
                    ErrorTemplate::new(&document, REQUEST_PATH_MARKER, CONFIG_SCRIPT_START);
                ((lang, kind), template)
            })
            .collect();
        let resolver = Resolver::new(&content, pages.keys().cloned());
        let latest = to_json(&LatestBuild {
            id: &build.build_id,
            timestamp: build.timestamp,
        });
        let meta = to_json(&BuildMeta::new(&build, &content));
        Ok(Self {
            security_headers: security_headers(&settings),
            sitemap: Encoded::compress(discovery::sitemap(
                settings.public_url.as_str(),
                &instances,
            )),
            robots: Encoded::compress(discovery::robots(settings.public_url.as_str())),
            web_manifest: Encoded::compress(discovery::web_manifest(&content)),
            security_txt: Encoded::compress(security_txt(
                &content,
                settings.public_url.as_str(),
                build.timestamp,
            )),
            feeds: Lang::ALL
                .into_iter()
                .map(|lang| {
                    let feed = atom(&content, lang, settings.public_url.as_str());
                    (lang.localize(FEED_PATH), Encoded::compress(feed))
                })
                .collect(),
            latest_build: Encoded::compress(latest),
            build_meta: Encoded::compress(meta),
            search: SearchAnswers::new(&content),
            supported_asset_answers: SupportedAssetAnswers::new(&content),
            settings,
            content,
            build,
            pages,
            instances,
            prerendered,
            runtime,
            resolver,
            static_files,
            share_cards: ShareCards::embedded(),
            error_pages: ErrorPages::new(error_templates),
        })
    }

    /// The page at `path` (a localized path of [`Self::pages`]), rendered and compressed on the
    /// first call: some milliseconds, once per page and process.
    pub fn page(&self, path: &str) -> Option<&RenderedPage> {
        let page = self.pages.get(path)?;
        Some(page.rendered.get_or_init(|| {
            let renderer = Renderer {
                settings: &self.settings,
                content: &self.content,
                build: &self.build,
                prerendered: self.prerendered.as_ref(),
                runtime: &self.runtime,
            };
            renderer.page(page.lang, &self.instances[page.instance], path)
        }))
    }

    /// The page data JSON of an error page, for client-side navigation.
    pub fn error_data(&self, lang: Lang, kind: ErrorKind, path: &str) -> PageData {
        let mut data = error_page_data(&self.content, lang, kind, path);
        data.word_breaks = self
            .build
            .word_breaks
            .get(&kind.prerender_key(lang))
            .cloned();
        data
    }
}

/// The static files built into the binary: the interface's and the brand's.
fn embedded_static_files() -> anyhow::Result<StaticFiles> {
    let ui = Pack::new(
        "UI build's files",
        embedded::UI_CLIENT_INDEX,
        embedded::UI_CLIENT_PACK,
    )?;
    let media_types = MediaTypes::new(embedded::MEDIA_TYPES)?;
    Ok(static_files(&ui, &embedded::BRAND, &media_types))
}

struct Renderer<'a> {
    settings: &'a SiteSettings,
    content: &'a Content,
    build: &'a BuildManifest,
    /// The prerendered bodies; `None` in the live preview, whose documents have empty bodies.
    prerendered: Option<&'a Prerendered>,
    /// The deployment settings every document carries.
    runtime: &'a RuntimeSettings,
}

impl Renderer<'_> {
    fn page(&self, lang: Lang, instance: &PageInstance, path: &str) -> RenderedPage {
        let body = self
            .prerendered
            .and_then(|bodies| bodies.body(path))
            .unwrap_or_default();
        let public_url = self.settings.public_url.as_str();
        let mut data = page_data(self.content, lang, instance);
        let canonical = discovery::absolute(public_url, path);
        let alternates = discovery::alternates(public_url, &instance.path);
        let share_image = self.build.share_cards.get(path).map(|file| ShareImage {
            url: discovery::absolute(public_url, file),
            alt: alt_text(self.content, lang, instance),
            width: SHARE_CARD_SIZE.0,
            height: SHARE_CARD_SIZE.1,
        });
        let feed = FEED_PAGES.contains(&instance.kind).then(|| FeedLink {
            href: discovery::absolute(public_url, &lang.localize(FEED_PATH)),
            title: feed_title(self.content, lang),
        });
        // The client's head update after navigation (ui/src/navigation/head.ts) reads these two.
        data.share_image = share_image.as_ref().map(|image| ShareImageLink {
            url: image.url.clone(),
            alt: image.alt.clone(),
        });
        data.feed = feed.as_ref().map(|feed| PageFeedLink {
            href: feed.href.clone(),
            title: feed.title.clone(),
        });
        data.word_breaks = self.build.word_breaks.get(path).cloned();
        let nodes = structured_data::page_nodes(
            self.content,
            lang,
            instance,
            public_url,
            share_image.as_ref().map(|image| image.url.as_str()),
        );
        let head = Head {
            lang,
            canonical: Some(&canonical),
            alternates: &alternates,
            noindex: instance.noindex,
            share_image: share_image.as_ref(),
            feed: feed.as_ref(),
            nodes,
        };
        let html = self.document(&head, &instance.page, &data, &body);
        RenderedPage {
            document: Arc::new(Encoded::compress(html)),
            data: Encoded::compress(to_json(&data)),
        }
    }

    fn error(&self, lang: Lang, kind: ErrorKind, path: &str) -> String {
        let key = kind.prerender_key(lang);
        let body = self
            .prerendered
            .and_then(|bodies| bodies.body(&key))
            .unwrap_or_default();
        let body = body.replace(REQUEST_PATH_MARKER, &html_escape(path));
        let mut data = error_page_data(self.content, lang, kind, path);
        data.word_breaks = self.build.word_breaks.get(&key).cloned();
        let head = Head {
            lang,
            canonical: None,
            alternates: &[],
            noindex: true,
            share_image: None,
            feed: None,
            nodes: Vec::new(),
        };
        self.document(&head, "error", &data, &body)
    }

    fn document(&self, head: &Head<'_>, page: &str, data: &PageData, body: &str) -> String {
        let site = &self.content.locale(head.lang).site;
        let chunk = self.build.pages.get(page).cloned().unwrap_or_default();
        let catalog = self
            .build
            .catalogs
            .get(head.lang.code())
            .cloned()
            .unwrap_or_default();
        let modules: Vec<String> = self
            .build
            .entry_modules
            .iter()
            .chain(&chunk.modules)
            .chain(&catalog)
            .cloned()
            .collect();
        let styles: Vec<String> = self
            .build
            .styles
            .iter()
            .chain(&chunk.styles)
            .cloned()
            .collect();
        let other = if head.lang == Lang::En {
            Lang::Zh
        } else {
            Lang::En
        };
        let organization = structured_data::identified_organization(
            discovery::organization(self.content, head.lang, self.settings.public_url.as_str()),
            self.content,
            head.lang,
            self.settings.public_url.as_str(),
        );
        let json_ld: Vec<String> = std::iter::once(&organization)
            .chain(&head.nodes)
            .map(script_safe_json)
            .collect();
        let config_json = script_safe_json(&SiteConfig {
            build_id: &self.build.build_id,
            runtime: self.runtime,
            page: data,
        });
        Document {
            html_lang: head.lang.html_lang(),
            title: &data.title,
            description: &data.description,
            noindex: head.noindex,
            canonical: head.canonical,
            alternates: head.alternates,
            theme_color: self.content.site.theme_color(),
            site_name: &site.name,
            og_locale: head.lang.og_locale(),
            og_locale_alternate: other.og_locale(),
            share_image: head.share_image,
            feed: head.feed,
            styles: &styles,
            fonts: &self.build.fonts,
            entry: &self.build.entry,
            modules: &modules,
            json_ld: &json_ld,
            body,
            config_json: &config_json,
        }
        .render()
        .expect("rendering to a String cannot fail")
    }
}

struct Head<'a> {
    lang: Lang,
    canonical: Option<&'a str>,
    alternates: &'a [discovery::Alternate],
    noindex: bool,
    share_image: Option<&'a ShareImage>,
    feed: Option<&'a FeedLink>,
    /// JSON-LD nodes besides the Organization.
    nodes: Vec<serde_json::Value>,
}

/// The share cards' size in pixels, as `ui/scripts/share-cards.mjs` makes them.
const SHARE_CARD_SIZE: (u32, u32) = (1200, 630);
