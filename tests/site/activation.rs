//! Starting the release binary as systemd does: listening sockets bound by the test and passed
//! as `LISTEN_FDS` (the test keeps its copies, as the socket unit does, so a restarted process
//! gets the same sockets), notifications read from a `NOTIFY_SOCKET` the test binds, and log
//! lines read as they are written.

use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::net::UnixDatagram;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub use custody_edge_test_support::bound;
use custody_edge_test_support::process::LogLines;
pub use custody_edge_test_support::process::signal;

/// The release binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_custody-site");

/// `program` (the release binary unless told otherwise) started with `sockets` (name,
/// listener) as systemd passes them: at descriptors 3, 4, … with `LISTEN_FDS`,
/// `LISTEN_FDNAMES` and `LISTEN_PID` (set by the shell that `exec`s the binary, so it is the
/// binary's own). No configuration file; `--public-url` is `public_url`.
pub fn activated(
    program: &Path,
    sockets: &[(&str, &std::net::TcpListener)],
    public_url: &str,
) -> Command {
    let names: Vec<&str> = sockets.iter().map(|(name, _)| *name).collect();
    let fds: Vec<RawFd> = sockets.iter().map(|(_, l)| l.as_raw_fd()).collect();
    let mut command = Command::new("/bin/sh");
    command
        .args(["-c", "LISTEN_PID=$$ exec \"$0\" \"$@\""])
        .arg(program)
        .args(["serve", "--public-url", public_url])
        .env("LISTEN_FDS", fds.len().to_string())
        .env("LISTEN_FDNAMES", names.join(":"))
        .env_remove("CUSTODY_SITE_CONFIG")
        .env_remove("LISTEN_PID")
        .env_remove("INVOCATION_ID");
    // SAFETY: runs between fork and exec; allocates nothing and only calls the async-signal-
    // safe `fcntl` and `dup2`.
    unsafe {
        command.pre_exec(move || {
            let mut copies = [0; 8];
            for (copy, &fd) in copies.iter_mut().zip(&fds) {
                *copy = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 16);
                if *copy < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            for (index, &copy) in copies.iter().take(fds.len()).enumerate() {
                if libc::dup2(copy, 3 + index as RawFd) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    command
}

/// A notification socket (`NOTIFY_SOCKET`) as the service manager binds it.
pub struct Notifications {
    socket: UnixDatagram,
    path: PathBuf,
}

impl Notifications {
    pub fn bind(dir: &Path) -> Self {
        let path = dir.join("notify.sock");
        let socket = UnixDatagram::bind(&path).unwrap();
        Self { socket, path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Waits for a notification with the line `line` (e.g. `READY=1`); panics after `within`.
    /// Returns the whole message.
    pub fn wait_for(&self, line: &str, within: Duration) -> String {
        let deadline = Instant::now() + within;
        let mut buffer = [0u8; 4096];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "no {line} notification within {within:?}");
            self.socket.set_read_timeout(Some(left)).unwrap();
            if let Ok(length) = self.socket.recv(&mut buffer) {
                let message = String::from_utf8_lossy(&buffer[..length]).into_owned();
                if message.lines().any(|l| l == line) {
                    return message;
                }
            }
        }
    }
}

/// Spawns `command` with its standard error piped and standard output discarded.
pub fn spawn_logged(command: &mut Command) -> (Child, LogLines) {
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = LogLines::of(&mut child);
    (child, lines)
}

/// Waits for `child` to exit; kills it and panics after `within`.
pub fn wait_exit(child: &mut Child, within: Duration) -> std::process::ExitStatus {
    let pid = child.id();
    std::thread::scope(|scope| {
        let (exited, exit) = mpsc::channel();
        scope.spawn(move || exited.send(child.wait().unwrap()));
        exit.recv_timeout(within).unwrap_or_else(|_| {
            // SAFETY: `kill` only sends a signal; the child is not reaped yet, so `pid` is
            // still its own.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
            panic!("the process did not exit within {within:?}")
        })
    })
}
