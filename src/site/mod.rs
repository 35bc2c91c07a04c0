//! Site structure derived from content and config: redirects, SEO documents, security headers.

pub mod redirects;
pub mod security;
pub mod seo;
