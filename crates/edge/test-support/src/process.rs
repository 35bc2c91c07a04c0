//! Child processes of a test (the release binary, pebble, nginx): stopped when the test ends
//! however it ends, their output read line by line as it is written, signals sent to them, and
//! their resident memory.

use std::io::{BufRead, BufReader};
use std::process::Child;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A child process killed when the test ends, however it ends.
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The log lines of a child, read from its standard error (or output) as they come.
pub struct LogLines {
    lines: mpsc::Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl LogLines {
    /// Reads `child`'s standard error (spawned with `Stdio::piped()`).
    pub fn of(child: &mut Child) -> Self {
        Self::reading(child.stderr.take().expect("stderr is piped"))
    }

    /// Reads `child`'s standard output (spawned with `Stdio::piped()`).
    pub fn of_stdout(child: &mut Child) -> Self {
        Self::reading(child.stdout.take().expect("stdout is piped"))
    }

    /// Reads lines from `output` until it ends; lines nobody waits for any more are still
    /// read, so the writer never meets a closed pipe.
    fn reading(output: impl std::io::Read + Send + 'static) -> Self {
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Self {
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for a line containing `text`; panics after `within` with the lines seen.
    pub fn wait_for(&mut self, text: &str, within: Duration) -> String {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no log line with `{text}` within {within:?}; seen:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }
}

/// Sends `signal` (e.g. `-HUP`) to process `pid`.
pub fn signal(pid: u32, signal: &str) {
    let status = std::process::Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill {signal} {pid}");
}

/// The resident memory of process `pid`, in MB.
pub fn resident_mb(pid: u32) -> f64 {
    let status =
        std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the process is running");
    let kb: f64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    kb / 1024.0
}
