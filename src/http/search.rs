//! `GET /api/faq/search` and `GET /api/announcements/search`: keyword search answered from memory,
//! each answer made once and cached (src/render/search_answers.rs).

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;

use super::AppState;
use super::api::json_error;
use super::respond::{JSON, NO_CACHE, respond};
use crate::search::text::MAX_QUERY_CHARS;
use crate::search::{QueryError, Scope};
use custody_content::Lang;

/// Query of the search endpoints.
#[derive(Debug, Deserialize)]
pub struct SearchQuery {
    /// The keywords; empty answers no results.
    #[serde(default)]
    q: String,
    /// `en` (default) or `zh`: which language's content is searched.
    lang: Option<String>,
}

/// `GET /api/{scope}/search?q=&lang=` where scope is `faq` or `announcements`. A scope that is
/// not text (`/api/%FF/search`) is an unknown scope like any other.
pub async fn search(
    State(site): State<AppState>,
    scope: Result<Path<String>, PathRejection>,
    query: Result<Query<SearchQuery>, QueryRejection>,
    headers: HeaderMap,
) -> Response {
    let scope = match scope.as_ref().map(|Path(scope)| scope.as_str()) {
        Ok("faq") => Scope::Faq,
        Ok("announcements") => Scope::Announcements,
        _ => {
            return json_error(
                StatusCode::NOT_FOUND,
                "unknown_scope",
                "Search covers faq and announcements.",
            );
        }
    };
    let Ok(Query(query)) = query else {
        return json_error(
            StatusCode::BAD_REQUEST,
            "bad_query",
            "The query must be ?q=keywords&lang=en|zh",
        );
    };
    let lang = match query.lang.as_deref() {
        None | Some("en") => Lang::En,
        Some("zh") => Lang::Zh,
        Some(_) => {
            return json_error(
                StatusCode::BAD_REQUEST,
                "bad_lang",
                "The language must be en or zh.",
            );
        }
    };
    match site.search.answer(scope, lang, &query.q) {
        Ok(answer) => respond(&headers, StatusCode::OK, &answer, JSON, NO_CACHE),
        Err(QueryError::TooLong) => {
            let message = match lang {
                Lang::En => format!("Search terms can be at most {MAX_QUERY_CHARS} characters."),
                Lang::Zh => format!("搜索内容不能超过 {MAX_QUERY_CHARS} 个字符。"),
            };
            json_error(StatusCode::BAD_REQUEST, "query_too_long", &message)
        }
    }
}
