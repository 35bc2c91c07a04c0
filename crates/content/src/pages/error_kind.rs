//! The error pages: their page ids in `{lang}/pages.toml` (they are not routes) and their HTTP
//! statuses.

use crate::Lang;

/// The kinds of error page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// 404 'Page not found': no page at this path.
    NotFound,
    /// 404 'Page Not Found': a dynamic route's validity check failed.
    Invalid,
    /// 500 'Internal Server Error'.
    ServerError,
}

impl ErrorKind {
    /// Every kind.
    pub const ALL: [ErrorKind; 3] = [
        ErrorKind::NotFound,
        ErrorKind::Invalid,
        ErrorKind::ServerError,
    ];

    /// The page id in `pages.toml` and the prerender key.
    pub fn page(self) -> &'static str {
        match self {
            ErrorKind::NotFound => "not-found",
            ErrorKind::Invalid => "invalid",
            ErrorKind::ServerError => "server-error",
        }
    }

    /// The HTTP status.
    pub fn status(self) -> u16 {
        match self {
            ErrorKind::NotFound | ErrorKind::Invalid => 404,
            ErrorKind::ServerError => 500,
        }
    }

    /// The key of its prerendered body in one language: `error:{lang}:{page}`.
    pub fn prerender_key(self, lang: Lang) -> String {
        format!("error:{}:{}", lang.code(), self.page())
    }
}
