//! Replacing the running binary without refusing a connection (SIGUSR2): the binary at the
//! path this process was started from (the new one, once it has been put there) is started with
//! this process's listening sockets (`LISTEN_FDS`, `LISTEN_FDNAMES`) and a private
//! notification socket; once it says `READY=1`, this process stops accepting and drains. The
//! sockets never close, so connections arriving meanwhile wait in the accept queue of a socket
//! both processes accept from. If the new process fails to start, this one keeps serving.

use std::ffi::OsString;
use std::os::fd::RawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};
use tokio::net::UnixDatagram;

use super::listeners::{HANDOVER_FROM, Role};

/// The most listeners a process hands over (site, redirect, metrics).
const MAX_HANDED_OVER: usize = 3;

/// How long the new process may take to say it is ready.
const READY_TIMEOUT: Duration = Duration::from_secs(120);

/// How this process was started, to start its successor the same way.
#[derive(Debug, Clone)]
pub struct Invocation {
    /// The binary's path as it was started (a new binary put at that path is the successor).
    pub program: PathBuf,
    /// The command-line arguments after the program.
    pub args: Vec<OsString>,
}

impl Invocation {
    /// This process's program path (absolute, symbolic links kept) and arguments.
    pub fn current() -> Self {
        let mut argv = std::env::args_os();
        let first = argv.next().map(PathBuf::from);
        let program = first
            .filter(|path| path.components().count() > 1)
            .and_then(|path| std::path::absolute(path).ok())
            .or_else(|| std::env::current_exe().ok())
            .unwrap_or_else(|| PathBuf::from("custody-site"));
        Self {
            program,
            args: argv.collect(),
        }
    }
}

/// Whether systemd runs this process: it restarts the service itself (use socket activation),
/// and would stop a successor started outside its control.
pub fn under_systemd() -> bool {
    std::env::var_os("INVOCATION_ID").is_some()
}

/// Starts the successor with `listeners` and waits until it is ready; returns its process id.
pub async fn start_successor(
    invocation: &Invocation,
    listeners: &[(Role, RawFd)],
) -> anyhow::Result<u32> {
    let socket_path =
        std::env::temp_dir().join(format!("custody-site-{}-upgrade.sock", std::process::id()));
    let _ = std::fs::remove_file(&socket_path);
    let notifications = UnixDatagram::bind(&socket_path)
        .with_context(|| format!("cannot create {}", socket_path.display()))?;
    let result = start_and_wait(invocation, listeners, &socket_path, &notifications).await;
    let _ = std::fs::remove_file(&socket_path);
    result
}

async fn start_and_wait(
    invocation: &Invocation,
    listeners: &[(Role, RawFd)],
    socket_path: &Path,
    notifications: &UnixDatagram,
) -> anyhow::Result<u32> {
    let names: Vec<&str> = listeners.iter().map(|(role, _)| role.name()).collect();
    let fds: Vec<RawFd> = listeners.iter().map(|(_, fd)| *fd).collect();
    let mut command = std::process::Command::new(&invocation.program);
    command
        .args(&invocation.args)
        .env("LISTEN_FDS", fds.len().to_string())
        .env("LISTEN_FDNAMES", names.join(":"))
        .env(HANDOVER_FROM, std::process::id().to_string())
        .env("NOTIFY_SOCKET", socket_path)
        .env_remove("LISTEN_PID");
    // SAFETY: the closure runs in the child between fork and exec; it allocates nothing and
    // only calls `fcntl` and `dup2`, which are async-signal-safe, on descriptors it owns there.
    unsafe {
        command.pre_exec(move || place_inherited(&fds));
    }
    let mut child = tokio::process::Command::from(command)
        .spawn()
        .with_context(|| format!("cannot start {}", invocation.program.display()))?;
    let pid = child.id().unwrap_or_default();
    tracing::info!(pid, program = %invocation.program.display(), "started the new process; waiting until it is ready");
    let mut buffer = [0u8; 4096];
    let ready = async {
        loop {
            let length = notifications.recv(&mut buffer).await?;
            let message = String::from_utf8_lossy(&buffer[..length]);
            if message.lines().any(|line| line == "READY=1") {
                return std::io::Result::Ok(());
            }
        }
    };
    tokio::select! {
        received = ready => {
            received.context("cannot read the new process's notifications")?;
            Ok(pid)
        }
        status = child.wait() => bail!("the new process exited before it was ready ({})", status.map_or_else(|e| e.to_string(), |s| s.to_string())),
        () = tokio::time::sleep(READY_TIMEOUT) => {
            let _ = child.start_kill();
            bail!("the new process was not ready within {} s; stopped it", READY_TIMEOUT.as_secs())
        }
    }
}

/// In the child: puts `fds` at descriptors 3, 4, … (clearing close-on-exec), as
/// sd_listen_fds(3) expects.
fn place_inherited(fds: &[RawFd]) -> std::io::Result<()> {
    let first = 3 + fds.len() as RawFd;
    let mut moved: [RawFd; MAX_HANDED_OVER] = [-1; MAX_HANDED_OVER];
    for (slot, &fd) in moved.iter_mut().zip(fds) {
        // SAFETY: duplicating an open descriptor of this process; async-signal-safe.
        let copy = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, first) };
        if copy < 0 {
            return Err(std::io::Error::last_os_error());
        }
        *slot = copy;
    }
    for (index, &copy) in moved.iter().take(fds.len()).enumerate() {
        // SAFETY: `dup2` onto the numbers the child is told about; the copy has close-on-exec
        // and `dup2`'s result has not, so only the placed descriptors cross `exec`.
        if unsafe { libc::dup2(copy, 3 + index as RawFd) } < 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}
