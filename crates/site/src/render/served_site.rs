//! The site held in memory, as the composition of its parts: the pages (`pages.rs`), the files
//! (`site_files.rs`), the API's answers (`api_answers.rs`), the error pages (`error_pages.rs`) and
//! the security headers, made from the site's settings, the content and the UI build manifest; and
//! the rendering of documents, which reads all three.

use std::sync::Arc;

use anyhow::anyhow;
use axum::http::HeaderMap;

use super::answer_documents::{AnswerDocuments, AnswerKind, STATE_SLOT};
use super::api_answers::ApiAnswers;
use super::build_manifest::BuildManifest;
use super::client_contract::{RuntimeSettings, SiteConfig};
use super::document::{
    CONFIG_SCRIPT_START, Document, FeedLink, ShareImage, html_escape, script_safe, script_safe_json,
};
use super::encoded::Encoded;
use super::error_pages::ErrorPages;
use super::error_template::ErrorTemplate;
use super::pages::{Pages, RenderedPage};
use super::prerendered::Prerendered;
use super::queried::{DocumentFrame, QueriedPages};
use super::served_links::served_links;
use super::site_files::SiteFiles;
use super::static_files::{MediaTypes, StaticFiles, static_files};
use crate::embedded;
use crate::embedded::pack::Pack;
use crate::security_headers::security_headers;
use crate::seo::feed::{FEED_PAGES, FEED_PATH, feed_title};
use crate::seo::{discovery, structured_data};
use crate::settings::SiteSettings;
use askama::Template;
use custody_content::error_kind::ErrorKind;
use custody_content::pages::{REQUEST_PATH_MARKER, error_page_data, page_data};
use custody_content::share_card::alt_text;
use custody_content::view::page::{FeedLink as PageFeedLink, PageData, ShareImageLink};
use custody_content::{Content, Lang, PageInstance};

/// Everything the HTTP layer serves, built once: what it is made from (the settings, the
/// content, the UI build manifest) and its parts, each of which changes with its own inputs and is
/// read by its own code.
#[derive(Debug)]
pub struct ServedSite {
    /// The settings the site was built with.
    pub settings: SiteSettings,
    /// The parsed content.
    pub content: Content,
    /// The UI build manifest.
    pub build: BuildManifest,
    /// The pages, rendered when first asked for, and where a request path leads.
    pub pages: Pages,
    /// The static files, share cards, SEO files and build files.
    pub files: SiteFiles,
    /// The API's answers made from memory: search and supported assets.
    pub api: ApiAnswers,
    /// The 404 and 500 pages, made per request path.
    pub error_pages: ErrorPages,
    /// The contact page's answers to a form posted without scripts, made per answer.
    pub answer_documents: AnswerDocuments,
    /// The documents answered for a query string (filters, search); `None` in the live preview,
    /// which has no prerendered bodies to match.
    pub queried: Option<QueriedPages>,
    /// Headers every response carries.
    pub security_headers: HeaderMap,
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
        let runtime = RuntimeSettings::new(&settings);
        let prerendered_site = prerendered.is_some();
        let pages = Pages::new(&content, prerendered, runtime)?;
        let renderer = Renderer {
            settings: &settings,
            content: &content,
            build: &build,
            prerendered: pages.prerendered(),
            runtime: pages.runtime(),
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
        let answer_documents =
            AnswerDocuments::new(pages.instances(), |lang, instance, path, kind| {
                renderer.answer(lang, instance, path, kind)
            })?;
        let public_url = settings.public_url.as_str();
        let files = SiteFiles::new(
            public_url,
            &content,
            &build,
            pages.instances(),
            static_files,
        );
        Ok(Self {
            queried: prerendered_site.then(QueriedPages::embedded),
            security_headers: security_headers(&settings),
            api: ApiAnswers::new(&content),
            error_pages: ErrorPages::new(error_templates),
            answer_documents,
            files,
            pages,
            settings,
            content,
            build,
        })
    }

    /// The page at `path` (a localized path of [`Self::pages`]), rendered and compressed on the
    /// first call: some milliseconds, once per page and process.
    pub fn page(&self, path: &str) -> Option<&RenderedPage> {
        self.pages.rendered(path, |lang, instance| {
            let renderer = Renderer {
                settings: &self.settings,
                content: &self.content,
                build: &self.build,
                prerendered: self.pages.prerendered(),
                runtime: self.pages.runtime(),
            };
            renderer.page(lang, instance, path)
        })
    }

