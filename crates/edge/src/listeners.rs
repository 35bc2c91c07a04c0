//! The listening sockets: inherited from the service manager (systemd socket activation,
//! `LISTEN_FDS`) or from the process handing over to this one in an upgrade, else bound from
//! the configuration with a deep accept queue.

use std::net::SocketAddr;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

use anyhow::{Context, bail};
use tokio::net::TcpListener;

use crate::config::EdgeConfig;

/// Pending connections the kernel queues for `accept` (it caps this at `net.core.somaxconn`):
/// a burst of hundreds of connections at once, such as a slowloris attack, then waits in the
/// queue instead of having its handshakes dropped and retried a second later.
const LISTEN_BACKLOG: u32 = 4096;

/// Environment variable naming the process that hands its listeners over in an upgrade; the
/// inherited sockets are taken only when it is this process's parent.
pub const HANDOVER_FROM: &str = "CUSTODY_SITE_HANDOVER_FROM";

/// The role of a listener, and its name in `LISTEN_FDNAMES` (systemd's `FileDescriptorName=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// `listen`: the site.
    Site,
    /// `tls.redirect_listen`: plain HTTP redirected to HTTPS, and ACME HTTP-01.
    Redirect,
    /// `metrics.listen`: Prometheus metrics.
    Metrics,
}

impl Role {
    /// The descriptor name of the role.
    pub fn name(self) -> &'static str {
        match self {
            Role::Site => "listen",
            Role::Redirect => "redirect",
            Role::Metrics => "metrics",
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        [Role::Site, Role::Redirect, Role::Metrics]
            .into_iter()
            .find(|role| role.name() == name)
    }
}

/// The sockets the server accepts on.
#[derive(Debug)]
pub struct Listeners {
    /// The site (`listen`).
    pub site: TcpListener,
    /// The plain-HTTP redirect listener (`tls.redirect_listen`), when configured.
    pub redirect: Option<TcpListener>,
    /// The metrics listener (`metrics.listen`), when configured.
    pub metrics: Option<TcpListener>,
    /// Whether the sockets came from the service manager or a previous process.
    pub inherited: bool,
}

impl Listeners {
    /// The listeners `config` asks for: each one inherited when a socket of its role was
    /// passed, else bound to its configured address. Needs a Tokio runtime.
    pub fn open(
        config: &EdgeConfig,
        inherited: Vec<(Role, std::net::TcpListener)>,
    ) -> anyhow::Result<Self> {
        let from_parent = !inherited.is_empty();
        let mut inherited = inherited;
        let mut take =
            |role: Role, addr: Option<SocketAddr>| -> anyhow::Result<Option<TcpListener>> {
                if let Some(index) = inherited.iter().position(|(r, _)| *r == role) {
                    let (_, socket) = inherited.swap_remove(index);
                    socket.set_nonblocking(true)?;
                    let listener = TcpListener::from_std(socket)?;
                    tracing::info!(
                        role = role.name(),
                        address = %listener.local_addr()?,
                        "using an inherited listening socket"
                    );
                    return Ok(Some(listener));
                }
                let Some(addr) = addr else { return Ok(None) };
                listen(addr)
                    .map(Some)
                    .with_context(|| format!("cannot listen on {addr} ({})", role.name()))
            };
        let site = take(Role::Site, Some(config.listen))?.expect("the site always listens");
        let redirect = take(Role::Redirect, config.tls.redirect_listen)?;
        let metrics = take(Role::Metrics, config.metrics.listen)?;
        for (role, socket) in &inherited {
            tracing::warn!(
                role = role.name(),
                address = ?socket.local_addr().ok(),
                "an inherited socket has no listener configured for its role; it is closed"
            );
        }
        Ok(Self {
            site,
            redirect,
            metrics,
            inherited: from_parent,
        })
    }

    /// Every listener with its role, for handing them over to a new process.
    pub fn with_roles(&self) -> Vec<(Role, RawFd)> {
        [
            Some((Role::Site, &self.site)),
            self.redirect.as_ref().map(|l| (Role::Redirect, l)),
            self.metrics.as_ref().map(|l| (Role::Metrics, l)),
        ]
        .into_iter()
        .flatten()
        .map(|(role, listener)| (role, listener.as_raw_fd()))
        .collect()
    }
}

/// Listens on `addr` with a deep accept queue (`LISTEN_BACKLOG`) and `SO_REUSEADDR`, so a
/// restart can bind while the previous process's connections linger in `TIME_WAIT`.
pub fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = match addr {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// The listening sockets this process was given, by role: by systemd (`LISTEN_PID` is this
/// process) or by the process it replaces (`CUSTODY_SITE_HANDOVER_FROM` is the parent, which
/// cannot know this process's id beforehand). `sd-notify` reads `LISTEN_FDS` and
/// `LISTEN_FDNAMES`, checks `LISTEN_PID`, sets close-on-exec and unsets the variables, so no
/// later child inherits them; a single socket without a known name is the site's.
///
/// # Safety
///
/// It changes the environment: call it once, before any other thread starts.
pub unsafe fn inherited() -> anyhow::Result<Vec<(Role, std::net::TcpListener)>> {
    let handed_over = std::env::var_os("LISTEN_PID").is_none()
        && std::env::var(HANDOVER_FROM)
            .is_ok_and(|pid| pid.trim() == std::os::unix::process::parent_id().to_string());
    if handed_over {
        // SAFETY: no other thread runs yet (this function's contract).
        unsafe { std::env::set_var("LISTEN_PID", std::process::id().to_string()) };
    }
    // SAFETY: as above.
    let passed = unsafe { sd_notify::listen_fds_with_names_and_unset_env() }
        .context("the sockets passed in LISTEN_FDS and LISTEN_FDNAMES")?;
    let count = passed.len();
    if count > MAX_INHERITED {
        bail!("LISTEN_FDS must be a number of sockets from 1 to {MAX_INHERITED}, not {count}");
    }
    let mut listeners = Vec::new();
    for (fd, name) in passed {
        let role = match Role::from_name(&name) {
            Some(role) => role,
            None if count == 1 => Role::Site,
            None => bail!(
                "inherited socket {fd} is named `{name}`; with several sockets each needs FileDescriptorName= listen, redirect or metrics"
            ),
        };
        if listeners.iter().any(|(r, _)| *r == role) {
            bail!("two inherited sockets are named `{}`", role.name());
        }
        listeners.push((role, listening_socket(fd)?));
    }
    Ok(listeners)
}

/// Most sockets a service manager or a previous process may pass: one per role, with room.
const MAX_INHERITED: usize = 16;

/// Takes ownership of inherited descriptor `fd`, which must be a listening TCP socket.
fn listening_socket(fd: RawFd) -> anyhow::Result<std::net::TcpListener> {
    // SAFETY: the descriptor was passed to this process for it to own (sd_listen_fds(3)), is
    // open (sd-notify set its close-on-exec flag) and nothing else in the process uses it.
    let owned = unsafe { OwnedFd::from_raw_fd(fd) };
    if !rustix::net::sockopt::socket_acceptconn(&owned).unwrap_or(false) {
        bail!("inherited descriptor {fd} is not a listening socket");
    }
    let listener = std::net::TcpListener::from(owned);
    listener
        .local_addr()
        .with_context(|| format!("inherited descriptor {fd} is not a TCP socket"))?;
    Ok(listener)
}
