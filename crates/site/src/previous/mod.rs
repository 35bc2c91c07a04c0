//! Previous builds: the files of the UI builds that ran before this binary, served for a while
//! after an upgrade so that a page left open never meets a 404 for its own code. Share cards are
//! not kept: no page loads its own card, and a card's URL changes only with its picture.
//!
//! At start-up [`PreviousBuilds::open`] lists the builds directory, retires the builds it sees
//! for the first time and loads the indexes of those still served (paths and headers; bodies stay
//! on disk). Once the server answers, [`PreviousBuilds::keep_up`] stores the running build's own
//! files for the binaries after it, records the retirements, deletes what is past its time, and
//! later drops each build when its time is up. The HTTP layer asks [`PreviousBuilds::find`] only
//! about requests no fixed answer took (`crates/site/src/http/previous.rs`).

mod disk;
mod index;
mod retention;
mod settings;
mod stored;

use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant, SystemTime};

pub(crate) use index::PREFIX;
pub use settings::PreviousBuildsConfig;
use settings::Settings;
pub(crate) use stored::StoredFile;

use crate::render::served_site::ServedSite;
use crate::tables::FixedMap;
use custody_metrics::{gauge_value, metrics};
use disk::{Stored, unix_now};
use retention::{Found, Kept};

/// The longest the expiry task sleeps before it looks at the clock again.
const MAX_SLEEP: Duration = Duration::from_secs(3600);

/// The previous builds this binary serves; cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct PreviousBuilds(Arc<Shared>);

#[derive(Debug, Default)]
struct Shared {
    /// `None` when previous builds are off.
    settings: Option<Settings>,
    /// The running build's id.
    own: String,
    served: RwLock<Arc<Served>>,
    /// What start-up decided and [`PreviousBuilds::keep_up`] writes to disk.
    chores: Mutex<Chores>,
}

/// The builds served now, and their files by URL path.
#[derive(Debug, Default)]
struct Served {
    builds: Vec<Kept>,
    by_path: FixedMap<Box<str>, Arc<StoredFile>>,
}

#[derive(Debug, Default)]
struct Chores {
    /// Builds seen for the first time, with their retirement.
    retire: Vec<(String, u64)>,
    /// Builds past their time, or beyond the most kept.
    delete: Vec<String>,
}

impl PreviousBuilds {
    /// No previous builds: the live preview, and routers built without a builds directory.
    pub fn none() -> Self {
        Self::default()
    }

    /// Reads the builds directory of `config` (blocking; a few small files): the builds other
    /// than `own` still within their time are served from now on.
    pub fn open(config: &PreviousBuildsConfig, own: &str) -> Self {
        let Some(settings) = Settings::of(config) else {
            return Self::none();
        };
        let dirs = disk::build_dirs(&settings.dir).unwrap_or_else(|error| {
            tracing::warn!(dir = %settings.dir.display(), %error, "previous builds: cannot list the builds directory");
            Vec::new()
        });
        let found = dirs
            .into_iter()
            .filter(|(id, _)| id != own)
            .map(|(id, path)| Found {
                retired_at: disk::retirement(&path),
                id,
            })
            .collect();
        let plan = retention::plan(found, unix_now(), settings.keep_secs, settings.keep_builds);
        let mut served = Served::default();
        let mut chores = Chores {
            delete: plan.delete,
            ..Chores::default()
        };
        for build in plan.keep {
            if build.unrecorded {
                chores.retire.push((build.id.clone(), build.retired_at));
            }
            match stored::load(&settings.dir.join(&build.id), &build.id) {
                Ok(files) => {
                    for (path, file) in files {
                        served
                            .by_path
                            .entry(path.into())
                            .or_insert_with(|| Arc::new(file));
                    }
                    served.builds.push(build);
                }
                Err(error) => tracing::warn!(
                    build = %build.id, error = format!("{error:#}"),
                    "previous builds: not serving a build whose files cannot be read"
                ),
            }
        }
        metrics()
            .previous_builds
            .set(gauge_value(served.builds.len() as u64));
        Self(Arc::new(Shared {
            settings: Some(settings),
            own: own.to_owned(),
            served: RwLock::new(Arc::new(served)),
            chores: Mutex::new(chores),
        }))
    }

    /// The file of a previous build at `path`, if one is served.
    pub fn find(&self, path: &str) -> Option<Arc<StoredFile>> {
        self.served().by_path.get(path).cloned()
    }

    /// How many previous builds are served.
    pub fn count(&self) -> usize {
        self.served().builds.len()
    }

