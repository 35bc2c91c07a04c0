//! Which previous builds are served and which are deleted: decisions over retirement times
//! alone, made at start-up and whenever a build's time is up.

/// A build found in the builds directory, other than the running one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The build id (the directory's name).
    pub id: String,
    /// When a binary first saw it as a previous build (Unix seconds); `None` when none has yet.
    pub retired_at: Option<u64>,
}

/// A build that is served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    /// The build id.
    pub id: String,
    /// Its retirement (Unix seconds).
    pub retired_at: u64,
    /// Whether its retirement still has to be recorded on disk.
    pub unrecorded: bool,
}

/// What to do with the builds found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// The builds to serve, the most recently retired first.
    pub keep: Vec<Kept>,
    /// The builds to delete: served for `keep_secs` already, or beyond the `keep_builds` most
    /// recently retired.
    pub delete: Vec<String>,
}

/// Decides, at `now`, which of `found` are served and which are deleted. A build without a
/// retirement, or with one in the future (a clock set back), is retired `now`.
pub fn plan(found: Vec<Found>, now: u64, keep_secs: u64, keep_builds: usize) -> Plan {
    let mut plan = Plan::default();
    let mut live = Vec::new();
    for build in found {
        let retired_at = build.retired_at.unwrap_or(now).min(now);
        if expired(retired_at, now, keep_secs) {
            plan.delete.push(build.id);
        } else {
            live.push(Kept {
                id: build.id,
                retired_at,
                unrecorded: build.retired_at.is_none_or(|at| at > now),
            });
        }
    }
    live.sort_by(|a, b| {
        b.retired_at
            .cmp(&a.retired_at)
            .then_with(|| a.id.cmp(&b.id))
    });
    let beyond = live.split_off(keep_builds.min(live.len()));
    plan.delete.extend(beyond.into_iter().map(|build| build.id));
    plan.keep = live;
    plan
}

/// Whether a build retired at `retired_at` is no longer served at `now`.
pub fn expired(retired_at: u64, now: u64, keep_secs: u64) -> bool {
    retired_at.saturating_add(keep_secs) <= now
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(id: &str, retired_at: Option<u64>) -> Found {
        Found {
            id: id.into(),
            retired_at,
        }
    }

    #[test]
    fn new_builds_are_retired_now_and_expired_ones_deleted() {
        let plan = plan(
            vec![
                found("old", Some(1_000)),
                found("new", None),
                found("recent", Some(9_000)),
            ],
            10_000,
            5_000,
            5,
        );
        assert_eq!(
            plan.keep,
            [
                Kept {
                    id: "new".into(),
                    retired_at: 10_000,
                    unrecorded: true
                },
                Kept {
                    id: "recent".into(),
                    retired_at: 9_000,
                    unrecorded: false
                },
            ]
        );
        assert_eq!(plan.delete, ["old"]);
    }

    #[test]
    fn only_the_most_recently_retired_are_kept() {
        let builds = (0..6)
            .map(|n| found(&format!("b{n}"), Some(100 + n)))
            .collect();
        let plan = plan(builds, 200, 1_000, 2);
        let kept: Vec<_> = plan.keep.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(kept, ["b5", "b4"]);
        assert_eq!(plan.delete, ["b3", "b2", "b1", "b0"]);
    }

    #[test]
    fn a_retirement_in_the_future_counts_from_now() {
        let plan = plan(vec![found("skewed", Some(u64::MAX))], 50, 10, 1);
        assert_eq!(plan.keep[0].retired_at, 50);
        assert!(plan.keep[0].unrecorded, "the mark is written again");
        assert!(expired(50, 60, 10));
        assert!(!expired(50, 59, 10));
        assert!(!expired(u64::MAX, 0, u64::MAX));
    }
}
