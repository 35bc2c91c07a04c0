//! `GET /api/faq/search` and `GET /api/announcements/search`: keyword search answered from memory,
//! each answer made once and cached (crates/site/src/render/search_answers.rs).

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::AppState;
use super::api_error::ApiError;
use super::respond::{JSON, NO_CACHE, respond};
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
            return ApiError::UnknownSearchScope
                .for_request(site.content(), &headers)
                .into_response();
        }
    };
    let Ok(Query(query)) = query else {
        return ApiError::BadSearchQuery
            .for_request(site.content(), &headers)
            .into_response();
    };
    let lang = match query.lang.as_deref() {
        None | Some("en") => Lang::En,
        Some("zh") => Lang::Zh,
        Some(_) => {
            return ApiError::BadSearchLang
                .for_request(site.content(), &headers)
                .into_response();
        }
    };
    match site.api().search.answer(scope, lang, &query.q) {
        Ok(answer) => respond(&headers, StatusCode::OK, &answer, JSON, NO_CACHE),
        Err(QueryError::TooLong) => ApiError::SearchTooLong
            .in_lang(site.content(), lang)
            .into_response(),
    }
}