    fn served(&self) -> Arc<Served> {
        self.0
            .served
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Starts the task that stores `site`'s own files in the builds directory (off the path to
    /// the first answer), carries out what start-up decided, and then drops each previous build
    /// when its time is up. Logs one line once the files are stored; the receiver completes then
    /// (at once when previous builds are off), so readiness can wait for it: a process this one
    /// replaces in an upgrade loads them before it drains.
    pub fn keep_up(&self, site: Arc<ServedSite>) -> tokio::sync::oneshot::Receiver<()> {
        let (stored, settled) = tokio::sync::oneshot::channel();
        if self.0.settings.is_none() {
            tracing::info!("previous builds: off");
            let _ = stored.send(());
            return settled;
        }
        let this = self.clone();
        tokio::spawn(async move {
            let chores = this.clone();
            if let Err(error) = tokio::task::spawn_blocking(move || chores.settle(&site)).await {
                tracing::error!(%error, "previous builds: storing this build's files failed");
            }
            let _ = stored.send(());
            this.expire().await;
        });
        settled
    }

    /// Also serves the files of the builds stored in the directory since start-up that are not
    /// served yet (blocking; a few small files), without retiring them: the build of the process
    /// this one hands over to, so that a request for it that reaches this one while it drains (a
    /// kept-alive connection of a proxy, say) is answered.
    pub fn serve_newer(&self) {
        let Some(settings) = &self.0.settings else {
            return;
        };
        let current = self.served();
        let known: Vec<&str> = current
            .builds
            .iter()
            .map(|build| build.id.as_str())
            .collect();
        let Ok(dirs) = disk::build_dirs(&settings.dir) else {
            return;
        };
        let mut by_path = current.by_path.clone();
        let mut added = Vec::new();
        for (id, path) in dirs {
            if id == self.0.own || known.contains(&id.as_str()) {
                continue;
            }
            if let Ok(files) = stored::load(&path, &id) {
                for (path, file) in files {
                    by_path.entry(path.into()).or_insert_with(|| Arc::new(file));
                }
                added.push(id);
            }
        }
        if added.is_empty() {
            return;
        }
        tracing::info!(builds = ?added, "previous builds: serving the newer build's files while this process drains");
        *self
            .0
            .served
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Arc::new(Served {
            builds: current.builds.clone(),
            by_path,
        });
    }

    /// Stores the running build, records retirements and deletes what start-up decided.
    fn settle(&self, site: &ServedSite) {
        let Some(settings) = &self.0.settings else {
            return;
        };
        let started = Instant::now();
        let packed = index::pack(site.files(), site.build());
        let stored = disk::store(&settings.dir, &packed)
            .and_then(|stored| disk::unretire(&settings.dir.join(&self.0.own)).map(|()| stored));
        let stored_ms = started.elapsed().as_millis() as u64;
        let chores =
            std::mem::take(&mut *self.0.chores.lock().unwrap_or_else(PoisonError::into_inner));
        for (id, at) in &chores.retire {
            if let Err(error) = disk::retire(&settings.dir.join(id), *at) {
                tracing::warn!(build = %id, %error, "previous builds: cannot record a retirement");
            }
        }
        let deleted = self.delete(&chores.delete) + disk::remove_stale(&settings.dir);
        match stored {
            Ok(stored) => tracing::info!(
                build = %self.0.own,
                stored = if stored == Stored::Written { "written" } else { "already there" },
                files = packed.index.files.len(),
                bytes = packed.bytes(),
                elapsed_ms = stored_ms,
                previous_builds = self.count(),
                retired = chores.retire.len(),
                deleted,
                dir = %settings.dir.display(),
                "previous builds: this build's files are stored"
            ),
            Err(error) => tracing::warn!(
                build = %self.0.own, dir = %settings.dir.display(), %error,
                "previous builds: cannot store this build's files, so the binary after this one cannot serve them"
            ),
        }
    }

    /// Deletes the builds `ids` from disk; how many were deleted.
    fn delete(&self, ids: &[String]) -> usize {
        let Some(settings) = &self.0.settings else {
            return 0;
        };
        ids.iter()
            .filter(|id| match disk::delete(&settings.dir.join(id)) {
                Ok(()) => true,
                Err(error) => {
                    tracing::warn!(build = %id, %error, "previous builds: cannot delete a build");
                    false
                }
            })
            .count()
    }

    /// Drops each served build when its time is up, and deletes it.
    async fn expire(&self) {
        let Some(keep_secs) = self.0.settings.as_ref().map(|s| s.keep_secs) else {
            return;
        };
        loop {
            let served = self.served();
            let Some(next) = served
                .builds
                .iter()
                .map(|build| build.retired_at.saturating_add(keep_secs))
                .min()
            else {
                return;
            };
            let at = SystemTime::UNIX_EPOCH + Duration::from_secs(next);
            let wait = at.duration_since(SystemTime::now()).unwrap_or_default();
            tokio::time::sleep(wait.min(MAX_SLEEP)).await;
            let expired = self.drop_expired(unix_now(), keep_secs);
            if expired.is_empty() {
                continue;
            }
            let this = self.clone();
            let ids = expired.clone();
            let deleted = tokio::task::spawn_blocking(move || this.delete(&ids))
                .await
                .unwrap_or_default();
            tracing::info!(builds = ?expired, deleted, previous_builds = self.count(),
                "previous builds: their time is up; no longer served");
        }
    }

    /// Stops serving the builds whose time is up at `now`; their ids.
    fn drop_expired(&self, now: u64, keep_secs: u64) -> Vec<String> {
        let mut served = self
            .0
            .served
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        let (expired, kept): (Vec<Kept>, Vec<Kept>) = served
            .builds
            .iter()
            .cloned()
            .partition(|build| retention::expired(build.retired_at, now, keep_secs));
        if expired.is_empty() {
            return Vec::new();
        }
        let by_path = served
            .by_path
            .iter()
            .filter(|(_, file)| !expired.iter().any(|build| *build.id == *file.build))
            .map(|(path, file)| (path.clone(), file.clone()))
            .collect();
        metrics()
            .previous_builds
            .set(gauge_value(kept.len() as u64));
        *served = Arc::new(Served {
            builds: kept,
            by_path,
        });
        expired.into_iter().map(|build| build.id).collect()
    }
}

#[cfg(test)]
mod tests;
