//! One stored application: a line of the JSON-lines log.

use serde::{Deserialize, Serialize};

use super::application::Application;

/// What the log holds for each accepted application: the store's id and time, then the draft,
/// flat so it exports as one CSV row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// UUID v7: unique, and ordered like the log.
    pub id: String,
    /// When it was stored, RFC 3339 in UTC.
    pub received_at: String,
    /// Everything the request brought.
    #[serde(flatten)]
    pub draft: Draft,
}

/// An application as the endpoint hands it to the store: everything but the id and time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    /// The page language, `en` or `zh`.
    pub lang: String,
    /// Path of the page it was sent from.
    pub source_page: Option<String>,
    /// A request the page was opened with (`oasis-demo`).
    pub request: Option<String>,
    /// The sender's `User-Agent`, shortened.
    pub user_agent: Option<String>,
    /// The sender's address (see `contact.client_ip_header`).
    pub client_ip: Option<String>,
    /// The sender's `Idempotency-Key`: a repeat within 24 hours is answered from this record.
    pub idempotency_key: Option<String>,
    /// The validated answers.
    #[serde(flatten)]
    pub application: Application,
}

/// What the store answers for an application it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    /// The application's id (UUID v7).
    pub id: String,
    /// When it was stored, RFC 3339 UTC.
    pub received_at: String,
    /// The answer repeats an earlier one for the same idempotency key; nothing new was stored.
    pub replayed: bool,
}
