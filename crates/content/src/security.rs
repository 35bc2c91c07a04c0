//! The security contact of `site.toml` (`[security]`): where vulnerability reports go and the page
//! that says how they are handled. `/.well-known/security.txt` is made from it, and the only
//! e-mail links copy may write (`[text](mailto:…)`) must name its address.

use serde::{Deserialize, Serialize};

/// `[security]` of `site.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecurityContact {
    /// The address vulnerability reports are sent to (security.txt's `Contact`).
    pub email: String,
    /// The unprefixed path and anchor of the page section on reporting (security.txt's `Policy`),
    /// e.g. `/trust-center#report-a-security-issue`.
    pub policy: String,
}

/// How copy opens an e-mail link: `[text](mailto:address)`.
pub const MAILTO_LINK: &str = "](mailto:";
