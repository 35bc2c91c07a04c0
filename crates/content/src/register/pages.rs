//! The page that shows a line of a content file: the marketing page of its file, the FAQ article,
//! announcement or document section the line belongs to, or where a shared file appears.

use crate::Lang;
use crate::schema::model::Content;
use crate::source::entries::entries;
use crate::source::files::MARKETING_DIR;

/// For one file, the page of each one-based line number.
pub fn pages_of<'a>(
    content: &'a Content,
    file: &str,
    text: &str,
    lang: Lang,
) -> impl Fn(usize) -> String + 'a {
    let local = file
        .split_once('/')
        .map_or(file, |(_, rest)| rest)
        .to_owned();
    let route = move |id: &str| {
        content
            .routes
            .iter()
            .find(|route| route.id == id)
            .map(|route| route.path.clone())
    };
    // Each entry's first line and its page, in order.
    let mut starts: Vec<(usize, String)> = Vec::new();
    for entry in entries(text) {
        let Some(&(offset, _)) = entry.lines.first() else {
            continue;
        };
        let header = entry.lines[0].1.trim();
        let id = entry.lines.iter().find_map(|(_, line)| {
            line.trim_start()
                .strip_prefix("id = \"")
                .and_then(|rest| rest.split('"').next())
        });
        let table = header.trim_matches(['[', ']']);
        let page = match local.as_str() {
            "faq.toml" => id.map(|id| format!("/faq/{id}")),
            "announcements.toml" => id.map(|id| format!("/announcements/{id}")),
            "pages.toml" => route(table),
            "site.toml" => Some(match table.split('.').next().unwrap_or_default() {
                "brand" => route("brand-kit").unwrap_or_default(),
                "trust_line" => "under every hero".to_owned(),
                "menu_summary" | "menu_feature" => "header menus".to_owned(),
                "certification" => route("trust-center").unwrap_or_default(),
                _ => "every page".to_owned(),
            }),
            "documents.toml" => {
                let document = table.split('.').next().unwrap_or_default();
                route(document).map(|path| match id {
                    Some(id) if table.ends_with(".section") => format!("{path}#{id}"),
                    _ => path,
                })
            }
            _ => None,
        };
        starts.push((
            text[..offset].matches('\n').count() + 1,
            page.unwrap_or_default(),
        ));
    }
    let whole = match local.as_str() {
        "site.toml" => "every page".to_owned(),
        "contact.toml" => route("contact-us").unwrap_or_default(),
        "fees.toml" => route("entities").unwrap_or_default(),
        "api.toml" => "API error messages".to_owned(),
        other => other
            .strip_prefix(MARKETING_DIR)
            .and_then(|page| page.strip_suffix(".toml"))
            .and_then(route)
            .unwrap_or_default(),
    };
    move |line: usize| {
        let page = starts
            .iter()
            .rev()
            .find(|(start, _)| *start <= line)
            .map(|(_, page)| page.clone())
            .filter(|page| !page.is_empty())
            .unwrap_or_else(|| whole.clone());
        if page.starts_with('/') {
            lang.localize(&page)
        } else {
            page
        }
    }
}
