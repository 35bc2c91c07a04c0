//! The FAQ search and the announcements answered for a query string: the keywords and page read
//! from it as the pages read them (`ui/src/pages/faq-search.tsx`, `announcements.tsx`), the
//! search's answer, and the page's body filled from its templates.

use std::borrow::Cow;

use super::pager::{Pager, grouped};
use super::reading::{first_values, js_trim, page_number, utf16_prefix};
use super::templates::{Fill, LanguageTemplates, SearchTemplates, Template, escape};
use crate::render::line_breaks::Marks;
use crate::search::Answer;
use crate::search::text::{MAX_QUERY_CHARS, Segment};
use custody_content::Lang;
use custody_content::schema::documents::Announcement;

/// The announcements on each page of the list (`PAGE_SIZE` of `ui/src/pages/announcements.tsx`).
const PAGE_SIZE: usize = 5;

/// The two pages of keyword search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchPage {
    /// `/faq/search`: every result on one page.
    Faq,
    /// `/announcements`: the list, or the results of a search, a page at a time.
    Announcements,
}

/// The keywords (`q`, trimmed and cut to the longest query) and the page (`page`) of the query
/// string `raw`.
pub fn read(raw: &str) -> (String, usize) {
    let [query, page] = first_values(raw, ["q", "page"]);
    let query = query.unwrap_or_default();
    let query = utf16_prefix(js_trim(&query), MAX_QUERY_CHARS).to_owned();
    (query, page_number(page.as_deref()))
}

/// An item of the list: a search's result, or an announcement of the list.
struct Item<'a> {
    url: Cow<'a, str>,
    title: Text<'a>,
    text: Text<'a>,
    /// The ISO date (`YYYY-MM-DD`).
    date: Option<Cow<'a, str>>,
    category: Option<&'a str>,
}

/// An item's title or passage: plain, or with the runs that matched marked.
enum Text<'a> {
    Plain(&'a str),
    Marked(&'a [Segment]),
}

/// What a search page shows for a query.
pub struct SearchBody<'a> {
    /// Which page.
    pub page: SearchPage,
    /// The page's language.
    pub lang: Lang,
    /// The keywords; empty for the announcements list.
    pub query: &'a str,
    /// The page of the list asked for, from 1.
    pub list_page: usize,
    /// The search's answer for the keywords; `None` for the list.
    pub answer: Option<&'a Answer>,
    /// The announcements of `lang`, newest first (the list without keywords).
    pub announcements: &'a [Announcement],
    /// Where the text of the page data may not break, which the list's titles and summaries are
    /// written with, as the page draws them.
    pub marks: &'a Marks,
}

impl SearchBody<'_> {
    /// The items the list holds, before paging.
    fn items(&self) -> Vec<Item<'_>> {
        match self.answer {
            Some(answer) => answer
                .results
                .iter()
                .map(|hit| Item {
                    url: Cow::Borrowed(&hit.url),
                    title: Text::Marked(&hit.title),
                    text: Text::Marked(&hit.excerpt),
                    date: hit.date.as_deref().map(Cow::Borrowed),
                    category: hit.category.as_deref(),
                })
                .collect(),
            None => self
                .announcements
                .iter()
                .map(|announcement| Item {
                    url: Cow::Owned(announcement.path(self.lang)),
                    title: Text::Plain(self.marks.heading(&announcement.title)),
                    text: Text::Plain(self.marks.text(&announcement.summary)),
                    date: Some(Cow::Owned(announcement.date.to_string())),
                    category: None,
                })
                .collect(),
        }
    }

    /// The page of the list shown (the one asked for, or the last there is), and how many pages
    /// there are; the FAQ's results are all on one.
    pub fn shown_page(&self) -> (usize, usize) {
        match self.page {
            SearchPage::Faq => (1, 1),
            SearchPage::Announcements => {
                let count = self.items().len().div_ceil(PAGE_SIZE).max(1);
                (self.list_page.clamp(1, count), count)
            }
        }
    }

    /// The address of page `n` of the list, as the page's links write it.
    fn href(&self, n: usize) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        if !self.query.is_empty() {
            query.append_pair("q", self.query);
        }
        if n > 1 {
            query.append_pair("page", &n.to_string());
        }
        let path = self.lang.localize("/announcements");
        match query.finish() {
            text if text.is_empty() => path,
            text => format!("{path}?{text}"),
        }
    }

    /// Writes the page's body from `templates`.
    pub fn write(&self, templates: &LanguageTemplates, out: &mut String) {
        let page = match self.page {
            SearchPage::Faq => &templates.faq_search,
            SearchPage::Announcements => &templates.announcements,
        };
        let items = self.items();
        let (shown, page_count) = self.shown_page();
        let on_page = match self.page {
            SearchPage::Faq => &items[..],
            SearchPage::Announcements => {
                let start = ((shown - 1) * PAGE_SIZE).min(items.len());
                &items[start..(start + PAGE_SIZE).min(items.len())]
            }
        };
        let mut values = PageValues {
            body: self,
            templates,
            page,
            items: on_page,
            total_items: items.len(),
            shown,
            page_count,
        };
        page.frame.fill(out, &mut values);
    }
}

