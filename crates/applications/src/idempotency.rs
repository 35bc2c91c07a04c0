//! The idempotency keys of the last 24 hours, each with the receipt of the application first
//! stored under it: a repeated key is answered with that receipt, and the receipt can be found
//! again by its application's id (the confirmation page of a form posted without scripts). Rebuilt
//! at start-up from the log and its archives written in that time; expired keys are dropped as
//! applications arrive.

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use jiff::Timestamp;

use super::archives;
use super::log_file::Lines;
use super::record::{Receipt, Record};

/// How long an idempotency key is remembered.
pub(crate) const WINDOW: Duration = Duration::from_secs(24 * 60 * 60);

/// Keys and the receipts they repeat.
#[derive(Debug)]
pub struct RecentKeys {
    keys: HashMap<String, (Receipt, Timestamp)>,
    /// The key of each application id in `keys`.
    ids: HashMap<String, String>,
    /// When expired keys were last dropped.
    pruned_at: Timestamp,
}

impl Default for RecentKeys {
    fn default() -> Self {
        Self {
            keys: HashMap::new(),
            ids: HashMap::new(),
            pruned_at: Timestamp::now(),
        }
    }
}

impl RecentKeys {
    /// The oldest time a record's key is still remembered from.
    pub fn horizon() -> Timestamp {
        Timestamp::now() - WINDOW
    }

    /// The receipt to repeat for `key` at `now`, when it was stored within the window.
    pub fn replay(&self, key: &str, now: Timestamp) -> Option<Receipt> {
        self.keys
            .get(key)
            .filter(|(_, at)| now.duration_since(*at).unsigned_abs() < WINDOW)
            .map(|(receipt, _)| receipt.clone())
    }

    /// The receipt of the application `id`, when it was stored within the window under a key.
    pub fn receipt_of(&self, id: &str, now: Timestamp) -> Option<Receipt> {
        self.replay(self.ids.get(id)?, now)
            .filter(|receipt| receipt.id == id)
    }

    /// Keeps `key` of an application stored at `at` with `receipt`, to be repeated as a replay.
    pub fn keep(&mut self, key: String, receipt: &Receipt, at: Timestamp) {
        let replayed = Receipt {
            replayed: true,
            ..receipt.clone()
        };
        self.insert(key, replayed, at);
    }

    fn insert(&mut self, key: String, receipt: Receipt, at: Timestamp) {
        self.ids.insert(receipt.id.clone(), key.clone());
        self.keys.insert(key, (receipt, at));
    }

    /// Forgets `key`, whose application could not be written after all.
    pub fn forget(&mut self, key: &str) {
        if let Some((receipt, _)) = self.keys.remove(key) {
            self.ids.remove(&receipt.id);
        }
    }

    /// Remembers the idempotency key of `record` when it was received after `horizon`.
    pub fn remember(&mut self, record: Record, horizon: Timestamp) {
        let at = record.received_at.parse::<Timestamp>().ok();
        if let (Some(key), Some(at)) = (record.draft.idempotency_key, at)
            && at > horizon
        {
            let receipt = Receipt {
                id: record.id,
                received_at: record.received_at,
                replayed: true,
            };
            self.insert(key, receipt, at);
        }
    }

    /// Remembers the idempotency keys of the archives of `log` written within the window,
    /// oldest first (the live log, read next, comes after them).
    pub fn remember_archived(&mut self, log: &Path) {
        let horizon = Self::horizon();
        let archives = match archives::list(log) {
            Ok(archives) => archives,
            Err(error) => {
                tracing::warn!(path = %log.display(), %error, "cannot list the archives of the contact log; their idempotency keys are not remembered");
                return;
            }
        };
        let recent = archives
            .into_iter()
            .filter(|archive| Timestamp::try_from(archive.modified).is_ok_and(|at| at > horizon));
        for archive in recent {
            let lines = match Lines::open(&archive.path, 0) {
                Ok(lines) => lines,
                Err(error) => {
                    tracing::warn!(path = %archive.path.display(), %error, "cannot read an archive of the contact log; its idempotency keys are not remembered");
                    continue;
                }
            };
            for record in lines
                .map_while(Result::ok)
                .filter_map(|line| line.record.ok())
            {
                self.remember(record, horizon);
            }
        }
    }

    /// Drops expired idempotency keys, at most once a minute.
    pub fn forget_expired(&mut self, now: Timestamp) {
        if now.duration_since(self.pruned_at).unsigned_abs() >= Duration::from_secs(60) {
            self.pruned_at = now;
            self.keys
                .retain(|_, (_, at)| now.duration_since(*at).unsigned_abs() < WINDOW);
            let keys = &self.keys;
            self.ids.retain(|_, key| keys.contains_key(key));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn receipt(id: &str) -> Receipt {
        Receipt {
            id: id.into(),
            received_at: "2026-01-01T00:00:00.000Z".into(),
            replayed: false,
        }
    }

    #[test]
    fn a_receipt_is_found_by_its_id_while_its_key_is_remembered() {
        let mut keys = RecentKeys::default();
        let now = Timestamp::now();
        keys.keep("k1".into(), &receipt("a"), now);
        keys.keep("k2".into(), &receipt("b"), now);
        let found = keys.receipt_of("a", now).expect("kept");
        assert_eq!((found.id.as_str(), found.replayed), ("a", true));
        assert_eq!(keys.receipt_of("c", now), None);
        keys.forget("k1");
        assert_eq!(keys.receipt_of("a", now), None);
        let later = now + WINDOW + Duration::from_secs(61);
        assert_eq!(keys.receipt_of("b", later), None, "past the window");
        keys.forget_expired(later);
        assert!(keys.ids.is_empty() && keys.keys.is_empty());
    }
}
