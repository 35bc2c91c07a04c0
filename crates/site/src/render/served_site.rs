//! The site held in memory, as the composition of its parts: the pages (`pages.rs`), the files
//! (`site_files.rs`), the API's answers (`api_answers.rs`), the error pages (`error_pages.rs`) and
//! the security headers, made from the site's settings, the content and the UI build manifest; and
//! the rendering of documents, which reads all three.

use anyhow::anyhow;
use axum::http::HeaderMap;

use super::answer_documents::AnswerDocuments;
use super::api_answers::ApiAnswers;
use super::build_manifest::BuildManifest;
use super::client_contract::RuntimeSettings;
use super::document::CONFIG_SCRIPT_START;
use super::error_pages::ErrorPages;
use super::error_template::ErrorTemplate;
use super::pages::{Pages, RenderedPage};
use super::prerendered::Prerendered;
use super::queried::{DocumentFrame, QueriedPages};
use super::renderer::{BODY_MARKER, Renderer};
use super::site_files::SiteFiles;
use super::static_files::{MediaTypes, StaticFiles, static_files};
use crate::embedded;
use crate::embedded::pack::Pack;
use crate::security_headers::security_headers;
use crate::settings::SiteSettings;
use custody_content::pages::error_kind::ErrorKind;
use custody_content::pages::{REQUEST_PATH_MARKER, error_page_data};
use custody_content::view::page::PageData;
use custody_content::{Content, Lang};

/// Everything the HTTP layer serves, built once: what it is made from (the settings, the
/// content, the UI build manifest) and its parts, each of which changes with its own inputs and is
/// read by its own code.
#[derive(Debug)]
pub struct ServedSite {
    /// The settings the site was built with.
    settings: SiteSettings,
    /// The parsed content.
    content: Content,
    /// The UI build manifest.
    build: BuildManifest,
    /// The pages, rendered when first asked for, and where a request path leads.
    pages: Pages,
    /// The static files, share cards, SEO files and build files.
    files: SiteFiles,
    /// The API's answers made from memory: search and supported assets.
    api: ApiAnswers,
    /// The 404 and 500 pages, made per request path.
    error_pages: ErrorPages,
    /// The contact page's answers to a form posted without scripts, made per answer.
    answer_documents: AnswerDocuments,
    /// The documents answered for a query string (filters, search); `None` in the live preview,
    /// which has no prerendered bodies to match.
    queried: Option<QueriedPages>,
    /// Headers every response carries.
    security_headers: HeaderMap,
}

impl ServedSite {
    /// Builds the site from the embedded content and UI build.
    pub fn from_embedded(settings: SiteSettings) -> anyhow::Result<Self> {
        let content = embedded::embedded_content().map_err(|errors| {
            anyhow!(
                "embedded content is invalid:\n{}",
                custody_content::source::error::report(&errors)
            )
        })?;
        let build = BuildManifest::embedded()?;
        let prerendered = Prerendered::embedded()?;
        let static_files = embedded_static_files()?;
        Self::assemble(settings, content, build, Some(prerendered), static_files)
    }

    /// Builds the live preview's site from `content`: documents without prerendered bodies (the
    /// interface renders them in the browser) that load the interface through `entry`.
    pub fn for_preview(
        settings: SiteSettings,
        content: Content,
        entry: &str,
    ) -> anyhow::Result<Self> {
        let build = BuildManifest::preview(entry);
        Self::assemble(settings, content, build, None, embedded_static_files()?)
    }

    fn assemble(
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

    /// The settings the site was built with.
    pub fn settings(&self) -> &SiteSettings {
        &self.settings
    }

    /// The parsed content.
    pub fn content(&self) -> &Content {
        &self.content
    }

    /// The UI build manifest.
    pub fn build(&self) -> &BuildManifest {
        &self.build
    }

    /// The pages, rendered when first asked for, and where a request path leads.
    pub fn pages(&self) -> &Pages {
        &self.pages
    }

    /// The static files, share cards, SEO files and build files.
    pub fn files(&self) -> &SiteFiles {
        &self.files
    }

    /// The API's answers made from memory: search and supported assets.
    pub fn api(&self) -> &ApiAnswers {
        &self.api
    }

    /// The 404 and 500 pages, made per request path.
    pub fn error_pages(&self) -> &ErrorPages {
        &self.error_pages
    }

    /// The contact page's answers to a form posted without scripts, made per answer.
    pub fn answer_documents(&self) -> &AnswerDocuments {
        &self.answer_documents
    }

    /// The documents answered for a query string (filters, search); `None` in the live preview,
    /// which has no prerendered bodies to match.
    pub fn queried(&self) -> Option<&QueriedPages> {
        self.queried.as_ref()
    }

    /// Headers every response carries.
    pub fn security_headers(&self) -> &HeaderMap {
        &self.security_headers
    }

    /// The headers every response carries, to change before the site is served (the live
    /// preview's own `Content-Security-Policy`).
    pub fn security_headers_mut(&mut self) -> &mut HeaderMap {
        &mut self.security_headers
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
