//! The contact page's answer documents, for a form posted without scripts: in each language, the
//! contact page's document around the body of one of its answer templates (the form with a
//! visitor's answers and messages, or the confirmation of a stored application; prerendered by
//! `ui/scripts/build.mjs` as `contact-form:{path}` and `contact-received:{path}`), with the place of
//! the state the form hydrates from. Rendered and parsed once at start-up; the HTTP layer fills one
//! in for each answer (`crates/site/src/http/contact/answer.rs`). In the live preview, whose
//! documents have empty bodies, the body is empty and the browser draws the answer from its state.

use std::collections::HashMap;

use anyhow::{Context, anyhow};

use super::form_template::FormTemplate;
use custody_content::pages::page_kind::PageKind;
use custody_content::{Lang, PageInstance};

/// The name of the place, in an answer document, of the state the form hydrates from (JSON).
pub const STATE_SLOT: &str = "state";

/// Which answer a document is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnswerKind {
    /// The form again, with the visitor's answers, messages, or an alert.
    Form,
    /// The confirmation of a stored application.
    Received,
}

impl AnswerKind {
    /// Both kinds.
    pub const ALL: [Self; 2] = [Self::Form, Self::Received];

    /// The key of the prerendered body of this answer to the page at `path`.
    pub fn prerender_key(self, path: &str) -> String {
        match self {
            Self::Form => format!("contact-form:{path}"),
            Self::Received => format!("contact-received:{path}"),
        }
    }
}

/// The answer documents of both languages, and the contact page's path in each.
#[derive(Debug)]
pub struct AnswerDocuments {
    templates: HashMap<(Lang, AnswerKind), FormTemplate>,
    paths: HashMap<Lang, String>,
}

impl AnswerDocuments {
    /// The answer documents of the contact page among `instances`, each made by `document`
    /// (from the language, the page, its localized path and the answer kind).
    pub fn new(
        instances: &[PageInstance],
        document: impl Fn(Lang, &PageInstance, &str, AnswerKind) -> anyhow::Result<String>,
    ) -> anyhow::Result<Self> {
        let contact = instances
            .iter()
            .find(|instance| instance.kind == PageKind::Contact)
            .ok_or_else(|| anyhow!("the content has no contact page"))?;
        let mut templates = HashMap::new();
        let mut paths = HashMap::new();
        for lang in Lang::ALL {
            let path = lang.localize(&contact.path);
            for kind in AnswerKind::ALL {
                let html = document(lang, contact, &path, kind)?;
                let template = FormTemplate::parse(&html).with_context(|| {
                    format!("the answer template {}", kind.prerender_key(&path))
                })?;
                templates.insert((lang, kind), template);
            }
            paths.insert(lang, path);
        }
        Ok(Self { templates, paths })
    }

    /// The answer document of `kind` in `lang`.
    pub fn template(&self, lang: Lang, kind: AnswerKind) -> &FormTemplate {
        &self.templates[&(lang, kind)]
    }

    /// The contact page's path in `lang`.
    pub fn page_path(&self, lang: Lang) -> &str {
        &self.paths[&lang]
    }

    /// The language of the contact page at `path`, if it is one.
    pub fn lang_of(&self, path: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| self.paths[lang] == path)
    }
}
