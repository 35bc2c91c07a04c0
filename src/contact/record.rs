//! One stored application: a line of the JSON-lines log.

use serde::{Deserialize, Serialize};

use super::application::Application;

/// What the log holds for each accepted application, flat so it exports as one CSV row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// UUID v7: unique, and ordered like the log.
    pub id: String,
    /// When it was stored, RFC 3339 in UTC.
    pub received_at: String,
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

/// Everything of a record except what the store assigns (id and time).
#[derive(Debug, Clone)]
pub struct Draft {
    /// The page language.
    pub lang: String,
    /// Path of the page it was sent from.
    pub source_page: Option<String>,
    /// A request the page was opened with.
    pub request: Option<String>,
    /// The sender's `User-Agent`.
    pub user_agent: Option<String>,
    /// The sender's address.
    pub client_ip: Option<String>,
    /// The sender's `Idempotency-Key`.
    pub idempotency_key: Option<String>,
    /// The validated answers.
    pub application: Application,
}

impl Draft {
    /// The record with its id and time.
    pub fn into_record(self, id: String, received_at: String) -> Record {
        Record {
            id,
            received_at,
            lang: self.lang,
            source_page: self.source_page,
            request: self.request,
            user_agent: self.user_agent,
            client_ip: self.client_ip,
            idempotency_key: self.idempotency_key,
            application: self.application,
        }
    }
}
