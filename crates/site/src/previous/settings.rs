//! Previous builds as configured: the `[previous_builds]` section of the configuration file
//! (each key documented with its default beside it; the binary's `src/config/` composes it into
//! the whole configuration), and the settings in force when they are on.

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use custody_config_values::defaults::{count, default_from_serde, int};
use custody_config_values::text_value::optional;

/// `[previous_builds]`
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PreviousBuildsConfig {
    /// Directory where each binary stores its UI build's immutable files (everything under
    /// `/_app/` but `latest.json`) after it starts, so that the binaries after it serve them to
    /// pages still open from before an upgrade; created with mode 0700 when missing, relative
    /// to the working directory. One per instance, never shared. Empty disables previous builds.
    /// Env `CUSTODY_SITE_PREVIOUS_BUILDS_DIR`.
    #[serde(default = "default_builds_dir", with = "optional")]
    #[schemars(with = "String")]
    pub dir: Option<PathBuf>,
    /// Hours the files of a previous build are served after this binary first found it in
    /// `dir` (its retirement); then they are deleted. `0` disables previous builds; at most
    /// 87600 (ten years). Env `CUSTODY_SITE_PREVIOUS_BUILDS_KEEP_HOURS`.
    #[serde(default = "int::<168>")]
    pub keep_hours: u64,
    /// The most previous builds served and kept, the most recently retired first; older ones
    /// are deleted. From 1 to 100. Env `CUSTODY_SITE_PREVIOUS_BUILDS_KEEP_BUILDS`.
    #[serde(default = "count::<5>")]
    pub keep_builds: usize,
}

fn default_builds_dir() -> Option<PathBuf> {
    Some("data/builds".into())
}

default_from_serde!(PreviousBuildsConfig);

/// The settings in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The builds directory.
    pub dir: PathBuf,
    /// Seconds a build is served after its retirement.
    pub keep_secs: u64,
    /// The most previous builds kept.
    pub keep_builds: usize,
}

impl Settings {
    /// The settings of `config`; `None` when previous builds are off (an empty `dir`, or
    /// `keep_hours = 0`).
    pub fn of(config: &PreviousBuildsConfig) -> Option<Self> {
        let dir = config.dir.as_ref().filter(|_| config.keep_hours > 0)?;
        Some(Self {
            dir: dir.clone(),
            keep_secs: config.keep_hours.saturating_mul(3600),
            keep_builds: config.keep_builds,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_dir_or_no_hours_turns_previous_builds_off() {
        assert_eq!(
            Settings::of(&PreviousBuildsConfig::default()),
            Some(Settings {
                dir: PathBuf::from("data/builds"),
                keep_secs: 168 * 3600,
                keep_builds: 5,
            })
        );
        let no_dir = PreviousBuildsConfig {
            dir: None,
            ..PreviousBuildsConfig::default()
        };
        assert_eq!(Settings::of(&no_dir), None);
        let no_hours = PreviousBuildsConfig {
            keep_hours: 0,
            ..PreviousBuildsConfig::default()
        };
        assert_eq!(Settings::of(&no_hours), None);
    }
}
