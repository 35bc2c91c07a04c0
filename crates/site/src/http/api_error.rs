//! Every error answer of the JSON API, as one enum: its status, its stable code and its message in
//! the request's language, from content (`{lang}/api.toml`, and `{lang}/contact.toml` `[error]`
//! for the application form). The body is `{"error": {"code", "message"}}`, with `fields` when
//! each field or parameter has its own message; never stored by caches.

use std::collections::BTreeMap;

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, RETRY_AFTER};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use ts_rs::TS;

use super::negotiate::accepted_lang;
use super::respond::{JSON, NO_STORE};
use super::supported_asset_params::ParamErrors;
use crate::render::document::to_json;
use crate::search::text::MAX_QUERY_CHARS;
use custody_content::schema::api_copy::fill;
use custody_content::{Content, Lang};

/// What went wrong with an API request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// 405: the address does not take this method (the `Allow` header is the caller's).
    MethodNotAllowed,
    /// 404: no endpoint at this address.
    NoSuchEndpoint,
    /// 500: the endpoint failed; no detail is given.
    Internal,
    /// 400: `/_app/data` without a page path.
    BadPageQuery,
    /// 409: the client runs another build than the one served.
    BuildMismatch,
    /// 404: the route manifest of a build not served here.
    UnknownBuild,
    /// 404: a search of neither the FAQ nor the announcements.
    UnknownSearchScope,
    /// 400: a search query string that is not `?q=…&lang=…`.
    BadSearchQuery,
    /// 400: a search language other than en or zh.
    BadSearchLang,
    /// 400: search terms over the longest allowed.
    SearchTooLong,
    /// 415: an application that is not JSON.
    NotJson,
    /// 413: an application over the size limit.
    TooLarge,
    /// 403: an application from another origin.
    Forbidden,
    /// 429: too many applications from one client; try again after this many seconds.
    RateLimited {
        /// Seconds until the next application is taken (at least 1).
        retry_after_secs: u64,
    },
    /// 408: the application's body did not arrive in time.
    Timeout,
    /// 400: the body is not a readable application.
    Unreadable,
    /// 422: some fields of the application are invalid, each with its message.
    InvalidFields(BTreeMap<String, String>),
    /// 503: the application could not be stored.
    Unavailable,
    /// 400: some parameters of a supported-assets query are invalid, each with its message.
    InvalidParameters(ParamErrors),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::NoSuchEndpoint | Self::UnknownBuild | Self::UnknownSearchScope => {
                StatusCode::NOT_FOUND
            }
            Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            Self::BadPageQuery
            | Self::BadSearchQuery
            | Self::BadSearchLang
            | Self::SearchTooLong
            | Self::Unreadable
            | Self::InvalidParameters(_) => StatusCode::BAD_REQUEST,
            Self::BuildMismatch => StatusCode::CONFLICT,
            Self::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Forbidden => StatusCode::FORBIDDEN,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Timeout => StatusCode::REQUEST_TIMEOUT,
            Self::InvalidFields(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// The stable code clients branch on.
    pub fn code(&self) -> &'static str {
        match self {
            Self::MethodNotAllowed => "method_not_allowed",
            Self::NoSuchEndpoint => "not_found",
            Self::Internal => "internal_error",
            Self::BadPageQuery | Self::BadSearchQuery => "bad_query",
            Self::BuildMismatch => "build_mismatch",
            Self::UnknownBuild => "unknown_build",
            Self::UnknownSearchScope => "unknown_scope",
            Self::BadSearchLang => "bad_lang",
            Self::SearchTooLong => "query_too_long",
            Self::NotJson => "not_json",
            Self::TooLarge => "too_large",
            Self::Forbidden => "forbidden",
            Self::RateLimited { .. } => "rate_limited",
            Self::Timeout => "timeout",
            Self::Unreadable => "unreadable",
            Self::InvalidFields(_) => "invalid_fields",
            Self::Unavailable => "unavailable",
            Self::InvalidParameters(_) => "invalid_parameters",
        }
    }

    /// The message in `lang`.
    pub fn message(&self, content: &Content, lang: Lang) -> String {
        let locale = content.locale(lang);
        let (api, form) = (&locale.api, &locale.contact.error);
        match self {
            Self::MethodNotAllowed => api.any.method_not_allowed.clone(),
            Self::NoSuchEndpoint => api.any.no_such_endpoint.clone(),
            Self::Internal => api.any.internal.clone(),
            Self::BadPageQuery => api.navigation.bad_query.clone(),
            Self::BuildMismatch => api.navigation.build_mismatch.clone(),
            Self::UnknownBuild => api.navigation.unknown_build.clone(),
            Self::UnknownSearchScope => api.search.unknown_scope.clone(),
            Self::BadSearchQuery => api.search.bad_query.clone(),
            Self::BadSearchLang => api.search.bad_lang.clone(),
            Self::SearchTooLong => fill(
                &api.search.too_long,
                &[("max", &MAX_QUERY_CHARS.to_string())],
            ),
            Self::NotJson => form.not_json.clone(),
            Self::TooLarge => form.too_large.clone(),
            Self::Forbidden => form.forbidden.clone(),
            Self::RateLimited { .. } => form.rate_limited.clone(),
            Self::Timeout => form.timeout.clone(),
            Self::Unreadable => form.unreadable.clone(),
            Self::InvalidFields(_) => form.invalid_fields.clone(),
            Self::Unavailable => form.unavailable.clone(),
            Self::InvalidParameters(_) => locale.api.supported_assets.invalid.clone(),
        }
    }

    /// The answer in `lang`, ready to send.
    pub fn in_lang(self, content: &Content, lang: Lang) -> LocalizedError {
        let message = self.message(content, lang);
        let fields = match &self {
            Self::InvalidFields(fields) => Some(fields.clone()),
            Self::InvalidParameters(errors) => Some(errors.messages(content)),
            _ => None,
        };
        LocalizedError {
            error: self,
            message,
            fields,
        }
    }

    /// The answer in the language the request's `Accept-Language` prefers.
    pub fn for_request(self, content: &Content, headers: &HeaderMap) -> LocalizedError {
        self.in_lang(content, accepted_lang(headers))
    }
}

/// The JSON of every API error answer.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "ApiErrorAnswer")]
pub struct ErrorAnswer<'a> {
    /// What went wrong.
    pub error: ErrorDetail<'a>,
}

/// What went wrong with an API request, as its answer says it.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "ApiError")]
pub struct ErrorDetail<'a> {
    /// The stable code, e.g. `invalid_fields`.
    pub code: &'a str,
    /// What went wrong, in the request's language.
    pub message: &'a str,
    /// The message of each field or parameter, when the error names them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fields: Option<&'a BTreeMap<String, String>>,
}

/// An [`ApiError`] with its message in the request's language: the error answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalizedError {
    error: ApiError,
    message: String,
    /// The message of each field or parameter, when the error names them.
    fields: Option<BTreeMap<String, String>>,
}

impl IntoResponse for LocalizedError {
    fn into_response(self) -> Response {
        let body = ErrorAnswer {
            error: ErrorDetail {
                code: self.error.code(),
                message: &self.message,
                fields: self.fields.as_ref(),
            },
        };
        let mut response = (
            self.error.status(),
            [(CONTENT_TYPE, JSON), (CACHE_CONTROL, NO_STORE)],
            to_json(&body),
        )
            .into_response();
        if let ApiError::RateLimited { retry_after_secs } = self.error {
            response
                .headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(retry_after_secs.max(1)));
        }
        response
    }
}
