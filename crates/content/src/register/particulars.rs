//! What the register says each staking, insurance and API token states, where no data file says
//! it in words.

/// What a staking token states.
pub fn staking_about(field: &str) -> &'static str {
    match field {
        "operator" => "who runs the validators",
        "operator-role" => "whether the validator operator is under contract or the entity itself",
        "assets" => "the assets the entity stakes, each on its network",
        "at-address" => "the staked assets that stay at the client's segregated addresses",
        "in-protocol" => "the staked assets held in their network's staking mechanism",
        "commission" => "the commission the entity keeps from the rewards",
        "unbonding" => "how long each staked asset takes to return after an instruction to unstake",
        "held" => "what the client holds while its assets are staked, and on what basis",
        _ => "who bears a slashing penalty a validator's fault causes",
    }
}

/// What an insurance token states.
pub fn insurance_about(token: &str) -> String {
    let what = match token.trim_start_matches("insurance.") {
        "holder" => "The entity that holds the policy",
        "insured" => "The entities the policy names as additional insureds",
        "limit-shared" => "Whether the clients of the insured entities share the aggregate limit",
        "broker" => "The broker who arranged the policy",
        "underwriter" => "The insurer who underwrites the policy",
        "rating" => "The underwriter's financial-strength rating",
        "rating-agency" => "The agency that rates the underwriter",
        "deductible" => "The part of each claim the policy does not pay",
        "deductible-borne" => "Who bears the deductible",
        "period-start" => "The first day of the current policy period",
        "period-end" => "The last day of the current policy period",
        "allocation" => "How a limit that accepted losses exceed is divided among affected clients",
        "exclusions" => "What the policy does not cover",
        other => {
            let wallet = other.trim_start_matches("sublimit.");
            return format!("The policy's sublimit for losses from {wallet} wallets");
        }
    };
    what.to_owned()
}

/// What an API token that is not a host or a rate limit states.
pub fn api_about(token: &str) -> &'static str {
    match token {
        "api.signature" => "The signature algorithm of an API key pair",
        "api.webhook.signature" => "The signature algorithm of webhook notifications",
        "api.header.key" => "The request header that names the API key",
        "api.header.timestamp" => "The request header that carries the time of signing",
        "api.header.signature" => "The request header that carries the request's signature",
        "api.webhook.header" => "The header that carries a webhook notification's signature",
        "api.idempotency.header" => {
            "The request header that carries an instruction's idempotency key"
        }
        "api.version" => "The current version of the API, the first segment of every path",
        _ => "The most deposit addresses one batch request creates",
    }
}