    /// The document of the page at `path` (a localized path of [`Self::pages`]) cut around its
    /// body and at the end of its configuration, for the documents answered for a query string;
    /// kept out of search engines when `noindex` (the page's own setting otherwise).
    pub fn document_frame(&self, path: &str, noindex: bool) -> DocumentFrame {
        let page = self.pages.get(path).expect("a page of the site");
        let instance = &self.pages.instances()[page.instance()];
        let renderer = Renderer {
            settings: &self.settings,
            content: &self.content,
            build: &self.build,
            prerendered: self.pages.prerendered(),
            runtime: self.pages.runtime(),
        };
        let (html, _) = renderer.page_document(
            page.lang(),
            instance,
            path,
            BODY_MARKER,
            noindex || page.noindex,
            None,
        );
        let body = html.find(BODY_MARKER).expect("the document holds its body");
        let config = html
            .find(CONFIG_SCRIPT_START)
            .expect("the document holds its configuration");
        let end = config
            + html[config..]
                .find("</script>")
                .expect("the configuration ends");
        let close = html[..end]
            .rfind('}')
            .expect("the configuration is an object");
        DocumentFrame {
            head: html[..body].to_owned(),
            config: html[body + BODY_MARKER.len()..close].to_owned(),
            tail: html[close..].to_owned(),
        }
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
        let (html, data) = self.page_document(lang, instance, path, &body, instance.noindex, None);
        RenderedPage {
            document: Arc::new(Encoded::compress(html)),
            data: Encoded::compress(self.build.marks.marked_json(&data)),
        }
    }

    /// The document of the answer of `kind` to the form of the page `instance` at `path`, with
    /// the place of the state the form hydrates from: kept out of search engines (its canonical
    /// link names the page).
    fn answer(
        &self,
        lang: Lang,
        instance: &PageInstance,
        path: &str,
        kind: AnswerKind,
    ) -> anyhow::Result<String> {
        let body = match self.prerendered {
            Some(bodies) => {
                let key = kind.prerender_key(path);
                bodies
                    .body(&key)
                    .ok_or_else(|| anyhow!("no prerendered body for {key}"))?
            }
            None => String::new(),
        };
        let state = format!("\u{E000}{STATE_SLOT}\u{E001}");
        Ok(self
            .page_document(lang, instance, path, &body, true, Some(&state))
            .0)
    }

    /// The document of the page `instance` at `path` around `body`, its links to other sites
    /// filled in (and, in an answer to its form, that answer's state), with the page data it
    /// carries; kept out of search engines when `noindex`.
    fn page_document(
        &self,
        lang: Lang,
        instance: &PageInstance,
        path: &str,
        body: &str,
        noindex: bool,
        form_answer: Option<&str>,
    ) -> (String, PageData) {
        let body = served_links(body, self.settings);
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
            noindex,
            share_image: share_image.as_ref(),
            feed: feed.as_ref(),
            nodes,
        };
        let html = self.document(&head, &instance.page, &data, &body, form_answer);
        (html, data)
    }

    fn error(&self, lang: Lang, kind: ErrorKind, path: &str) -> String {
        let key = kind.prerender_key(lang);
        let body = self
            .prerendered
            .and_then(|bodies| bodies.body(&key))
            .unwrap_or_default();
        let body =
            served_links(&body, self.settings).replace(REQUEST_PATH_MARKER, &html_escape(path));
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
        self.document(&head, "error", &data, &body, None)
    }

    fn document(
        &self,
        head: &Head<'_>,
        page: &str,
        data: &PageData,
        body: &str,
        form_answer: Option<&str>,
    ) -> String {
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
        let config_json = script_safe(&self.build.marks.marked_json(&SiteConfig {
            build_id: &self.build.build_id,
            runtime: self.runtime,
            page: data,
            served: None,
        }));
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
            form_answer,
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

/// Where a document frame's body goes (`ServedSite::document_frame`): text no page writes.
const BODY_MARKER: &str = "\u{E000}body\u{E001}";

/// The share cards' size in pixels, as `ui/scripts/share-cards.mjs` makes them.
const SHARE_CARD_SIZE: (u32, u32) = (1200, 630);
