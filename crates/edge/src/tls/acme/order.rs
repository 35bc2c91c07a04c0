//! One certificate order (RFC 8555 §7.4): every domain authorized through the configured
//! challenge, the order finalized with a new key, the chain downloaded.

use std::time::Duration;

use anyhow::Context;
use instant_acme::{
    Account, AuthorizationStatus, ChallengeType, Identifier, NewOrder, OrderStatus, Problem,
    RetryPolicy,
};

use super::challenge::Responder;

/// How long the certificate authority may take to validate and to issue.
const POLL: RetryPolicy = RetryPolicy::new()
    .initial_delay(Duration::from_millis(250))
    .backoff(1.5)
    .timeout(Duration::from_secs(120));

/// A new certificate: its private key and its chain, both PEM.
#[derive(Debug)]
pub struct Issued {
    /// The private key (PKCS#8).
    pub key_pem: String,
    /// The chain, end-entity certificate first.
    pub chain_pem: String,
}

/// An order that failed, with the certificate authority's problem document when it sent one.
#[derive(Debug)]
pub struct OrderFailure {
    /// What went wrong.
    pub error: anyhow::Error,
    /// The problem document (RFC 7807), as JSON.
    pub problem: Option<String>,
}

impl<E: Into<anyhow::Error>> From<E> for OrderFailure {
    fn from(error: E) -> Self {
        let error = error.into();
        let problem =
            error
                .chain()
                .find_map(|cause| match cause.downcast_ref::<instant_acme::Error>() {
                    Some(instant_acme::Error::Api(problem)) => Some(problem_json(problem)),
                    _ => cause.downcast_ref::<Problem>().map(problem_json),
                });
        Self { error, problem }
    }
}

/// Orders a certificate for `domains`, answering each validation through `responder`.
pub async fn order_certificate(
    account: &Account,
    domains: &[String],
    responder: &Responder,
) -> Result<Issued, OrderFailure> {
    let identifiers: Vec<Identifier> = domains.iter().cloned().map(Identifier::Dns).collect();
    let mut order = account
        .new_order(&NewOrder::new(&identifiers))
        .await
        .context("cannot create an order")?;
    let challenge_type = match responder {
        Responder::TlsAlpn(_) => ChallengeType::TlsAlpn01,
        Responder::Http(_) => ChallengeType::Http01,
    };
    let mut published = Vec::new();
    let mut authorizations = order.authorizations();
    while let Some(authorization) = authorizations.next().await {
        let mut authorization = authorization.context("cannot read an authorization")?;
        match authorization.status {
            AuthorizationStatus::Pending => {}
            AuthorizationStatus::Valid => continue,
            status => {
                return Err(anyhow::anyhow!("an authorization is {status:?}, not pending").into());
            }
        }
        let mut challenge = authorization
            .challenge(challenge_type.clone())
            .with_context(|| {
                format!("the certificate authority offers no {challenge_type:?} challenge")
            })?;
        let domain = challenge.identifier().to_string();
        let token = challenge.token.clone();
        published.push(responder.publish(&domain, &token, &challenge.key_authorization())?);
        challenge
            .set_ready()
            .await
            .with_context(|| format!("the {challenge_type:?} challenge of {domain} was refused"))?;
    }
    let status = order
        .poll_ready(&POLL)
        .await
        .context("the domains were not validated")?;
    if status != OrderStatus::Ready {
        let problems = challenge_problems(&mut order).await;
        return Err(OrderFailure {
            error: anyhow::anyhow!("the order is {status:?}: a validation failed"),
            problem: problems,
        });
    }
    drop(published);
    let key_pem = order
        .finalize()
        .await
        .context("cannot finalize the order")?;
    let chain_pem = order
        .poll_certificate(&POLL)
        .await
        .context("the certificate was not issued")?;
    Ok(Issued { key_pem, chain_pem })
}

/// The problem documents of the failed challenges of `order`, as one JSON array.
async fn challenge_problems(order: &mut instant_acme::Order) -> Option<String> {
    let mut problems = Vec::new();
    let mut authorizations = order.authorizations();
    while let Some(Ok(authorization)) = authorizations.next().await {
        for challenge in &authorization.challenges {
            if let Some(problem) = &challenge.error {
                problems.push(problem_json(problem));
            }
        }
    }
    (!problems.is_empty()).then(|| format!("[{}]", problems.join(",")))
}

/// A problem document as JSON: type, detail, status and subproblems.
fn problem_json(problem: &Problem) -> String {
    let subproblems: Vec<serde_json::Value> = problem
        .subproblems
        .iter()
        .map(|sub| {
            serde_json::json!({
                "identifier": sub.identifier.as_ref().map(|id| id.authorized(false).to_string()),
                "type": sub.r#type,
                "detail": sub.detail,
            })
        })
        .collect();
    serde_json::json!({
        "type": problem.r#type,
        "detail": problem.detail,
        "status": problem.status,
        "subproblems": subproblems,
    })
    .to_string()
}
