//! The durable store of applications. One writer thread owns the log file: requests hand it
//! their record and wait; it appends every record waiting at that moment, fsyncs once (group
//! commit) and only then answers each, so an acknowledged application is always on disk.
//!
//! The writer also keeps the idempotency keys of the last 24 hours (`idempotency.rs`),
//! rebuilt at start-up from the log and its recent archives: a repeated key is answered with the
//! first record's receipt and nothing is written. The store's handles find a receipt of those 24
//! hours by its application's id ([`Store::recent_receipt`]). It also rotates the log when asked, between two
//! batches, so applications arriving meanwhile wait in the queue.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use jiff::Timestamp;
use rustix::fs::FallocateFlags;
use tokio::sync::{Notify, mpsc, oneshot};
use uuid::Uuid;

use super::backlog::SharedBacklog;
use super::idempotency::RecentKeys;
use super::log_file::{Lines, open_for_append};
use super::record::{Draft, Receipt, Record};
use super::rotation;
use custody_metrics::metrics;

/// Most applications written with one fsync.
const MAX_BATCH: usize = 1024;
/// Applications that may wait for the writer before senders wait for room.
const QUEUE: usize = 8192;

/// The application could not be stored; the error is logged by the writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unavailable;

struct Job {
    draft: Draft,
    reply: oneshot::Sender<Result<Receipt, Unavailable>>,
}

/// What the writer thread is asked to do.
enum Message {
    /// Store an application.
    Append(Box<Job>),
    /// Say whether the log can be written now (reopening it if it was lost).
    Probe(oneshot::Sender<bool>),
    /// Archive the log and start an empty one; answer with the archive's path.
    Rotate(oneshot::Sender<Result<PathBuf, Unavailable>>),
}

/// Handle to the writer thread; cheap to share.
#[derive(Debug, Clone)]
pub struct Store {
    messages: mpsc::Sender<Message>,
    activity: LogActivity,
    writable: Arc<AtomicBool>,
    keys: SharedKeys,
}

/// The idempotency keys of the last 24 hours, which the writer keeps and the handles read.
#[derive(Debug, Clone, Default)]
struct SharedKeys(Arc<Mutex<RecentKeys>>);

impl SharedKeys {
    /// The keys; a writer that panicked holding them left them as they were.
    fn lock(&self) -> MutexGuard<'_, RecentKeys> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// What a webhook worker shares with the store of the log it delivers: the wake-up after every
/// append and rotation, and the backlog whose lock orders the store's and the worker's file
/// moves.
#[derive(Debug, Clone)]
pub struct LogActivity {
    /// Woken after every append and rotation.
    pub appended: Arc<Notify>,
    /// The log's backlog figures and the lock around file moves.
    pub backlog: SharedBacklog,
}

impl std::fmt::Debug for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Message::Append(_) => "Append",
            Message::Probe(_) => "Probe",
            Message::Rotate(_) => "Rotate",
        })
    }
}

impl Store {
    /// Starts the writer for the log at `path`. It first recovers the log (skipping a torn last
    /// line, rebuilding the idempotency keys); applications sent meanwhile wait for it. A log
    /// that cannot be opened is retried with every application, each refused until it opens.
    pub fn open(path: &Path, group_commit: bool) -> Store {
        let (messages, receiver) = mpsc::channel(QUEUE);
        let activity = LogActivity {
            appended: Arc::new(Notify::new()),
            backlog: SharedBacklog::default(),
        };
        let writable = Arc::new(AtomicBool::new(false));
        let keys = SharedKeys::default();
        let mut writer = Writer {
            path: path.to_path_buf(),
            file: None,
            good_len: 0,
            needs_newline: false,
            keys: keys.clone(),
            activity: activity.clone(),
            writable: writable.clone(),
        };
        std::thread::Builder::new()
            .name("contact-store".into())
            .spawn(move || {
                writer.keys.lock().remember_archived(&writer.path);
                if let Err(error) = writer.reopen() {
                    tracing::error!(path = %writer.path.display(), %error, "cannot open the contact applications log; applications are refused until it opens");
                }
                super::phone::load_metadata();
                writer.run(receiver, group_commit);
            })
            .expect("the store thread starts");
        Store {
            messages,
            activity,
            writable,
            keys,
        }
    }

    /// The receipt of the application `id` when it was stored in the last 24 hours under an
    /// idempotency key (as every application from the form is); `None` for any other id. A
    /// lookup in memory: it never waits for the writer.
    pub fn recent_receipt(&self, id: &str) -> Option<Receipt> {
        self.keys.lock().receipt_of(id, Timestamp::now())
    }

    /// Stores `draft` durably and answers with its receipt, or the first receipt of its
    /// idempotency key.
    pub async fn submit(&self, draft: Draft) -> Result<Receipt, Unavailable> {
        let (reply, answer) = oneshot::channel();
        self.messages
            .send(Message::Append(Box::new(Job { draft, reply })))
            .await
            .map_err(|_| Unavailable)?;
        answer.await.map_err(|_| Unavailable)?
    }

    /// Whether the last attempt to open or write the log succeeded.
    pub fn writable(&self) -> bool {
        self.writable.load(Ordering::Relaxed)
    }

