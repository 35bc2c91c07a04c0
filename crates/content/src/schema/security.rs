//! The security contact's policy (`site.toml` `[security]`): the page section that says how
//! vulnerability reports are handled. `/.well-known/security.txt` is made from it and the address
//! of the vulnerability-report channel of `channels.toml`; the only e-mail links copy may write
//! (`[text](mailto:…)`) name a channel's address, as a token.

use serde::{Deserialize, Serialize};

/// `[security]` of `site.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecurityContact {
    /// The unprefixed path and anchor of the page section on reporting (security.txt's `Policy`),
    /// e.g. `/trust-center#report-a-security-issue`.
    pub policy: String,
}

/// How copy opens an e-mail link: `[text](mailto:address)`.
pub const MAILTO_LINK: &str = "](mailto:";
