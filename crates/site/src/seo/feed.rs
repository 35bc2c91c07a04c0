//! The announcements as an Atom feed (RFC 4287), one per language: `/announcements/feed.xml` and
//! `/zh/announcements/feed.xml`. Entry ids are the announcements' canonical URLs, so they stay the
//! same from build to build; dates come from content.

use std::fmt::Write;

use super::discovery::{absolute, xml_escape};
use custody_content::pages::document_title;
use custody_content::schema::documents::Announcement;
use custody_content::text::markup::{self, Block, Inline};
use custody_content::{Content, Lang, PageKind};

/// The feed's unprefixed path.
pub const FEED_PATH: &str = "/announcements/feed.xml";

/// The `Content-Type` of a feed.
pub const FEED_CONTENT_TYPE: &str = "application/atom+xml; charset=utf-8";

/// The kinds of page whose documents link to the feed of their language: the list of
/// announcements and each announcement.
pub const FEED_PAGES: [PageKind; 2] = [PageKind::Announcements, PageKind::Announcement];

/// The feed's title: the announcements page's document title (content's pages table, keyed by the
/// route's id).
pub fn feed_title(content: &Content, lang: Lang) -> String {
    let meta = &content.locale(lang).pages["announcements"];
    document_title(content, lang, &meta.title)
}

/// The Atom feed of the announcements in `lang`, newest first.
pub fn atom(content: &Content, lang: Lang, public_url: &str) -> String {
    let locale = content.locale(lang);
    let items = &locale.announcements.announcement;
    let self_url = absolute(public_url, &lang.localize(FEED_PATH));
    let list_url = absolute(public_url, &lang.localize("/announcements"));
    let updated = items
        .iter()
        .map(Announcement::modified)
        .max()
        .map_or_else(String::new, |date| timestamp(&date));
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\
         <feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{lang}\">\n\
         \x20 <id>{id}</id>\n\
         \x20 <title>{title}</title>\n\
         \x20 <subtitle>{subtitle}</subtitle>\n\
         \x20 <updated>{updated}</updated>\n\
         \x20 <link rel=\"self\" type=\"application/atom+xml\" href=\"{id}\"/>\n\
         \x20 <link rel=\"alternate\" type=\"text/html\" href=\"{list}\"/>\n\
         \x20 <author><name>{author}</name><uri>{home}</uri></author>\n\
         \x20 <icon>{icon}</icon>\n",
        lang = lang.html_lang(),
        id = xml_escape(&self_url),
        title = xml_escape(&feed_title(content, lang)),
        subtitle = xml_escape(&locale.pages["announcements"].description),
        list = xml_escape(&list_url),
        author = xml_escape(&locale.site.name),
        home = xml_escape(&absolute(public_url, &lang.localize("/"))),
        icon = xml_escape(&absolute(public_url, "/favicon.svg")),
    );
    for item in items {
        let url = absolute(public_url, &item.path(lang));
        let _ = write!(
            xml,
            "  <entry>\n\
             \x20   <id>{url}</id>\n\
             \x20   <title>{title}</title>\n\
             \x20   <link rel=\"alternate\" type=\"text/html\" href=\"{url}\"/>\n\
             \x20   <published>{published}</published>\n\
             \x20   <updated>{updated}</updated>\n\
             \x20   <summary>{summary}</summary>\n\
             \x20   <content type=\"html\">{body}</content>\n\
             \x20 </entry>\n",
            url = xml_escape(&url),
            title = xml_escape(&item.title),
            published = timestamp(&item.date),
            updated = timestamp(&item.modified()),
            summary = xml_escape(&item.summary),
            body = xml_escape(&body_html(&item.body, lang, public_url)),
        );
    }
    xml.push_str("</feed>\n");
    xml
}

/// A content date as an Atom date (RFC 3339): midnight UTC of that day.
fn timestamp(date: &toml::value::Date) -> String {
    format!("{date}T00:00:00Z")
}

/// A body in the content markup as HTML, its links absolute (a feed reader has no base URL).
fn body_html(body: &str, lang: Lang, public_url: &str) -> String {
    let inline = |runs: &[Inline]| {
        runs.iter()
            .map(|run| match run {
                Inline::Text(text) => xml_escape(text),
                Inline::Link { text, href } => {
                    let href = if href.starts_with('/') {
                        absolute(public_url, href)
                    } else {
                        href.clone()
                    };
                    format!("<a href=\"{}\">{}</a>", xml_escape(&href), xml_escape(text))
                }
            })
            .collect::<String>()
    };
    markup::parse(body, lang)
        .iter()
        .map(|block| match block {
            Block::P(runs) => format!("<p>{}</p>", inline(runs)),
            Block::Ul(items) => format!(
                "<ul>{}</ul>",
                items
                    .iter()
                    .map(|item| format!("<li>{}</li>", inline(item)))
                    .collect::<String>()
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_become_html_with_absolute_links_and_escaped_text() {
        let html = body_html(
            "Fees & <limits> in [the FAQ](/faq).\n\n- one\n- two",
            Lang::Zh,
            "https://www.custody.example",
        );
        assert_eq!(
            html,
            "<p>Fees &amp; &lt;limits&gt; in <a href=\"https://www.custody.example/zh/faq\">the FAQ</a>.</p>\
             <ul><li>one</li><li>two</li></ul>"
        );
    }
}