/// The values of a search page's frame.
struct PageValues<'a> {
    body: &'a SearchBody<'a>,
    templates: &'a LanguageTemplates,
    page: &'a SearchTemplates,
    items: &'a [Item<'a>],
    total_items: usize,
    shown: usize,
    page_count: usize,
}

impl Fill for PageValues<'_> {
    fn hole(&mut self, name: &str, out: &mut String) {
        match name {
            "query" => escape(self.body.query, out),
            "total" => out.push_str(&grouped(self.body.answer.map_or(0, |a| a.total))),
            "items" => {
                for item in self.items {
                    let mut values = ItemValues {
                        item,
                        templates: self.templates,
                    };
                    self.page.item.fill(out, &mut values);
                }
            }
            "pager" => Pager {
                templates: &self.templates.pager,
                page: self.shown,
                page_count: self.page_count,
                total: self.total_items,
                href: |n| self.body.href(n),
            }
            .write(out),
            _ => {}
        }
    }

    fn choose(&mut self, _: &str) -> Cow<'static, str> {
        Cow::Borrowed(match self.body.answer.map(|answer| answer.total) {
            None => "list",
            Some(0) => "none",
            Some(1) => "one",
            Some(_) => "many",
        })
    }
}

/// The values of an item's template.
struct ItemValues<'a> {
    item: &'a Item<'a>,
    templates: &'a LanguageTemplates,
}

impl ItemValues<'_> {
    fn text(&self, text: &Text<'_>, out: &mut String) {
        match text {
            Text::Plain(plain) => escape(plain, out),
            Text::Marked(segments) => {
                for segment in *segments {
                    if segment.hit {
                        marked(&self.templates.mark, &segment.text, out);
                    } else {
                        escape(&segment.text, out);
                    }
                }
            }
        }
    }
}

/// Writes a run of text that matched, from the template of a mark.
fn marked(template: &Template, text: &str, out: &mut String) {
    struct Run<'a>(&'a str);
    impl Fill for Run<'_> {
        fn hole(&mut self, _: &str, out: &mut String) {
            escape(self.0, out);
        }
        fn choose(&mut self, _: &str) -> Cow<'static, str> {
            Cow::Borrowed("")
        }
    }
    template.fill(out, &mut Run(text));
}

impl Fill for ItemValues<'_> {
    fn hole(&mut self, name: &str, out: &mut String) {
        let item = self.item;
        match name {
            "url" => escape(&item.url, out),
            "title" => self.text(&item.title, out),
            "text" => self.text(&item.text, out),
            "category" => escape(item.category.unwrap_or_default(), out),
            "time" => {
                let date = item.date.as_deref().unwrap_or_default();
                match self.templates.times.get(date) {
                    Some(time) => out.push_str(time),
                    None => tracing::error!(date, "no written-out date in the templates"),
                }
            }
            _ => {}
        }
    }

    fn choose(&mut self, name: &str) -> Cow<'static, str> {
        let present = match name {
            "dated" => self.item.date.is_some(),
            _ => self.item.category.is_some(),
        };
        Cow::Borrowed(if present { "some" } else { "none" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keywords_and_page_are_read_as_the_pages_read_them() {
        assert_eq!(read("q=+%20custody%0A&page=2"), ("custody".to_owned(), 2));
        assert_eq!(read("page=x&q=a&q=b"), ("a".to_owned(), 1));
        let (long, _) = read(&format!("q={}", "托".repeat(150)));
        assert_eq!(long.chars().count(), MAX_QUERY_CHARS);
    }
}
