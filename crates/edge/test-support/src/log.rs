//! The log of the test process, captured: one subscriber for the whole test binary, installed
//! by the first edge a test starts, writes every event as the binary writes its log (the `fmt`
//! text format), with the name of the thread it came from, into memory, where a test reads the
//! lines of its own server as they come. Events at `info` and above, and the accept loop's
//! connection lines (`custody_edge::accept`, at `debug`).

use std::io::Write;
use std::sync::{LazyLock, Mutex, Once};
use std::time::Duration;

use tokio::sync::watch;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;

/// Every line written so far, in order.
static LINES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// How many lines have been written: a reader waits for it to change.
static WRITTEN: LazyLock<watch::Sender<usize>> = LazyLock::new(|| watch::Sender::new(0));

static INSTALLED: Once = Once::new();

/// Captures the process's log from now on; later calls do nothing.
pub fn capture() {
    INSTALLED.call_once(|| {
        let filter = Targets::new()
            .with_default(LevelFilter::INFO)
            .with_target("custody_edge::accept", LevelFilter::DEBUG);
        let lines = tracing_subscriber::fmt::layer()
            .with_ansi(false)
            .with_thread_names(true)
            .with_writer(Event::default);
        let subscriber = tracing_subscriber::registry().with(lines).with(filter);
        tracing::subscriber::set_global_default(subscriber)
            .expect("no other subscriber in the test process");
    });
}

/// One event's text, added to [`LINES`] once written whole.
#[derive(Default)]
struct Event(Vec<u8>);

impl Write for Event {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        let text = String::from_utf8_lossy(&self.0);
        let mut lines = LINES.lock().unwrap();
        lines.extend(text.lines().map(str::to_owned));
        let written = lines.len();
        drop(lines);
        WRITTEN.send_replace(written);
    }
}

/// A test's reading of the captured log: every line written from a moment on, or the lines of
/// the threads of one name (an edge under test and its runtime's workers) from the beginning.
pub struct LogReader {
    thread: Option<String>,
    next: usize,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl LogReader {
    /// Reads every line of the process written from now on.
    pub fn from_now() -> Self {
        capture();
        Self {
            thread: None,
            next: LINES.lock().unwrap().len(),
            seen: Vec::new(),
        }
    }

    /// Reads the lines written by the threads named `name`, from the beginning.
    pub fn of_thread(name: &str) -> Self {
        capture();
        Self {
            thread: Some(format!(" {name} ")),
            next: 0,
            seen: Vec::new(),
        }
    }

    /// The lines written since the last read (of the threads read), each kept in `seen`.
    pub fn read(&mut self) -> Vec<String> {
        let lines = LINES.lock().unwrap();
        let new: Vec<String> = lines[self.next..]
            .iter()
            .filter(|line| self.thread.as_ref().is_none_or(|name| line.contains(name)))
            .cloned()
            .collect();
        self.next = lines.len();
        drop(lines);
        self.seen.extend(new.iter().cloned());
        new
    }

    /// Waits for a line containing `text`, and returns it; the lines after it are left for
    /// the next read. Panics after `within` with the lines seen.
    pub async fn wait_for(&mut self, text: &str, within: Duration) -> String {
        let mut written = WRITTEN.subscribe();
        let deadline = tokio::time::Instant::now() + within;
        loop {
            if let Some(line) = self.read_until(text) {
                return line;
            }
            if tokio::time::timeout_at(deadline, written.changed())
                .await
                .is_err()
            {
                panic!(
                    "no log line with `{text}` within {within:?}; seen:\n{}",
                    self.seen.join("\n")
                );
            }
        }
    }

    /// Reads up to the first line containing `text`, and returns it.
    fn read_until(&mut self, text: &str) -> Option<String> {
        let lines = LINES.lock().unwrap();
        while let Some(line) = lines.get(self.next) {
            self.next += 1;
            if self
                .thread
                .as_ref()
                .is_some_and(|name| !line.contains(name))
            {
                continue;
            }
            self.seen.push(line.clone());
            if line.contains(text) {
                return Some(line.clone());
            }
        }
        None
    }
}
