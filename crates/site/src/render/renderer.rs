//! The rendering of the site's documents (pages, error pages, the contact page's answers), from
//! the settings, the content and the UI build manifest ([`Renderer`]), for `served_site.rs`.

use std::sync::Arc;

use anyhow::anyhow;

use super::answer_documents::{AnswerKind, STATE_SLOT};
use super::build_manifest::BuildManifest;
use super::client_contract::{RuntimeSettings, SiteConfig};
use super::document::{Document, FeedLink, ShareImage, html_escape, script_safe, script_safe_json};
use super::encoded::Encoded;
use super::pages::RenderedPage;
use super::prerendered::Prerendered;
use super::served_links::served_links;
use crate::seo::feed::{FEED_PAGES, FEED_PATH, feed_title};
use crate::seo::{discovery, structured_data};
use crate::settings::SiteSettings;
use askama::Template;
use custody_content::pages::error_kind::ErrorKind;
use custody_content::pages::share_card::alt_text;
use custody_content::pages::{REQUEST_PATH_MARKER, error_page_data, page_data};
use custody_content::view::page::{FeedLink as PageFeedLink, PageData, ShareImageLink};
use custody_content::{Content, Lang, PageInstance};

/// What renders the site's documents: what they are made from.
pub(super) struct Renderer<'a> {
    pub(super) settings: &'a SiteSettings,
    pub(super) content: &'a Content,
    pub(super) build: &'a BuildManifest,
    /// The prerendered bodies; `None` in the live preview, whose documents have empty bodies.
    pub(super) prerendered: Option<&'a Prerendered>,
    /// The deployment settings every document carries.
    pub(super) runtime: &'a RuntimeSettings,
}

impl Renderer<'_> {
    pub(super) fn page(&self, lang: Lang, instance: &PageInstance, path: &str) -> RenderedPage {
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
    pub(super) fn answer(
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
    pub(super) fn page_document(
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

    pub(super) fn error(&self, lang: Lang, kind: ErrorKind, path: &str) -> String {
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
pub(super) const BODY_MARKER: &str = "\u{E000}body\u{E001}";

/// The share cards' size in pixels, as `ui/scripts/share-cards.mjs` makes them.
const SHARE_CARD_SIZE: (u32, u32) = (1200, 630);
