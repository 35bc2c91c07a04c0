//! The site held in memory: every document and page-data answer rendered and compressed once
//! at start-up, the static files, and the generated SEO files.

use std::collections::{BTreeMap, HashMap};

use anyhow::{Context, anyhow};
use axum::http::HeaderMap;
use serde_json::{Value, json};

use super::asset_answers::AssetAnswers;
use super::assets::{AssetTable, asset_table};
use super::build_manifest::BuildManifest;
use super::document::{
    CONFIG_SCRIPT_START, Document, FeedLink, ShareImage, html_escape, script_safe_json,
};
use super::encoded::Encoded;
use super::error_kind::ErrorKind;
use super::error_pages::ErrorPages;
use super::error_template::ErrorTemplate;
use super::search_answers::SearchAnswers;
use crate::config::Config;
use crate::embedded;
use crate::site::feed::{FEED_PAGES, FEED_PATH, atom, feed_title};
use crate::site::redirects::Resolver;
use crate::site::security_txt::security_txt;
use crate::site::{security, seo, structured_data};
use askama::Template;
use custody_content::pages::{REQUEST_PATH_MARKER, error_page_data, page_data};
use custody_content::share_card::alt_text;
use custody_content::{Content, Lang, PageInstance, page_instances};

/// One page in one language, ready to serve.
#[derive(Debug)]
pub struct CachedPage {
    /// The route pattern it was made from (`/faq/{id}`), for logs.
    pub pattern: String,
    /// Kept out of search engines: answered with `X-Robots-Tag`.
    pub noindex: bool,
    /// The HTML document.
    pub document: Encoded,
    /// The page data JSON for client-side navigation.
    pub data: Encoded,
}

/// Everything the HTTP layer serves, built once.
#[derive(Debug)]
pub struct Site {
    /// The configuration the site was built with.
    pub config: Config,
    /// The parsed content.
    pub content: Content,
    /// The UI build manifest.
    pub build: BuildManifest,
    /// Pages by localized path.
    pub pages: HashMap<String, CachedPage>,
    /// Path resolution: pages, redirects, 404s.
    pub resolver: Resolver,
    /// Static files by URL path.
    pub assets: AssetTable,
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
    pub asset_answers: AssetAnswers,
    /// The 404 and 500 pages, made per request path.
    pub error_pages: ErrorPages,
}

impl Site {
    /// Builds the site from the embedded content and UI build.
    pub fn from_embedded(config: Config) -> anyhow::Result<Self> {
        let content = embedded::load_content(&embedded::content_files()).map_err(|errors| {
            anyhow!(
                "embedded content is invalid:\n{}",
                custody_content::error::report(&errors)
            )
        })?;
        let build = BuildManifest::embedded()?;
        let prerendered: BTreeMap<String, String> =
            serde_json::from_str(embedded::UI_PRERENDER).context("prerendered pages")?;
        let assets = embedded_assets();
        Self::build(config, content, build, Some(&prerendered), assets)
    }

    /// Builds the live preview's site from `content`: documents without prerendered bodies (the
    /// interface renders them in the browser) that load the interface through `entry`.
    pub fn for_preview(config: Config, content: Content, entry: &str) -> anyhow::Result<Self> {
        let build = BuildManifest::preview(entry);
        Self::build(config, content, build, None, embedded_assets())
    }

    fn build(
        config: Config,
        content: Content,
        build: BuildManifest,
        prerendered: Option<&BTreeMap<String, String>>,
        assets: AssetTable,
    ) -> anyhow::Result<Self> {
        let instances = page_instances(&content);
        let routes: HashMap<&str, &str> = content
            .routes
            .iter()
            .map(|r| (r.id.as_str(), r.path.as_str()))
            .collect();
        let jobs: Vec<(Lang, &PageInstance)> = Lang::ALL
            .into_iter()
            .flat_map(|lang| instances.iter().map(move |i| (lang, i)))
            .collect();
        let renderer = Renderer {
            config: &config,
            content: &content,
            build: &build,
            prerendered,
        };
        let rendered = parallel_map(&jobs, |(lang, instance)| {
            renderer.page(*lang, instance, routes[instance.page.as_str()])
        });
        let mut pages = HashMap::with_capacity(rendered.len());
        for result in rendered {
            let (path, page) = result?;
            pages.insert(path, page);
        }
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
        let latest = json!({ "id": build.build_id, "timestamp": build.timestamp });
        let routes_json: Vec<Value> = content
            .routes
            .iter()
            .map(|r| json!({ "id": r.id, "path": r.path, "noindex": r.noindex }))
            .collect();
        let meta = json!({
            "id": build.build_id, "timestamp": build.timestamp, "entry": build.entry,
            "routes": routes_json, "pages": build.pages, "catalogs": build.catalogs,
        });
        Ok(Self {
            security_headers: security::security_headers(&config),
            sitemap: Encoded::compress(seo::sitemap(&config.public_url, &instances)),
            robots: Encoded::compress(seo::robots(&config.public_url)),
            web_manifest: Encoded::compress(seo::web_manifest(&content)),
            security_txt: Encoded::compress(security_txt(
                &content,
                &config.public_url,
                build.timestamp,
            )),
            feeds: Lang::ALL
                .into_iter()
                .map(|lang| {
                    let feed = atom(&content, lang, &config.public_url);
                    (lang.localize(FEED_PATH), Encoded::compress(feed))
                })
                .collect(),
            latest_build: Encoded::compress(latest.to_string()),
            build_meta: Encoded::compress(meta.to_string()),
            search: SearchAnswers::new(&content),
            asset_answers: AssetAnswers::new(&content),
            config,
            content,
            build,
            pages,
            resolver,
            assets,
            error_pages: ErrorPages::new(error_templates),
        })
    }

