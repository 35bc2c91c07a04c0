//! Rules across the site's files: unique page ids and paths, known validity checks (and the one each
//! page shown per id needs), complete page metadata, redirects, and internal links in any file that
//! land on real pages.

use std::collections::BTreeSet;

use super::findings::Findings;
use crate::pages::error_kind::ErrorKind;
use crate::pages::page_kind::PageKind;
use crate::pages::{CHECKS, page_instances};
use crate::schema::documents::{LongDocument, superseded_problems};
use crate::schema::model::Content;
use crate::source::files::ContentFiles;
use crate::{ContentError, Lang};

/// Unique ids and paths, known validity checks, complete page metadata, redirects and internal
/// links that land on real pages.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let mut rules = SiteRules {
        found: Findings::new(files),
    };
    rules.routes(content);
    rules.unique_paths(content);
    rules.redirects(content);
    for lang in Lang::ALL {
        rules.locale(content, lang);
    }
    rules.links(content);
    rules.found.errors
}

struct SiteRules<'a> {
    found: Findings<'a>,
}

impl SiteRules<'_> {
    fn routes(&mut self, content: &Content) {
        let file = "routes.toml";
        let mut ids = BTreeSet::new();
        let mut paths = BTreeSet::new();
        for route in &content.routes {
            let needle = format!("\"{}\"", route.id);
            self.found
                .slug_once(&mut ids, &route.id, "page id", file, &needle);
            if !paths.insert(route.path.as_str()) {
                self.found.error(
                    file,
                    &needle,
                    format!("path `{}` is used twice", route.path),
                );
            }
            if !route.path.starts_with('/') || (route.path.len() > 1 && route.path.ends_with('/')) {
                self.found.error(
                    file,
                    &needle,
                    format!(
                        "path `{}` must start with `/` and not end with one",
                        route.path
                    ),
                );
            }
            if route.path == "/zh"
                || route.path.starts_with("/zh/")
                || route.path == "/en"
                || route.path.starts_with("/en/")
            {
                self.found.error(
                    file,
                    &needle,
                    format!(
                        "path `{}` must not start with a language segment",
                        route.path
                    ),
                );
            }
            let template = route.dynamic_prefix().unwrap_or(&route.path);
            if template.contains('{') || template.contains('}') {
                self.found.error(
                    file,
                    &needle,
                    format!(
                        "path `{}`: only a final `{{id}}` segment may be dynamic",
                        route.path
                    ),
                );
            }
            match (route.dynamic_prefix(), route.check.as_deref()) {
                (Some(_), None) => {
                    self.found.error(
                        file,
                        &needle,
                        format!("dynamic route `{}` must name a validity check", route.id),
                    );
                }
                (None, Some(check)) => {
                    self.found.error(
                        file,
                        &needle,
                        format!(
                            "static route `{}` cannot have a validity check `{check}`",
                            route.id
                        ),
                    );
                }
                (_, Some(check)) if !CHECKS.contains(&check) => {
                    let message = format!(
                        "route `{}` names an unknown validity check (route middleware) `{check}`; known checks: {}",
                        route.id,
                        CHECKS.join(", ")
                    );
                    self.found.error(file, &format!("\"{check}\""), message);
                }
                _ => {}
            }
            if let Some(needed) = PageKind::of(content, route).check()
                && route.check.as_deref() != Some(needed)
            {
                self.found.error(
                    file,
                    &needle,
                    format!(
                        "route `{}` shows one page per id: it must end in `{{id}}` and name the validity check `{needed}`",
                        route.id
                    ),
                );
            }
        }
    }

    /// Every page path (dynamic ids filled in) is served by exactly one page.
    fn unique_paths(&mut self, content: &Content) {
        let mut seen = BTreeSet::new();
        for instance in page_instances(content) {
            if !seen.insert(instance.path.clone()) {
                let message = format!(
                    "`{}` would be served by two pages; choose another id",
                    instance.path
                );
                let check = content
                    .routes
                    .iter()
                    .find(|r| r.id == instance.page)
                    .and_then(|r| r.check.as_deref());
                let file = match check {
                    Some("faq-id") => "en/faq.toml",
                    Some(_) => "en/announcements.toml",
                    None => "routes.toml",
                };
                let needle = instance.param.unwrap_or(instance.path);
                self.found.error(file, &format!("\"{needle}\""), message);
            }
        }
    }

    fn redirects(&mut self, content: &Content) {
        let file = "redirects.toml";
        let pages: BTreeSet<String> = page_instances(content)
            .into_iter()
            .map(|p| p.path)
            .collect();
        let targets: BTreeSet<&str> = pages.iter().map(String::as_str).collect();
        let mut sources = BTreeSet::new();
        for redirect in &content.redirects {
            let needle = format!("\"{}\"", redirect.from);
            if redirect.from.is_empty()
                || redirect.from.starts_with('/')
                || redirect.from.ends_with('/')
            {
                self.found.error(
                    file,
                    &needle,
                    format!(
                        "`{}`: write the old path without leading or trailing `/`",
                        redirect.from
                    ),
                );
            }
            if !sources.insert(redirect.from.as_str()) {
                self.found.error(
                    file,
                    &needle,
                    format!("`{}` is redirected twice", redirect.from),
                );
            }
            if targets.contains(format!("/{}", redirect.from).as_str()) {
                self.found.error(
                    file,
                    &needle,
                    format!(
                        "`/{}` is a page; it cannot also be redirected",
                        redirect.from
                    ),
                );
            }
            let (target, _anchor) = redirect
                .to
                .split_once('#')
                .unwrap_or((redirect.to.as_str(), ""));
            if !targets.contains(target) {
                let message = format!(
                    "redirect target `{}` is not a page of the site",
                    redirect.to
                );
                self.found
                    .error(file, &format!("\"{}\"", redirect.to), message);
            }
        }
    }

    fn locale(&mut self, content: &Content, lang: Lang) {
        let locale = content.locale(lang);
        let pages_file = format!("{}/pages.toml", lang.code());
        let expected: BTreeSet<&str> = content
            .routes
            .iter()
            .map(|r| r.id.as_str())
            .chain(ErrorKind::ALL.map(ErrorKind::page))
            .collect();
        for id in &expected {
            if !locale.pages.contains_key(*id) {
                self.found.error(
                    &pages_file,
                    "",
                    format!("page `{id}` has no title, description, heading and lead"),
                );
            }
        }
        for id in locale
            .pages
            .keys()
            .filter(|id| !expected.contains(id.as_str()))
        {
            self.found.error(
                &pages_file,
                &format!("[{id}]"),
                format!("`{id}` is neither a page id in routes.toml nor an error page"),
            );
        }
        for (id, meta) in &locale.pages {
            for (field, value) in [
                ("title", &meta.title),
                ("description", &meta.description),
                ("heading", &meta.heading),
            ] {
                if value.trim().is_empty() {
                    self.found.error(
                        &pages_file,
                        &format!("[{id}]"),
                        format!("`{id}.{field}` is empty"),
                    );
                }
            }
        }
        let site_file = format!("{}/site.toml", lang.code());
        if !locale.site.legal_line.contains("{year}") {
            self.found.error(
                &site_file,
                "legal_line",
                "`legal_line` must contain `{year}`".to_owned(),
            );
        }
        let faq_file = format!("{}/faq.toml", lang.code());
        let faq = &locale.faq;
        self.unique_slugs(
            &faq_file,
            faq.category
                .iter()
                .map(|c| c.id.as_str())
                .chain(faq.article.iter().map(|a| a.id.as_str())),
        );
        for article in &faq.article {
            if !faq.category.iter().any(|c| c.id == article.category) {
                let message = format!(
                    "article `{}` names an unknown category `{}`",
                    article.id, article.category
                );
                self.found
                    .error(&faq_file, &format!("\"{}\"", article.id), message);
            }
        }
        let documents_file = format!("{}/documents.toml", lang.code());
        for (page, document) in &locale.documents {
            if !content.routes.iter().any(|r| &r.id == page && r.document) {
                let message =
                    format!("`{page}` is not a route marked `document = true` in routes.toml");
                self.found
                    .error(&documents_file, &format!("[{page}]"), message);
            }
            self.unique_slugs(
                &documents_file,
                document.section.iter().map(|s| s.id.as_str()),
            );
            self.amendment_dates(&documents_file, page, document);
        }
        for route in content
            .routes
            .iter()
            .filter(|r| r.document && !locale.documents.contains_key(&r.id))
        {
            let message = format!(
                "page `{}` shows a document but has no `[{}]` table",
                route.id, route.id
            );
            self.found.error(&documents_file, "", message);
        }
        let news_file = format!("{}/announcements.toml", lang.code());
        self.unique_slugs(
            &news_file,
            locale
                .announcements
                .announcement
                .iter()
                .map(|a| a.id.as_str()),
        );
        for pair in locale.announcements.announcement.windows(2) {
            if pair[0].date < pair[1].date {
                self.found.error(
                    &news_file,
                    &pair[1].id,
                    format!(
                        "`{}` is newer than the one before it; list newest first",
                        pair[1].id
                    ),
                );
            }
        }
        for (id, message) in superseded_problems(&locale.announcements.announcement) {
            self.found.error(&news_file, &id, message);
        }
        for item in &locale.announcements.announcement {
            if item.updated.is_some_and(|updated| updated < item.date) {
                self.found.error(
                    &news_file,
                    &item.id,
                    format!("`{}` is updated before its date", item.id),
                );
            }
        }
    }

    fn unique_slugs<'a>(&mut self, file: &str, ids: impl Iterator<Item = &'a str>) {
        let mut seen = BTreeSet::new();
        for id in ids {
            self.found
                .slug_once(&mut seen, id, "id", file, &format!("\"{id}\""));
        }
    }

    /// A document's amendments are recorded oldest first, none before it took effect, and a
    /// review date, if given, is no earlier than the latest amendment.
    fn amendment_dates(&mut self, file: &str, page: &str, document: &LongDocument) {
        let dates: Vec<_> = document
            .section
            .iter()
            .flat_map(|section| &section.amendment)
            .map(|amendment| amendment.date)
            .collect();
        let locator = format!("[{page}]");
        if dates.windows(2).any(|pair| pair[0] >= pair[1]) {
            let message = "amendments must be listed oldest first, one per day".to_string();
            self.found.error(file, &locator, message);
        }
        if dates
            .first()
            .is_some_and(|first| *first <= document.updated)
        {
            let message = format!(
                "an amendment must be later than the date the document took effect ({})",
                document.updated
            );
            self.found.error(file, &locator, message);
        }
        if let (Some(reviewed), Some(amended)) = (document.reviewed, document.amended())
            && reviewed < amended
        {
            let message =
                format!("`reviewed` ({reviewed}) is earlier than the latest amendment ({amended})");
            self.found.error(file, &locator, message);
        }
    }

    /// Markdown-style `](/path)` and `href="/path"` links in any content string must reach a page.
    fn links(&mut self, content: &Content) {
        let pages: BTreeSet<String> = page_instances(content)
            .into_iter()
            .map(|p| p.path)
            .collect();
        for (file, text) in self.found.files() {
            for link in internal_links(text) {
                let path = link.split(['#', '?']).next().unwrap_or_default();
                let (_, unprefixed) = Lang::split(path);
                if !pages.contains(unprefixed) {
                    self.found.error(
                        file,
                        link,
                        format!("internal link `{link}` does not lead to a page"),
                    );
                }
            }
        }
    }
}

/// Internal links in a content file, outside `#` comment lines.
fn internal_links(text: &str) -> Vec<&str> {
    let mut links = Vec::new();
    let content_lines = text
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'));
    for (line, marker) in
        content_lines.flat_map(|line| ["](/", "href=\\\"/", "href='/"].map(|m| (line, m)))
    {
        let mut rest = line;
        while let Some(start) = rest.find(marker) {
            let tail = &rest[start + marker.len() - 1..];
            let end = tail.find([')', '"', '\'', '\\', ' ']).unwrap_or(tail.len());
            links.push(&tail[..end]);
            rest = &tail[end..];
        }
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_markdown_and_html_links() {
        let text = "# a comment about [links](/path)\nSee [fees](/entities#fees) and <a href=\\\"/zh/faq\\\">FAQ</a>.";
        assert_eq!(internal_links(text), vec!["/entities#fees", "/zh/faq"]);
    }
}
