//! What search engines and browsers read besides the page body: canonical and alternate links,
//! structured data, the sitemap, robots.txt and the web app manifest.

use serde_json::json;

use custody_content::{Content, Lang, PageInstance};

/// An alternate-language link of a page (`<link rel="alternate" hreflang>`).
#[derive(Debug, Clone)]
pub struct Alternate {
    /// `en`, `zh-Hans` or `x-default`.
    pub hreflang: &'static str,
    /// Absolute URL.
    pub href: String,
}

/// Absolute URL of a site path under the configured public URL.
pub fn absolute(public_url: &str, path: &str) -> String {
    format!("{public_url}{path}")
}

/// The language alternates of a page, English as `x-default`.
pub fn alternates(public_url: &str, unprefixed: &str) -> Vec<Alternate> {
    let href = |lang: Lang| absolute(public_url, &lang.localize(unprefixed));
    vec![
        Alternate {
            hreflang: Lang::En.html_lang(),
            href: href(Lang::En),
        },
        Alternate {
            hreflang: Lang::Zh.html_lang(),
            href: href(Lang::Zh),
        },
        Alternate {
            hreflang: "x-default",
            href: href(Lang::En),
        },
    ]
}

/// JSON-LD `Organization` for the document head.
pub fn organization(content: &Content, lang: Lang, public_url: &str) -> serde_json::Value {
    let site = &content.locale(lang).site;
    json!({
        "@context": "https://schema.org",
        "@type": "Organization",
        "name": site.name,
        "description": site.organization_description,
        "url": absolute(public_url, &lang.localize("/")),
        "logo": absolute(public_url, "/favicon.svg"),
    })
}

/// `sitemap.xml`: every indexable page in both languages, each with its hreflang alternates.
pub fn sitemap(public_url: &str, pages: &[PageInstance]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for page in pages.iter().filter(|p| !p.noindex) {
        let links = alternates(public_url, &page.path);
        for lang in Lang::ALL {
            xml.push_str(&format!(
                "  <url>\n    <loc>{}</loc>\n",
                xml_escape(&absolute(public_url, &lang.localize(&page.path)))
            ));
            for link in &links {
                xml.push_str(&format!(
                    "    <xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>\n",
                    link.hreflang,
                    xml_escape(&link.href)
                ));
            }
            xml.push_str("  </url>\n");
        }
    }
    xml.push_str("</urlset>\n");
    xml
}

/// `robots.txt`: everything but the page-data endpoint may be crawled; points at the sitemap.
pub fn robots(public_url: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /_app/data\n\nSitemap: {}\n",
        absolute(public_url, "/sitemap.xml")
    )
}

/// The web app manifest, in English.
pub fn web_manifest(content: &Content) -> String {
    let site = &content.locale(Lang::En).site;
    json!({
        "name": site.name,
        "short_name": site.name,
        "description": site.tagline,
        "lang": "en",
        "start_url": "/",
        "scope": "/",
        "display": "browser",
        "background_color": content.site.background_color(),
        "theme_color": content.site.theme_color(),
        "icons": [
            { "src": "/favicon.svg", "type": "image/svg+xml", "sizes": "any" },
            { "src": "/favicon.ico", "type": "image/x-icon", "sizes": "32x32" },
        ],
    })
    .to_string()
}

/// Escapes text for XML element content and double-quoted attributes.
pub fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
