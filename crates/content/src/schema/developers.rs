//! The client API as data (`developers.toml`): where it and its reference are served, how a
//! request is authenticated, the rate limits, the largest address batch, the webhooks,
//! idempotency, versioning, and the events and errors of `api_reference.rs`. Copy writes `{api.host.sandbox}`, `{api.rate.read}` ("20 requests
//! a second" / "每秒 20 次请求"), `{api.webhook.signature}`, `{api.version}`; the typed-figure
//! check refuses these values typed in copy.

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::api_reference::{self, ErrorModel, WebhookEvent};
use crate::schema::durations::Duration;
use crate::text::numbers::grouped;

/// `developers.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Developers {
    /// Where the API and its reference are served.
    pub host: Vec<Host>,
    /// How a request is authenticated.
    pub authentication: Authentication,
    /// The most requests one API key may make.
    pub rate_limit: Vec<RateLimit>,
    /// The largest batch of new addresses.
    pub batch: Batch,
    /// How webhook notifications are signed and retried.
    pub webhook: Webhook,
    /// How a repeated instruction is recognised.
    pub idempotency: Idempotency,
    /// How the API's versions are named and retired.
    pub versioning: Versioning,
    /// The webhook events a client can subscribe to.
    pub event: Vec<WebhookEvent>,
    /// The body of every error answer, and the error codes.
    pub error: ErrorModel,
}

/// A host name of the API.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Host {
    /// The token's name: copy writes `{api.host.{id}}`.
    pub id: String,
    /// The host name.
    pub address: String,
    /// What is served there, in English, as the claims register states it.
    pub what: String,
}

/// How a request is authenticated.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Authentication {
    /// The signature algorithm of an API key pair.
    pub signature: String,
    /// The `[[duration]]` of `site.toml` after which a key expires.
    pub key_validity: String,
    /// The request header that names the API key.
    pub key_header: String,
    /// The request header that carries the time of signing.
    pub timestamp_header: String,
    /// The request header that carries the signature.
    pub signature_header: String,
    /// The `[[duration]]` of `site.toml` after which a signed request or notification is refused.
    pub clock_tolerance: String,
}

/// A rate limit of one kind of request.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateLimit {
    /// The token's name: copy writes `{api.rate.{id}}`.
    pub id: String,
    /// How many requests.
    pub requests: u32,
    /// In what time.
    pub per: Per,
    /// Which requests, in English, as the claims register states it.
    pub what: String,
}

/// The time a rate limit counts requests in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Per {
    /// A second.
    Second,
    /// A minute.
    Minute,
}

/// The largest batch of new deposit addresses.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Batch {
    /// How many addresses one request creates at most.
    pub addresses: u32,
}

/// How webhook notifications are signed and retried.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Webhook {
    /// The signature algorithm.
    pub signature: String,
    /// The header that carries the signature.
    pub header: String,
    /// The `[[duration]]` of `site.toml` for which an unacknowledged notification is retried.
    pub retry: String,
}

/// How a repeated instruction is recognised.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Idempotency {
    /// The request header that carries the client's idempotency key.
    pub header: String,
    /// The `[[duration]]` of `site.toml` for which a key answers the first request's result.
    pub retention: String,
}

/// How the API's versions are named and retired.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Versioning {
    /// The current version, the first segment of every path.
    pub current: String,
    /// The `[[duration]]` of `site.toml` for which the previous version is served after a new
    /// one is announced.
    pub overlap: String,
}

impl RateLimit {
    /// The limit as copy reads it: "20 requests a second" / "每秒 20 次请求".
    pub fn in_prose(&self, lang: Lang) -> String {
        let count = grouped(u64::from(self.requests));
        match (self.per, lang) {
            (Per::Second, Lang::En) => format!("{count} requests a second"),
            (Per::Minute, Lang::En) => format!("{count} requests a minute"),
            (Per::Second, Lang::Zh) => format!("每秒 {count} 次请求"),
            (Per::Minute, Lang::Zh) => format!("每分钟 {count} 次请求"),
        }
    }
}

/// Every API token of one language.
pub fn tokens(developers: &Developers, lang: Lang) -> Vec<(String, String)> {
    let mut tokens: Vec<(String, String)> = developers
        .host
        .iter()
        .map(|host| (format!("api.host.{}", host.id), host.address.clone()))
        .collect();
    tokens.extend(
        developers
            .rate_limit
            .iter()
            .map(|limit| (format!("api.rate.{}", limit.id), limit.in_prose(lang))),
    );
    tokens.push((
        "api.signature".to_owned(),
        developers.authentication.signature.clone(),
    ));
    let authentication = &developers.authentication;
    for (token, value) in [
        ("api.header.key", &authentication.key_header),
        ("api.header.timestamp", &authentication.timestamp_header),
        ("api.header.signature", &authentication.signature_header),
        ("api.webhook.signature", &developers.webhook.signature),
        ("api.webhook.header", &developers.webhook.header),
        ("api.idempotency.header", &developers.idempotency.header),
        ("api.version", &developers.versioning.current),
    ] {
        tokens.push((token.to_owned(), value.clone()));
    }
    tokens.push((
        "api.batch.addresses".to_owned(),
        grouped(u64::from(developers.batch.addresses)),
    ));
    tokens.extend(api_reference::tokens(
        &developers.event,
        &developers.error,
        lang,
    ));
    tokens
}

