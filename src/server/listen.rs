//! Listening sockets: bound with a deep accept queue and `SO_REUSEADDR`.

use std::net::SocketAddr;

use tokio::net::TcpListener;

/// Pending connections the kernel queues for `accept` (it caps this at `net.core.somaxconn`):
/// a burst of hundreds of connections at once, such as a slowloris attack, then waits in the
/// queue instead of having its handshakes dropped and retried a second later.
const LISTEN_BACKLOG: u32 = 4096;

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
