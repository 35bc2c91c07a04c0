//! What search engines, browsers and feed readers read besides the page body, made once from
//! content and config: canonical and alternate links, the sitemap, robots.txt and the web app
//! manifest (`discovery.rs`), the announcement feeds, structured data and security.txt.

pub(crate) mod discovery;
pub mod feed;
pub(crate) mod security_txt;
pub(crate) mod structured_data;
