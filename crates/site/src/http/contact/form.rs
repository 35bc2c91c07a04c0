//! The contact form posted without scripts (or before they ran): `POST` to the contact page's own
//! path in either language, `application/x-www-form-urlencoded`, through the same checks, rules
//! and store as `POST /api/contact` (`intake.rs`). The answer is a page in the form's language
//! (`answer.rs`): a stored application is answered `303 See Other` to its confirmation,
//! `{page}/received/{id}.{tag}` (the id and its tag, `confirmation_key.rs` of the applications
//! crate, are all the address holds), which a reload shows again
//! and a repeat of the same application from the same client, within the store's idempotency
//! window, leads back to (the key is made from the application, `content_key.rs` of the
//! applications crate); a refused one is answered with the form again, the visitor's answers kept.

use axum::extract::{Path, Request, State};
use axum::http::header::{CACHE_CONTROL, LOCATION, RETRY_AFTER};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use jiff::Timestamp;
use percent_encoding::{CONTROLS, utf8_percent_encode};
use uuid::Uuid;

use super::super::AppState;
use super::super::api_error::ApiError;
use super::super::pages::missing_page;
use super::super::respond::{NO_STORE, head_without_body};
use super::super::routes::RECEIVED;
use super::answer::FormAnswer;
use super::form_body::PostedForm;
use super::intake::{Intake, has_media_type, read_within};
use super::json::ReceiptBody;
use crate::render::served_site::ServedSite;
use custody_applications::content_key::content_key;
use custody_applications::recent_id::receipt_of_recent_id;
use custody_content::Lang;

/// The media type the form is posted in.
const FORM_MEDIA_TYPE: &str = "application/x-www-form-urlencoded";

/// `POST` of the contact form to the contact page at its path in `lang`.
pub async fn submit(State(state): State<AppState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let site = &state.site;
    let Some(lang) = site.answer_documents().lang_of(parts.uri.path()) else {
        return missing(site, &parts.uri, &parts.headers);
    };
    let headers = &parts.headers;
    let refused = |error: ApiError, values| refusal(site, lang, error, values, headers);
    if !has_media_type(headers, FORM_MEDIA_TYPE) {
        return refused(ApiError::NotJson, PostedForm::default());
    }
    let intake = match Intake::admit(&state, &parts) {
        Ok(intake) => intake,
        Err(error @ ApiError::RateLimited { .. }) => {
            // The answers come back with the alert, so the visitor can send them again later.
            let deadline = tokio::time::Instant::now() + state.settings().request_timeout;
            let posted = read_within(body, deadline)
                .await
                .ok()
                .and_then(|bytes| PostedForm::parse(&bytes).ok());
            return refused(error, posted.unwrap_or_default());
        }
        Err(error) => return refused(error, PostedForm::default()),
    };
    let posted = match intake.read(body).await {
        Ok(bytes) => match PostedForm::parse(&bytes) {
            Ok(posted) => posted,
            Err(_) => return refused(ApiError::Unreadable, PostedForm::default()),
        },
        Err(error) => return refused(error, PostedForm::default()),
    };
    let copy = intake.copy(lang);
    let page = site.answer_documents().page_path(lang);
    let request = requested(parts.uri.query(), |id| copy.request.contains_key(id));
    let submission = posted.submission(lang, request.as_deref(), page);
    if submission.is_robot() {
        tracing::info!(
            "contact form with the honeypot filled in: answered as accepted, not stored"
        );
        let (id, now) = (Uuid::now_v7().to_string(), Timestamp::now());
        let received_at = format!("{now:.3}");
        let answer = FormAnswer {
            receipt: Some(ReceiptBody::new(copy, &id, &received_at)),
            ..FormAnswer::default()
        };
        return answer.respond(site, lang, StatusCode::OK, headers);
    }
    let stored = async {
        let draft = intake.draft(
            &submission,
            lang,
            headers,
            (request, Some(page.to_owned())),
            |draft| {
                let application = &draft.application;
                Some(content_key(
                    application,
                    draft.request.as_deref(),
                    intake.client_ip,
                ))
            },
        )?;
        intake.store(draft).await
    };
    match stored.await {
        Ok(receipt) => see_confirmation(page, &state.contact.confirmations.tagged(&receipt.id)),
        Err(error) => refused(error, posted),
    }
}