    /// Asks the writer whether the log can be written now: it reopens a lost log and syncs an
    /// open one. Waits behind applications already queued.
    pub async fn probe(&self) -> bool {
        let (reply, answer) = oneshot::channel();
        if self.messages.send(Message::Probe(reply)).await.is_err() {
            return false;
        }
        answer.await.unwrap_or(false)
    }

    /// Archives the log (see `rotation.rs`) after the applications queued before this
    /// call, and starts an empty one; answers with the archive's path. The writer logs the
    /// outcome; after a failure the log stays in service.
    pub async fn rotate(&self) -> Result<PathBuf, Unavailable> {
        let (reply, answer) = oneshot::channel();
        self.messages
            .send(Message::Rotate(reply))
            .await
            .map_err(|_| Unavailable)?;
        answer.await.map_err(|_| Unavailable)?
    }

    /// What the webhook worker of this log shares with the store: the wake-up after every
    /// append and rotation, and the backlog's lock.
    pub fn appended(&self) -> LogActivity {
        self.activity.clone()
    }
}

/// Room the readiness probe asks for past the end of the log: a few applications' worth.
const ROOM_FOR_APPLICATIONS: u64 = 16 * 1024;

/// Whether the log of `len` bytes can grow by `ROOM_FOR_APPLICATIONS`: the process's file-size
/// limit allows it, and the file system sets the blocks aside (`fallocate` keeping the file's
/// size: nothing is written and the log's length stays; a file system without `fallocate`
/// counts as having room). Without this, a full disk would pass the probe, since syncing needs
/// no space.
fn has_room(file: &File, len: u64) -> bool {
    let wanted = len.saturating_add(ROOM_FOR_APPLICATIONS);
    let within_limit = rlimit::getrlimit(rlimit::Resource::FSIZE)
        .is_ok_and(|(soft, _)| soft == rlimit::INFINITY || wanted <= soft);
    if !within_limit {
        return false;
    }
    match rustix::fs::fallocate(file, FallocateFlags::KEEP_SIZE, len, ROOM_FOR_APPLICATIONS) {
        Ok(()) => true,
        Err(error) => error == rustix::io::Errno::OPNOTSUPP,
    }
}

struct Writer {
    path: PathBuf,
    file: Option<File>,
    /// Length of the log up to its last complete line.
    good_len: u64,
    /// A failed write may have left a partial line that could not be cut off: start the next
    /// write on a new line so the partial one stays a line of its own.
    needs_newline: bool,
    /// The idempotency keys of the last 24 hours.
    keys: SharedKeys,
    activity: LogActivity,
    /// Whether the last open or write succeeded, for readiness.
    writable: Arc<AtomicBool>,
}

impl Writer {
    fn run(mut self, mut receiver: mpsc::Receiver<Message>, group_commit: bool) {
        while let Some(first) = receiver.blocking_recv() {
            let mut batch = Vec::new();
            let mut probes = Vec::new();
            let mut rotation = None;
            let mut next = Some(first);
            while let Some(message) = next.take() {
                match message {
                    Message::Append(job) => batch.push(*job),
                    Message::Probe(reply) => probes.push(reply),
                    Message::Rotate(reply) => rotation = Some(reply),
                }
                if rotation.is_none() && group_commit && batch.len() + probes.len() < MAX_BATCH {
                    next = receiver.try_recv().ok();
                }
            }
            if !batch.is_empty() {
                self.commit(batch);
            }
            for reply in probes {
                let _ = reply.send(self.probe());
            }
            if let Some(reply) = rotation {
                let _ = reply.send(self.rotate());
            }
        }
    }

    /// Whether the log can be written: reopened when it was lost, synced when open.
    fn probe(&mut self) -> bool {
        let ready = match &self.file {
            Some(file) => file.sync_data().is_ok() && has_room(file, self.good_len),
            None => self.reopen().is_ok(),
        };
        self.writable.store(ready, Ordering::Relaxed);
        ready
    }

    /// Opens the log and reads it back: counts the records, remembers recent idempotency keys,
    /// reports unreadable lines and cuts off a torn last line.
    fn reopen(&mut self) -> io::Result<()> {
        let file = open_for_append(&self.path)?;
        if !file.metadata()?.is_file() {
            tracing::warn!(path = %self.path.display(), "the contact log is not a regular file; nothing to read back");
            self.good_len = 0;
            self.file = Some(file);
            self.writable.store(true, Ordering::Relaxed);
            return Ok(());
        }
        let horizon = RecentKeys::horizon();
        let mut lines = Lines::open(&self.path, 0)?;
        let (mut records, mut unreadable) = (0usize, 0usize);
        for line in lines.by_ref() {
            let line = line?;
            match line.record {
                Ok(record) => {
                    records += 1;
                    self.keys.lock().remember(record, horizon);
                }
                Err(error) => {
                    unreadable += 1;
                    tracing::warn!(path = %self.path.display(), line = line.number, %error, "skipping a line of the contact log that is not an application");
                }
            }
        }
        let good_len = lines.offset();
        if lines.torn > 0 {
            tracing::warn!(
                path = %self.path.display(),
                bytes = lines.torn,
                "the contact log ends in a torn line (a write cut short by a crash, never acknowledged); removing it"
            );
            file.set_len(good_len)?;
            file.sync_data()?;
        }
        tracing::info!(path = %self.path.display(), records, unreadable, "contact applications log ready");
        self.writable.store(true, Ordering::Relaxed);
        self.activity.backlog.lock().read_back(records as u64);
        self.good_len = good_len;
        self.file = Some(file);
        Ok(())
    }

