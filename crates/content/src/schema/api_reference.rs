//! The parts of the client API a developer codes against besides authentication
//! (`developers.toml`): the webhook events (`[[event]]`) and the error model (`[error]`), the
//! fields of every error body and each error code with its HTTP status and whether to retry.
//! Copy writes `{api.event.deposit-credited}` ("deposit.credited"), `{api.error.field.code}`,
//! `{api.error.rate-limited}` ("rate_limited"), `{api.error.rate-limited.status}` ("429") and
//! `{api.error.rate-limited.retry}`.

use serde::{Deserialize, Serialize};

use crate::Lang;

/// A webhook event a client can subscribe to.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebhookEvent {
    /// The token's name: copy writes `{api.event.{id}}`.
    pub id: String,
    /// The event's name in the notification body ("deposit.credited").
    pub name: String,
    /// When it is sent, in English, as the claims register states it.
    pub what: String,
}

/// The body of every error answer, and the error codes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorModel {
    /// The field that names the error code.
    pub code_field: String,
    /// The field with a sentence for a developer.
    pub message_field: String,
    /// The field that identifies the request for support.
    pub request_id_field: String,
    /// Every error code.
    pub code: Vec<ErrorCode>,
}

/// One error code.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorCode {
    /// The token's name: copy writes `{api.error.{id}}`.
    pub id: String,
    /// The code in the body ("rate_limited").
    pub code: String,
    /// The HTTP status it comes with.
    pub status: u16,
    /// Whether and when a client retries the same request.
    pub retry: Retry,
    /// What it means, in English, as the claims register states it.
    pub what: String,
}

/// Whether a client retries a request that failed with a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Retry {
    /// Never as it is: the request must change first.
    AfterCorrection,
    /// After the `Retry-After` header's delay.
    AfterDelay,
    /// With the same idempotency key, after a growing delay.
    WithBackoff,
}

impl Retry {
    /// The guidance as copy reads it.
    fn in_prose(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Self::AfterCorrection, Lang::En) => "Correct the request; do not retry it as it is",
            (Self::AfterDelay, Lang::En) => "Retry after the delay the Retry-After header gives",
            (Self::WithBackoff, Lang::En) => {
                "Retry with the same idempotency key, waiting longer each time"
            }
            (Self::AfterCorrection, Lang::Zh) => "请先更正请求，勿原样重试",
            (Self::AfterDelay, Lang::Zh) => "按 Retry-After 响应头所示的时间后重试",
            (Self::WithBackoff, Lang::Zh) => "使用同一幂等键重试，并逐次延长等待时间",
        }
    }
}

/// Every event and error token of one language.
pub fn tokens(events: &[WebhookEvent], errors: &ErrorModel, lang: Lang) -> Vec<(String, String)> {
    let mut tokens: Vec<(String, String)> = events
        .iter()
        .map(|event| (format!("api.event.{}", event.id), event.name.clone()))
        .collect();
    for (field, name) in [
        ("code", &errors.code_field),
        ("message", &errors.message_field),
        ("request-id", &errors.request_id_field),
    ] {
        tokens.push((format!("api.error.field.{field}"), name.clone()));
    }
    for code in &errors.code {
        let name = |part: &str| format!("api.error.{}{part}", code.id);
        tokens.push((name(""), code.code.clone()));
        tokens.push((name(".status"), code.status.to_string()));
        tokens.push((name(".retry"), code.retry.in_prose(lang).to_owned()));
    }
    tokens
}

/// What is wrong with the events and error codes, if anything, each with the text of the line it
/// is near: an event name that is not dotted lower-case words, an error code that is not
/// snake_case, a status that is not an HTTP error, or a name given twice.
pub fn problems(events: &[WebhookEvent], errors: &ErrorModel) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    let word = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
    for (index, event) in events.iter().enumerate() {
        let needle = format!("name = \"{}\"", event.name);
        let parts: Vec<&str> = event.name.split('.').collect();
        if parts.len() < 2 || !parts.iter().all(|p| word(p)) {
            problems.push((
                needle.clone(),
                format!("event `{}`: a name is dotted lower-case words", event.name),
            ));
        }
        if events[..index]
            .iter()
            .any(|e| e.name == event.name || e.id == event.id)
        {
            problems.push((needle, format!("event `{}` is given twice", event.name)));
        }
    }
    for (index, code) in errors.code.iter().enumerate() {
        let needle = format!("code = \"{}\"", code.code);
        let snake = !code.code.is_empty()
            && code
                .code
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_');
        if !snake {
            problems.push((
                needle.clone(),
                format!("error code `{}` must be snake_case", code.code),
            ));
        }
        if !(400..600).contains(&code.status) {
            problems.push((
                needle.clone(),
                format!(
                    "error code `{}`: status {} is not an HTTP error",
                    code.code, code.status
                ),
            ));
        }
        if errors.code[..index]
            .iter()
            .any(|c| c.code == code.code || c.id == code.id)
        {
            problems.push((needle, format!("error code `{}` is given twice", code.code)));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model() -> (Vec<WebhookEvent>, ErrorModel) {
        let events = vec![WebhookEvent {
            id: "deposit-credited".into(),
            name: "deposit.credited".into(),
            what: String::new(),
        }];
        let errors = ErrorModel {
            code_field: "code".into(),
            message_field: "message".into(),
            request_id_field: "request_id".into(),
            code: vec![ErrorCode {
                id: "rate-limited".into(),
                code: "rate_limited".into(),
                status: 429,
                retry: Retry::AfterDelay,
                what: String::new(),
            }],
        };
        (events, errors)
    }

    #[test]
    fn gives_each_event_and_code_its_tokens() {
        let (events, errors) = model();
        let tokens = tokens(&events, &errors, Lang::Zh);
        let get = |name: &str| {
            tokens
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(get("api.event.deposit-credited"), Some("deposit.credited"));
        assert_eq!(get("api.error.rate-limited.status"), Some("429"));
        assert_eq!(get("api.error.field.request-id"), Some("request_id"));
        assert!(problems(&events, &errors).is_empty());
    }

    #[test]
    fn refuses_malformed_names_and_statuses() {
        let (mut events, mut errors) = model();
        events.push(events[0].clone());
        events[0].name = "Deposit".into();
        errors.code[0].status = 200;
        errors.code[0].code = "RateLimited".into();
        assert_eq!(problems(&events, &errors).len(), 4);
    }
}
