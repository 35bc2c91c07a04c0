//! The contact page's answers to a form posted without scripts, made from its answer documents
//! (`crates/site/src/render/answer_documents.rs`): the form again, with the visitor's answers,
//! the message of each field in trouble and the summary of them, or an alert; or the confirmation
//! of a stored application. Each carries its [`FormAnswer`], from which the form hydrates in the
//! state the document shows (`ui/src/components/contact/servedAnswer.ts`), and which fills the
//! document's places and conditions (the names `ui/src/components/contact/ContactForm.tsx` gives
//! them), every text escaped for where it stands.

use std::borrow::Cow;
use std::collections::BTreeMap;

use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Serialize;
use ts_rs::TS;

use super::json::ReceiptBody;
use crate::http::respond::{HTML, PRIVATE_NO_STORE, respond};
use crate::render::answer_documents::{AnswerKind, STATE_SLOT};
use crate::render::document::{html_escape, script_safe_json};
use crate::render::encoded::Encoded;
use crate::render::form_template::{Filling, FormTemplate};
use crate::render::served_site::ServedSite;
use custody_content::Lang;
use custody_content::schema::form_field::Field;
use custody_content::schema::per_field::PerTextField;

/// The answers of the form, as typed, keyed and typed as the form's own values
/// (`ContactValues` of `ui/src/components/contact/types.ts`).
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, TS)]
pub struct FormValues {
    /// The answer of each field answered in words, as typed or chosen (a code for the country
    /// and the area code, a fixed value for the business type).
    #[serde(flatten)]
    pub text: PerTextField<String>,
    /// The consent box.
    pub consent: bool,
}

impl FormValues {
    /// The answer of the field named `name`, when it is answered in words.
    fn answer(&self, name: &str) -> Option<&str> {
        self.text.get(Field::named(name)?).map(String::as_str)
    }
}

/// What an answer to a form posted without scripts shows.
#[derive(Debug, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FormAnswer<'a> {
    /// The answers the form shows.
    pub values: FormValues,
    /// The message of each field whose answer has a problem, by field name.
    pub errors: BTreeMap<String, String>,
    /// What stopped the application as a whole (the rate limit, an unreadable body...).
    pub alert: Option<String>,
    /// The stored application: its confirmation replaces the form.
    pub receipt: Option<ReceiptBody<'a>>,
}

impl FormAnswer<'_> {
    /// The document of this answer in `lang`: the confirmation when it has a receipt, else the
    /// form.
    pub fn document(&self, site: &ServedSite, lang: Lang) -> String {
        let kind = match self.receipt {
            Some(_) => AnswerKind::Received,
            None => AnswerKind::Form,
        };
        let filling = Filled {
            answer: self,
            state: script_safe_json(self),
        };
        site.answer_documents().template(lang, kind).fill(&filling)
    }

    /// This answer in `lang` as the answer to a request with `request` headers: `status`, never
    /// stored by caches (it is about one visitor), compressed as the request accepts.
    pub fn respond(
        &self,
        site: &ServedSite,
        lang: Lang,
        status: StatusCode,
        request: &HeaderMap,
    ) -> Response {
        let body = Encoded::compress_fast(self.document(site, lang));
        respond(request, status, &body, HTML, PRIVATE_NO_STORE)
    }
}

/// An answer and its state's JSON, filling an answer document.
struct Filled<'a> {
    answer: &'a FormAnswer<'a>,
    state: String,
}

impl Filling for Filled<'_> {
    fn text(&self, name: &str) -> Option<Cow<'_, str>> {
        let answer = self.answer;
        let escaped = |text: &str| Some(Cow::Owned(html_escape(text)));
        if name == STATE_SLOT {
            return Some(Cow::Borrowed(&self.state));
        }
        match name.split_once('.') {
            Some(("value", field)) => escaped(answer.values.answer(field)?),
            Some(("message", field)) => {
                escaped(answer.errors.get(field).map_or("", String::as_str))
            }
            Some(("invalid", field)) => Some(Cow::Borrowed(if answer.errors.contains_key(field) {
                "true"
            } else {
                "false"
            })),
            None if name == "alert" => escaped(answer.alert.as_deref().unwrap_or_default()),
            None if name == "reference" => escaped(answer.receipt.as_ref()?.id),
            _ => None,
        }
    }

    fn holds(&self, condition: &str) -> bool {
        let answer = self.answer;
        match condition {
            "summary" => !answer.errors.is_empty(),
            "alert" => answer.alert.is_some(),
            "checked.consent" => answer.values.consent,
            _ => match condition.split_once('.') {
                Some(("error", field)) => answer.errors.contains_key(field),
                Some(("chosen", choice)) => choice.split_once('.').is_some_and(|(field, value)| {
                    answer
                        .values
                        .answer(field)
                        .is_some_and(|chosen| chosen == value)
                }),
                _ => false,
            },
        }
    }
}

/// The places and conditions of `template` that no answer fills or decides: none, for the
/// templates the UI build made from the form (the test command checks every one).
pub fn unknown_names(template: &FormTemplate) -> Vec<String> {
    let answer = FormAnswer {
        receipt: Some(ReceiptBody {
            id: "id",
            received_at: "",
            title: "",
            detail: "",
        }),
        ..FormAnswer::default()
    };
    let filling = Filled {
        answer: &answer,
        state: String::new(),
    };
    let field = |name: &str| Field::named(name).is_some();
    let text_field = |name: &str| Field::named(name).is_some_and(Field::is_text);
    let known_condition = |condition: &str| match condition {
        "summary" | "alert" | "checked.consent" => true,
        _ => match condition.split_once('.') {
            Some(("error", name)) => field(name),
            Some(("chosen", choice)) => choice
                .split_once('.')
                .is_some_and(|(name, _)| text_field(name)),
            _ => false,
        },
    };
    let known_slot = |slot: &str| match slot.split_once('.') {
        Some(("message" | "invalid", name)) => field(name),
        _ => filling.text(slot).is_some(),
    };
    template
        .slots()
        .into_iter()
        .filter(|slot| !known_slot(slot))
        .chain(
            template
                .conditions()
                .into_iter()
                .filter(|condition| !known_condition(condition)),
        )
        .map(str::to_owned)
        .collect()
}
