//! The site's pages: every page of the content in both languages by localized path, known from
//! start-up and rendered and compressed the first time it is asked for, with what they are
//! rendered from besides the content and the build (the prerendered bodies, the deployment
//! settings every document carries), and the resolver that leads a request path to one of them.
//! They change together: a page added to the content is a path, a body, a document and a
//! resolution.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use super::client_contract::RuntimeSettings;
use super::encoded::Encoded;
use super::prerendered::Prerendered;
use crate::resolver::Resolver;
use custody_content::{Content, Lang, PageInstance, page_instances};

/// One page in one language: known from start-up, rendered when first asked for.
#[derive(Debug)]
pub struct ServedPage {
    /// The route pattern it was made from (`/faq/{id}`), for logs.
    pub pattern: String,
    /// Kept out of search engines: answered with `X-Robots-Tag`.
    pub noindex: bool,
    lang: Lang,
    /// Its index in [`Pages::instances`].
    instance: usize,
    rendered: OnceLock<RenderedPage>,
}

impl ServedPage {
    /// The page's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Its index in [`Pages::instances`].
    pub fn instance(&self) -> usize {
        self.instance
    }
}

/// A page's two answers, compressed.
#[derive(Debug)]
pub struct RenderedPage {
    /// The HTML document.
    pub document: Arc<Encoded>,
    /// The page data JSON for client-side navigation.
    pub data: Encoded,
}

/// Every page, what it is rendered from, and where a request path leads.
#[derive(Debug)]
pub struct Pages {
    /// Pages by localized path.
    by_path: HashMap<String, ServedPage>,
    /// Every page of the content in one language, as the pages index them.
    instances: Vec<PageInstance>,
    /// The prerendered bodies by localized path; `None` in the live preview, whose documents
    /// have empty bodies.
    prerendered: Option<Prerendered>,
    /// The deployment settings every document carries.
    runtime: RuntimeSettings,
    /// Path resolution: pages, redirects, 404s.
    pub resolver: Resolver,
}

impl Pages {
    /// The pages of `content` in both languages, rendered with `prerendered` bodies (which must
    /// hold every page's) and `runtime` settings.
    pub fn new(
        content: &Content,
        prerendered: Option<Prerendered>,
        runtime: RuntimeSettings,
    ) -> anyhow::Result<Self> {
        let instances = page_instances(content);
        let routes: HashMap<&str, &str> = content
            .routes
            .iter()
            .map(|r| (r.id.as_str(), r.path.as_str()))
            .collect();
        let mut by_path = HashMap::with_capacity(2 * instances.len());
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
                by_path.insert(path, page);
            }
        }
        let resolver = Resolver::new(content, by_path.keys().cloned());
        Ok(Self {
            by_path,
            instances,
            prerendered,
            runtime,
            resolver,
        })
    }

    /// How many documents there are (every page in both languages).
    pub fn len(&self) -> usize {
        self.by_path.len()
    }

    /// Whether there is no page at all.
    pub fn is_empty(&self) -> bool {
        self.by_path.is_empty()
    }

    /// The localized path of every page.
    pub fn paths(&self) -> impl Iterator<Item = &String> {
        self.by_path.keys()
    }

    /// Whether `path` is a page's localized path.
    pub fn contains(&self, path: &str) -> bool {
        self.by_path.contains_key(path)
    }

    /// The page at `path`.
    pub fn get(&self, path: &str) -> Option<&ServedPage> {
        self.by_path.get(path)
    }

    /// Every page of the content in one language.
    pub fn instances(&self) -> &[PageInstance] {
        &self.instances
    }

    /// The prerendered bodies; `None` in the live preview.
    pub(crate) fn prerendered(&self) -> Option<&Prerendered> {
        self.prerendered.as_ref()
    }

    /// The deployment settings every document carries.
    pub(crate) fn runtime(&self) -> &RuntimeSettings {
        &self.runtime
    }

    /// The page at `path`, made by `render` (from its language and its instance) on the first
    /// call only.
    pub fn rendered(
        &self,
        path: &str,
        render: impl FnOnce(Lang, &PageInstance) -> RenderedPage,
    ) -> Option<&RenderedPage> {
        let page = self.by_path.get(path)?;
        Some(
            page.rendered
                .get_or_init(|| render(page.lang, &self.instances[page.instance])),
        )
    }
}
