//! The figures behind the metrics `custody_site_contact_log_applications` and
//! `custody_site_webhook_pending_applications`, kept true across rotations: the store counts
//! what it appends to the live log, the webhook worker what it delivers, and a rotation moves the
//! live log's undelivered applications to the archived backlog. One lock, owned by the store
//! and shared with the webhook worker of the same log, orders the three.

use std::sync::{Arc, Mutex, MutexGuard};

use super::cursor::Counts;
use custody_metrics::{gauge_value, metrics};

/// Applications in the live log, and those not yet delivered.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Backlog {
    /// Applications in the live log.
    live_records: u64,
    /// Applications of the live log already delivered.
    live_delivered: u64,
    /// Applications in archives not yet delivered.
    archived_pending: u64,
    /// Whether the webhook worker reads the live log (else an archive).
    reading_live_log: bool,
    /// Whether a webhook delivers (without one nothing is pending).
    delivering: bool,
}

/// The backlog of one applications log, shared by its store and its webhook worker (clones
/// share the same lock).
#[derive(Debug, Clone, Default)]
pub struct SharedBacklog(Arc<Mutex<Backlog>>);

impl SharedBacklog {
    /// The backlog, locked. Rotating the log, and the worker's start and moves from file to
    /// file, hold this lock while they touch the files, so that the files and the figures agree.
    pub fn lock(&self) -> MutexGuard<'_, Backlog> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Backlog {
    /// The store read back the live log and found `records` applications.
    pub fn read_back(&mut self, records: u64) {
        self.live_records = records;
        self.publish();
    }

    /// The store appended `count` applications to the live log.
    pub fn appended(&mut self, count: u64) {
        self.live_records += count;
        self.publish();
    }

    /// The store archived the live log and started an empty one.
    pub fn rotated(&mut self) {
        let undelivered = if self.reading_live_log {
            self.live_records.saturating_sub(self.live_delivered)
        } else {
            self.live_records
        };
        self.archived_pending += undelivered;
        self.live_records = 0;
        self.live_delivered = 0;
        self.reading_live_log = false;
        self.publish();
    }

    /// The webhook worker starts, in the live log or in an archive, with `counts` around it.
    pub fn resumed(&mut self, in_live_log: bool, counts: Counts) {
        self.delivering = true;
        self.reading_live_log = in_live_log;
        if in_live_log {
            self.live_delivered = counts.before;
            self.archived_pending = 0;
        } else {
            self.live_delivered = 0;
            self.archived_pending = counts.after + counts.later_archives;
        }
        self.publish();
    }

    /// The webhook worker moved to the start of the next file, the live log or an archive.
    pub fn moved(&mut self, to_live_log: bool) {
        self.reading_live_log = to_live_log;
        if to_live_log {
            self.live_delivered = 0;
            self.archived_pending = 0;
            self.publish();
        }
    }

    /// The webhook worker delivered one application.
    pub fn delivered(&mut self) {
        if self.reading_live_log {
            self.live_delivered += 1;
        } else {
            self.archived_pending = self.archived_pending.saturating_sub(1);
        }
        self.publish();
    }

    /// The webhook worker reads its file again from the beginning.
    pub fn restarted(&mut self) {
        if self.reading_live_log {
            self.live_delivered = 0;
            self.publish();
        }
    }

    /// Applications not yet delivered; 0 without a webhook.
    pub fn pending(&self) -> u64 {
        if !self.delivering {
            return 0;
        }
        self.live_records.saturating_sub(self.live_delivered) + self.archived_pending
    }

    fn publish(&self) {
        let metrics = metrics();
        metrics.log_applications.set(gauge_value(self.live_records));
        metrics.webhook_pending.set(gauge_value(self.pending()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undelivered_applications_stay_pending_across_rotations() {
        let mut backlog = Backlog::default();
        backlog.read_back(5);
        assert_eq!(backlog.pending(), 0, "nothing is pending without a webhook");
        let counts = Counts {
            before: 2,
            after: 3,
            later_archives: 0,
        };
        backlog.resumed(true, counts);
        assert_eq!(backlog.pending(), 3);
        backlog.rotated();
        backlog.appended(2);
        assert_eq!(backlog.pending(), 5, "three archived, two live");
        backlog.rotated();
        backlog.appended(1);
        assert_eq!(backlog.pending(), 6);
        for _ in 0..3 {
            backlog.delivered();
        }
        backlog.moved(false);
        backlog.delivered();
        assert_eq!(backlog.pending(), 2);
        backlog.delivered();
        backlog.moved(true);
        assert_eq!(backlog.pending(), 1);
        backlog.delivered();
        assert_eq!((backlog.pending(), backlog.live_records), (0, 1));
    }

    #[test]
    fn a_worker_resuming_in_an_archive_counts_it_and_the_later_ones() {
        let mut backlog = Backlog::default();
        backlog.read_back(4);
        let counts = Counts {
            before: 7,
            after: 2,
            later_archives: 3,
        };
        backlog.resumed(false, counts);
        assert_eq!(backlog.pending(), 2 + 3 + 4);
    }
}
