//! Listening sockets bound by the test, as a systemd socket unit binds them, handed to the
//! server under test (a child process or the edge in the test process).

/// The accept queue of a systemd socket unit: `Backlog=` defaults to `SOMAXCONN`, 4096 on these
/// kernels. (The standard library's `TcpListener::bind` asks for 128, which a burst of a few
/// hundred connections overflows: the kernel drops their SYNs and the clients retry after 1 s.)
const SOCKET_UNIT_BACKLOG: i32 = 4096;

/// A listening socket on 127.0.0.1 with a port the system chose and the accept queue of a
/// socket unit, and its address. A connection made before the server takes the socket waits in
/// its queue, so no test waits for a port to open.
pub fn bound() -> (std::net::TcpListener, String) {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    let any_port = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    socket.bind(&any_port.into()).unwrap();
    socket.listen(SOCKET_UNIT_BACKLOG).unwrap();
    let listener = std::net::TcpListener::from(socket);
    let addr = listener.local_addr().unwrap().to_string();
    (listener, addr)
}