/// What is wrong with the API's facts, if anything, each with the text of the line it is near: a
/// host that is not a host name or is given twice, a limit of no requests, a duration that is not
/// a `[[duration]]` of `site.toml`, an empty batch, a header name that is not a token of HTTP, a
/// version that is not `v` and a number.
pub fn problems(developers: &Developers, durations: &[Duration]) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for (index, host) in developers.host.iter().enumerate() {
        let needle = format!("id = \"{}\"", host.id);
        let is_name = !host.address.is_empty()
            && host.address.contains('.')
            && host.address.split('.').all(|label| {
                !label.is_empty()
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            });
        if !is_name {
            problems.push((
                needle.clone(),
                format!(
                    "host `{}`: \"{}\" is not a host name",
                    host.id, host.address
                ),
            ));
        }
        if developers.host[..index]
            .iter()
            .any(|h| h.address == host.address)
        {
            problems.push((
                needle,
                format!("host `{}`: \"{}\" is given twice", host.id, host.address),
            ));
        }
    }
    for limit in developers.rate_limit.iter().filter(|l| l.requests == 0) {
        problems.push((
            format!("id = \"{}\"", limit.id),
            format!("rate limit `{}`: `requests` must be at least 1", limit.id),
        ));
    }
    for (key, id) in [
        ("key_validity", &developers.authentication.key_validity),
        (
            "clock_tolerance",
            &developers.authentication.clock_tolerance,
        ),
        ("retry", &developers.webhook.retry),
        ("retention", &developers.idempotency.retention),
        ("overlap", &developers.versioning.overlap),
    ] {
        if !durations.iter().any(|d| &d.id == id) {
            problems.push((
                format!("{key} ="),
                format!("`{key}`: `{id}` is not a [[duration]] of site.toml"),
            ));
        }
    }
    let authentication = &developers.authentication;
    for (key, header) in [
        ("key_header", &authentication.key_header),
        ("timestamp_header", &authentication.timestamp_header),
        ("signature_header", &authentication.signature_header),
        ("header", &developers.webhook.header),
        ("header", &developers.idempotency.header),
    ] {
        let is_token = !header.is_empty()
            && header
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !is_token {
            problems.push((
                format!("{key} = \"{header}\""),
                format!("`{key}`: \"{header}\" is not a header name"),
            ));
        }
    }
    let version = &developers.versioning.current;
    let is_version = version.len() > 1
        && version.starts_with('v')
        && version[1..].bytes().all(|b| b.is_ascii_digit());
    if !is_version {
        problems.push((
            "current =".to_owned(),
            format!("`versioning.current`: \"{version}\" is not `v` and a number"),
        ));
    }
    if developers.batch.addresses == 0 {
        problems.push((
            "addresses =".to_owned(),
            "`batch.addresses` must be at least 1".to_owned(),
        ));
    }
    problems.extend(api_reference::problems(
        &developers.event,
        &developers.error,
    ));
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_rate_limits_in_each_language() {
        let limit = RateLimit {
            id: "read".into(),
            requests: 1200,
            per: Per::Minute,
            what: String::new(),
        };
        assert_eq!(limit.in_prose(Lang::En), "1,200 requests a minute");
        assert_eq!(limit.in_prose(Lang::Zh), "每分钟 1,200 次请求");
    }

    #[test]
    fn a_header_that_is_not_a_header_name_or_a_version_without_its_number_is_a_problem() {
        let text = include_str!("../../../../content/developers.toml");
        let mut developers: Developers = toml::from_str(text).expect("developers.toml parses");
        developers.idempotency.header = "Idempotency Key".into();
        developers.versioning.current = "version-1".into();
        let problems = problems(&developers, &[]);
        let messages: Vec<&str> = problems.iter().map(|(_, m)| m.as_str()).collect();
        assert!(
            messages.contains(&"`header`: \"Idempotency Key\" is not a header name"),
            "{messages:?}"
        );
        assert!(
            messages.contains(&"`versioning.current`: \"version-1\" is not `v` and a number"),
            "{messages:?}"
        );
        assert!(
            messages.contains(
                &"`retention`: `idempotency-key-retention` is not a [[duration]] of site.toml"
            ),
            "{messages:?}"
        );
    }
}