/// `GET` (or `HEAD`) of the confirmation `{id}.{tag}` in `lang`: shown when the tag is the
/// confirmations' key's for the id, while the store remembers the id (24 hours), or, for an id
/// it does not hold, when the id was made in those 24 hours (another instance behind the same
/// balancer, sharing the key, stored it: `receipt_of_recent_id`); any other address is a page
/// not found.
pub async fn received(
    State(state): State<AppState>,
    Path(segment): Path<String>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let site = &state.site;
    let lang = uri
        .path()
        .rsplit_once(RECEIVED)
        .and_then(|(page, _)| site.answer_documents().lang_of(page));
    let receipt = state
        .contact
        .confirmations
        .vouched_id(&segment)
        .and_then(|id| {
            state
                .contact
                .store
                .recent_receipt(id)
                .or_else(|| receipt_of_recent_id(id, Timestamp::now()))
        });
    let (Some(lang), Some(receipt)) = (lang, receipt) else {
        return missing(site, &uri, &headers);
    };
    let copy = &site.content().locale(lang).contact;
    let answer = FormAnswer {
        receipt: Some(ReceiptBody::new(copy, &receipt.id, &receipt.received_at)),
        ..FormAnswer::default()
    };
    head_without_body(
        &method,
        answer.respond(site, lang, StatusCode::OK, &headers),
    )
}

/// The refusal `error` of the form in `lang`: the form again with `posted`'s answers and, for
/// invalid fields, each field's message and their summary, else the error's message as an alert,
/// with the error's status (and `Retry-After` for the rate limit).
fn refusal(
    site: &ServedSite,
    lang: Lang,
    error: ApiError,
    posted: PostedForm,
    headers: &HeaderMap,
) -> Response {
    let status = error.status();
    let retry_after = match error {
        ApiError::RateLimited { retry_after_secs } => Some(retry_after_secs.max(1)),
        _ => None,
    };
    let (errors, alert) = match error {
        ApiError::InvalidFields(fields) => (fields, None),
        // The form's own words: a body the form would never send could not be read.
        ApiError::NotJson => (
            Default::default(),
            Some(ApiError::Unreadable.message(site.content(), lang)),
        ),
        error => (
            Default::default(),
            Some(error.message(site.content(), lang)),
        ),
    };
    let answer = FormAnswer {
        values: posted.values,
        errors,
        alert,
        receipt: None,
    };
    let mut response = answer.respond(site, lang, status, headers);
    if let Some(seconds) = retry_after {
        response
            .headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

/// `303 See Other` to the confirmation `tagged` (an application's id and its tag), under the
/// contact page `page`.
fn see_confirmation(page: &str, tagged: &str) -> Response {
    // Percent-encoded, the address is visible ASCII: always a header value.
    let location = utf8_percent_encode(&format!("{page}{RECEIVED}{tagged}"), CONTROLS).to_string();
    let location = HeaderValue::try_from(location).unwrap_or(HeaderValue::from_static("/"));
    (
        StatusCode::SEE_OTHER,
        [(LOCATION, location), (CACHE_CONTROL, NO_STORE)],
    )
        .into_response()
}

/// The request the page was opened with (`?request=oasis-demo`, kept in the address the form
/// posts to), when `known` knows it; the page shows no notice for any other.
fn requested(query: Option<&str>, known: impl Fn(&str) -> bool) -> Option<String> {
    query?
        .split('&')
        .filter_map(|pair| pair.strip_prefix("request="))
        .find(|id| known(id))
        .map(str::to_owned)
}

/// The site's page not found for `uri`.
fn missing(site: &ServedSite, uri: &Uri, headers: &HeaderMap) -> Response {
    let missing = site.pages().resolver.missing(uri.path());
    missing_page(site, missing, uri, headers)
}
