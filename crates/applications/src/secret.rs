//! A secret configuration value (the webhook's signing secret) that never reaches a log.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A configuration value that must never appear in logs: `Debug` prints `[redacted]`.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    /// The secret itself, for the one place that uses it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether no secret is set.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_empty() {
            "[unset]"
        } else {
            "[redacted]"
        })
    }
}
