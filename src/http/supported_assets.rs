//! `GET /api/supported-assets`: one page of an entity's supported-asset list, filtered.

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::AppState;
use super::asset_params::{self, ParamErrors};
use super::respond::{JSON, NO_STORE, respond};
use crate::content::Lang;

/// `Cache-Control` of answers: they change only with a new build, so browsers and proxies may
/// keep them for five minutes and then revalidate with the ETag.
const CACHE_FOR_A_WHILE: HeaderValue = HeaderValue::from_static("public, max-age=300");

/// `GET /api/supported-assets?entity=&network=&token=&contract=&warm=&cold=&defi=&oasis=&page=&size=&lang=`
pub async fn supported_assets(
    State(site): State<AppState>,
    RawQuery(raw): RawQuery,
    headers: HeaderMap,
) -> Response {
    let (query, lang) =
        match asset_params::parse(raw.as_deref().unwrap_or_default(), accepted_lang(&headers)) {
            Ok(parsed) => parsed,
            Err(errors) => return invalid(&errors),
        };
    match site.asset_answers.answer(&query) {
        Ok(answer) => respond(&headers, StatusCode::OK, &answer, JSON, CACHE_FOR_A_WHILE),
        Err(range) => {
            let message = asset_params::page_out_of_range(lang, query.page, range.last_page);
            let mut errors = ParamErrors {
                lang,
                fields: Default::default(),
            };
            errors.fields.insert("page".into(), message);
            invalid(&errors)
        }
    }
}

/// `400` with `{"error": {"code", "message", "fields"}}`.
fn invalid(errors: &ParamErrors) -> Response {
    let body = json!({ "error": {
        "code": "invalid_parameters",
        "message": asset_params::summary(errors.lang),
        "fields": errors.fields,
    }});
    (
        StatusCode::BAD_REQUEST,
        [
            (header::CONTENT_TYPE, JSON),
            (header::CACHE_CONTROL, NO_STORE),
        ],
        body.to_string(),
    )
        .into_response()
}

/// Chinese when the first language the client prefers is Chinese, otherwise English.
fn accepted_lang(headers: &HeaderMap) -> Lang {
    let first = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(',').next())
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if first == "zh" || first.starts_with("zh-") {
        Lang::Zh
    } else {
        Lang::En
    }
}
