//! The server's filling of the templates against the pages' own renders: for each case the UI
//! build rendered (`ui/src/templates/cases.ts`: a view or a query, an answer, and the body the
//! page draws for them), the body filled from the templates is the same, byte for byte; and the
//! page's own view filled from them is its prerendered body.

use serde::Deserialize;

use super::assets;
use super::search::{SearchBody, SearchPage};
use super::served::Served;
use super::templates::Templates;
use crate::embedded;
use crate::render::build_manifest::BuildManifest;
use crate::render::line_breaks::Marks;
use crate::render::prerendered::Prerendered;
use custody_content::supported_asset_query::{SupportedAssetIndex, SupportedAssetQuery};
use custody_content::{Content, Lang};

/// The cases the UI build rendered (`ui/scripts/build.mjs` writes them beside the prerender).
static CASES: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/template-cases.json"));

/// A view or a query, its answer, and the body the page draws for them.
#[derive(Deserialize)]
struct Case<'a> {
    path: String,
    #[serde(borrow)]
    served: Served<'a>,
    html: String,
}

fn content() -> Content {
    embedded::load_content(&embedded::content_files()).expect("content loads")
}

/// The embedded build's marks of where text may not break.
fn marks() -> Marks {
    BuildManifest::embedded()
        .expect("the build's own UI build")
        .marks
}

/// The body filled from `templates` for the page at the localized `path` with `served`.
fn filled(
    templates: &Templates,
    (content, marks): (&Content, &Marks),
    path: &str,
    served: &Served<'_>,
) -> String {
    let (lang, page) = match path.strip_prefix("/zh") {
        Some(page) => (Lang::Zh, page),
        None => (Lang::En, path),
    };
    let mut body = String::new();
    match served {
        Served::SupportedAssets { view, answer } => {
            assets::write_body(templates.of(lang), lang, view, answer, &mut body);
        }
        Served::Search {
            query,
            page: list_page,
            answer,
        } => SearchBody {
            page: match page {
                "/faq/search" => SearchPage::Faq,
                _ => SearchPage::Announcements,
            },
            lang,
            query,
            list_page: *list_page,
            answer: answer.as_ref(),
            announcements: &content.locale(lang).announcements.announcement,
            marks,
        }
        .write(templates.of(lang), &mut body),
    }
    body
}

/// Fails with where `filled` and `rendered` part, when they do.
fn assert_same(filled: &str, rendered: &str, what: &str) {
    if filled == rendered {
        return;
    }
    let at = filled
        .bytes()
        .zip(rendered.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(filled.len().min(rendered.len()));
    let from = filled.floor_char_boundary(at.saturating_sub(120));
    panic!(
        "{what}: the filled body parts from the page's render at byte {at}:\n filled: {}\nrendered: {}",
        &filled[from..filled.ceil_char_boundary((at + 120).min(filled.len()))],
        &rendered[rendered.floor_char_boundary(from)
            ..rendered.ceil_char_boundary((at + 120).min(rendered.len()))],
    );
}

#[test]
fn every_filled_body_is_the_pages_own_render() {
    let templates = Templates::embedded().unwrap();
    let content = content();
    let marks = marks();
    let cases: Vec<Case<'_>> = serde_json::from_str(CASES).unwrap();
    assert!(cases.len() >= 30, "{} cases", cases.len());
    for (index, case) in cases.iter().enumerate() {
        let body = filled(&templates, (&content, &marks), &case.path, &case.served);
        assert_same(&body, &case.html, &format!("case {index} of {}", case.path));
    }
}

#[test]
fn the_pages_own_view_filled_is_its_prerendered_body() {
    let templates = Templates::embedded().unwrap();
    let content = content();
    let marks = marks();
    let prerendered = Prerendered::embedded().unwrap();
    let index = SupportedAssetIndex::new(&content);
    for path in ["/support-token", "/zh/support-token"] {
        let view = assets::read_view("");
        let answer = index
            .answer(&SupportedAssetQuery::first_page(view.entity))
            .unwrap();
        let served = Served::SupportedAssets { view, answer };
        let body = filled(&templates, (&content, &marks), path, &served);
        assert_same(&body, &prerendered.body(path).unwrap(), path);
    }
    for path in ["/announcements", "/zh/announcements"] {
        let served = Served::Search {
            query: String::new(),
            page: 1,
            answer: None,
        };
        let body = filled(&templates, (&content, &marks), path, &served);
        assert_same(&body, &prerendered.body(path).unwrap(), path);
    }
}
