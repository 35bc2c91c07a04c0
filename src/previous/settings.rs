//! Previous builds as configured (`[previous_builds]` in `src/config/types.rs`), when they are on.

use std::path::PathBuf;

use crate::config::PreviousBuildsConfig;

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