    fn commit(&mut self, jobs: Vec<Job>) {
        if self.file.is_none()
            && let Err(error) = self.reopen()
        {
            self.writable.store(false, Ordering::Relaxed);
            tracing::error!(path = %self.path.display(), %error, "cannot open the contact applications log; application refused");
            for job in jobs {
                let _ = job.reply.send(Err(Unavailable));
            }
            return;
        }
        let now = Timestamp::now();
        let mut buffer = Vec::new();
        if self.needs_newline {
            buffer.push(b'\n');
        }
        let mut written = Vec::new();
        let mut replays = Vec::new();
        let mut keys = self.keys.lock();
        for job in jobs {
            let key = job.draft.idempotency_key.clone();
            if let Some(receipt) = key.as_ref().and_then(|key| keys.replay(key, now)) {
                replays.push((job.reply, receipt, key));
                continue;
            }
            let received = Timestamp::now();
            let receipt = Receipt {
                id: Uuid::now_v7().to_string(),
                received_at: format!("{received:.3}"),
                replayed: false,
            };
            let record = Record {
                id: receipt.id.clone(),
                received_at: receipt.received_at.clone(),
                draft: job.draft,
            };
            serde_json::to_writer(&mut buffer, &record).expect("a record serializes");
            buffer.push(b'\n');
            if let Some(key) = &key {
                keys.keep(key.clone(), &receipt, received);
            }
            written.push((job.reply, receipt, key));
        }
        drop(keys);
        let mut failed_keys = HashSet::new();
        if !written.is_empty() {
            match self.append(&buffer) {
                Ok(()) => {
                    let count = written.len() as u64;
                    metrics().applications_stored.inc_by(count);
                    self.activity.backlog.lock().appended(count);
                    self.activity.appended.notify_one();
                }
                Err(error) => {
                    tracing::error!(path = %self.path.display(), %error, applications = written.len(), "cannot write the contact applications log; applications refused");
                    for (reply, _, key) in written.drain(..) {
                        if let Some(key) = key {
                            self.keys.lock().forget(&key);
                            failed_keys.insert(key);
                        }
                        let _ = reply.send(Err(Unavailable));
                    }
                }
            }
        }
        for (reply, receipt, _) in written {
            let _ = reply.send(Ok(receipt));
        }
        for (reply, receipt, key) in replays {
            let stored = key.is_none_or(|key| !failed_keys.contains(&key));
            let _ = reply.send(if stored {
                Ok(receipt)
            } else {
                Err(Unavailable)
            });
        }
        self.keys.lock().forget_expired(now);
    }

    /// Archives the log and continues in a new, empty one; on failure the log stays in service.
    fn rotate(&mut self) -> Result<PathBuf, Unavailable> {
        if self.file.is_none()
            && let Err(error) = self.reopen()
        {
            tracing::error!(path = %self.path.display(), %error, "cannot open the contact applications log, so it cannot be rotated");
            return Err(Unavailable);
        }
        let file = self.file.as_ref().expect("opened above");
        let mut backlog = self.activity.backlog.lock();
        let rotated = rotation::rotate(&self.path, file);
        if rotated.is_ok() {
            backlog.rotated();
        }
        drop(backlog);
        match rotated {
            Ok(rotated) => {
                tracing::info!(path = %self.path.display(), archive = %rotated.archive.display(), "rotated the contact applications log: the archive holds every application so far, new ones go to a new, empty log");
                self.file = Some(rotated.log);
                self.good_len = 0;
                self.needs_newline = false;
                self.writable.store(true, Ordering::Relaxed);
                self.activity.appended.notify_one();
                Ok(rotated.archive)
            }
            Err(error) => {
                tracing::error!(path = %self.path.display(), %error, "cannot rotate the contact applications log; it stays in service");
                Err(Unavailable)
            }
        }
    }

    /// Appends and fsyncs; on failure cuts the file back to its last complete line.
    fn append(&mut self, buffer: &[u8]) -> io::Result<()> {
        let file = self.file.as_mut().expect("opened before appending");
        let result = file.write_all(buffer).and_then(|()| file.sync_data());
        match result {
            Ok(()) => {
                self.good_len += buffer.len() as u64;
                self.needs_newline = false;
                self.writable.store(true, Ordering::Relaxed);
                Ok(())
            }
            Err(error) => {
                self.writable.store(false, Ordering::Relaxed);
                let cut = file.set_len(self.good_len).and_then(|()| file.sync_data());
                self.needs_newline = cut.is_err();
                if cut.is_err() {
                    self.file = None;
                }
                Err(error)
            }
        }
    }
}
