//! `[previous_builds]`: the files of earlier UI builds, kept on disk and served for a while
//! after an upgrade.

use anyhow::bail;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Config;

/// The longest `previous_builds.keep_hours` accepted: ten years.
const MAX_KEEP_HOURS: u64 = 87_600;
/// The most builds `previous_builds.keep_builds` may keep.
const MAX_KEEP_BUILDS: usize = 100;

/// `[previous_builds]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct PreviousBuildsConfig {
    /// Directory where each binary stores its UI build's immutable files (everything under
    /// `/_app/` but `latest.json`) after it starts, so that the binaries after it serve them to
    /// pages still open from before an upgrade; created with mode 0700 when missing, relative
    /// to the working directory. One per instance, never shared. Empty disables previous builds.
    /// Default `data/builds`. Env `CUSTODY_SITE_PREVIOUS_BUILDS_DIR`.
    pub dir: String,
    /// Hours the files of a previous build are served after this binary first found it in
    /// `dir` (its retirement); then they are deleted. `0` disables previous builds. Default
    /// `168` (a week). Env `CUSTODY_SITE_PREVIOUS_BUILDS_KEEP_HOURS`.
    pub keep_hours: u64,
    /// The most previous builds served and kept, the most recently retired first; older ones
    /// are deleted. From 1 to 100. Default `5`. Env `CUSTODY_SITE_PREVIOUS_BUILDS_KEEP_BUILDS`.
    pub keep_builds: usize,
}

impl Default for PreviousBuildsConfig {
    fn default() -> Self {
        Self {
            dir: "data/builds".into(),
            keep_hours: 168,
            keep_builds: 5,
        }
    }
}

impl Config {
    pub(super) fn validate_previous_builds(&self) -> anyhow::Result<()> {
        let builds = &self.previous_builds;
        if builds.keep_hours > MAX_KEEP_HOURS {
            bail!(
                "previous_builds.keep_hours must be at most {MAX_KEEP_HOURS} (ten years), not {}",
                builds.keep_hours
            );
        }
        if !(1..=MAX_KEEP_BUILDS).contains(&builds.keep_builds) {
            bail!(
                "previous_builds.keep_builds must be from 1 to {MAX_KEEP_BUILDS}, not {}",
                builds.keep_builds
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn previous_builds_limits_are_checked() {
        for (hours, builds, valid) in [
            (0, 1, true),
            (87_600, 100, true),
            (87_601, 5, false),
            (168, 0, false),
            (168, 101, false),
        ] {
            let config = Config {
                previous_builds: PreviousBuildsConfig {
                    keep_hours: hours,
                    keep_builds: builds,
                    ..PreviousBuildsConfig::default()
                },
                ..Config::default()
            };
            assert_eq!(
                config.validate().is_ok(),
                valid,
                "{hours} h, {builds} builds"
            );
        }
    }
}
