//! Site structure derived from content and config: redirects, SEO documents, security headers,
//! the announcement feeds, structured data and security.txt.

pub mod feed;
pub mod redirects;
pub mod security;
pub mod security_txt;
pub mod seo;
pub mod structured_data;