    /// The page data JSON of an error page, for client-side navigation.
    pub fn error_data(&self, lang: Lang, kind: ErrorKind, path: &str) -> Value {
        error_page_data(&self.content, lang, kind.page(), kind.status(), path)
    }
}

/// The static files built into the binary: the interface's and the brand's.
fn embedded_assets() -> AssetTable {
    asset_table(&embedded::UI_CLIENT, embedded::CONTENT.get_dir("brand"))
}

struct Renderer<'a> {
    config: &'a Config,
    content: &'a Content,
    build: &'a BuildManifest,
    /// The prerendered bodies; `None` in the live preview, whose documents have empty bodies.
    prerendered: Option<&'a BTreeMap<String, String>>,
}

impl Renderer<'_> {
    fn page(
        &self,
        lang: Lang,
        instance: &PageInstance,
        pattern: &str,
    ) -> anyhow::Result<(String, CachedPage)> {
        let path = lang.localize(&instance.path);
        let body = match self.prerendered {
            Some(bodies) => bodies
                .get(&path)
                .with_context(|| format!("no prerendered body for {path}"))?,
            None => "",
        };
        let public_url = &self.config.public_url;
        let mut data = page_data(self.content, lang, instance);
        let canonical = seo::absolute(public_url, &path);
        let alternates = seo::alternates(public_url, &instance.path);
        let share_image = self.build.share_cards.get(&path).map(|file| ShareImage {
            url: seo::absolute(public_url, file),
            alt: alt_text(self.content, lang, instance),
            width: SHARE_CARD_SIZE.0,
            height: SHARE_CARD_SIZE.1,
        });
        let feed = FEED_PAGES
            .contains(&instance.page.as_str())
            .then(|| FeedLink {
                href: seo::absolute(public_url, &lang.localize(FEED_PATH)),
                title: feed_title(self.content, lang),
            });
        // The client's head update after navigation (ui/src/navigation/head.ts) reads these two.
        data["shareImage"] = json!(
            share_image
                .as_ref()
                .map(|i| json!({ "url": i.url, "alt": i.alt }))
        );
        data["feed"] = json!(
            feed.as_ref()
                .map(|f| json!({ "href": f.href, "title": f.title }))
        );
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
        let html = self.document(&head, &instance.page, &data, body);
        let page = CachedPage {
            pattern: pattern.to_owned(),
            noindex: instance.noindex,
            document: Encoded::compress(html),
            data: Encoded::compress(data.to_string()),
        };
        Ok((path, page))
    }

    fn error(&self, lang: Lang, kind: ErrorKind, path: &str) -> String {
        let key = format!("error:{}:{}", lang.code(), kind.page());
        let body = self
            .prerendered
            .and_then(|bodies| bodies.get(&key))
            .map(String::as_str)
            .unwrap_or_default();
        let body = body.replace(REQUEST_PATH_MARKER, &html_escape(path));
        let data = error_page_data(self.content, lang, kind.page(), kind.status(), path);
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

    fn document(&self, head: &Head<'_>, page: &str, data: &Value, body: &str) -> String {
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
            seo::organization(self.content, head.lang, &self.config.public_url),
            self.content,
            head.lang,
            &self.config.public_url,
        );
        let json_ld: Vec<String> = std::iter::once(&organization)
            .chain(&head.nodes)
            .map(script_safe_json)
            .collect();
        let config_json = script_safe_json(&json!({
            "buildId": self.build.build_id,
            "runtime": self.config.client_settings(),
            "page": data,
        }));
        Document {
            html_lang: head.lang.html_lang(),
            title: data["title"].as_str().unwrap_or(&site.name),
            description: data["description"].as_str().unwrap_or_default(),
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
    alternates: &'a [seo::Alternate],
    noindex: bool,
    share_image: Option<&'a ShareImage>,
    feed: Option<&'a FeedLink>,
    /// JSON-LD nodes besides the Organization.
    nodes: Vec<Value>,
}

/// The share cards' size in pixels, as `ui/scripts/share-cards.mjs` makes them.
const SHARE_CARD_SIZE: (u32, u32) = (1200, 630);

/// Maps `items` on every available core (rendering and compressing is CPU-bound).
fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(items.len().max(1));
    let chunk = items.len().div_ceil(workers).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(|| part.iter().map(&f).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("render worker panicked"))
            .collect()
    })
}
