//! The addresses of links to other sites, which the deployment settings give: the prerender
//! writes a marker in their place (`ui/src/app/nav.ts` `servedLinkMarker`), and every served body,
//! a page's, an error page's or one answered for a query string, has it replaced.

use super::document::html_escape;
use crate::settings::SiteSettings;

/// The markers the prerender writes for the addresses of links to other sites, with each address.
fn served_link_markers(settings: &SiteSettings) -> [(&'static str, &str); 1] {
    [(
        "__CUSTODY_LINK_insights__",
        settings.links.insights_url.as_str(),
    )]
}

/// A served body with the addresses of its links to other sites filled in, escaped for HTML.
pub fn served_links(body: &str, settings: &SiteSettings) -> String {
    served_link_markers(settings)
        .into_iter()
        .fold(body.to_owned(), |body, (marker, url)| {
            body.replace(marker, &html_escape(url))
        })
}
