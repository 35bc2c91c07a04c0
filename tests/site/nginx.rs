//! Debian's nginx in front of the release binary, for the heavy tier: a master process with
//! everything it writes in a test's directory, on a socket the test bound, stopped with the test.

use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

/// Debian's nginx (`.ci/run` installs it).
const NGINX: &str = "/usr/sbin/nginx";

/// An nginx master process, stopped with SIGTERM when dropped, so that it stops its workers too
/// (killed outright, it would leave them running).
pub struct Nginx(std::process::Child);

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        let _ = self.0.wait();
    }
}

/// Lets nginx's workers, which may run as another user when the tests run as root, write in
/// `dir` (their temporary files, a cache).
pub fn open_to_workers(dir: &Path) {
    std::fs::set_permissions(dir, std::os::unix::fs::PermissionsExt::from_mode(0o777)).unwrap();
}

/// nginx on `listener` with `http` inside its `http` block (upstreams, maps, cache zones and a
/// `server` whose `listen` is `listener`'s address), everything it writes in `dir`. nginx takes
/// the socket as it does from its own previous process in an upgrade: at a descriptor named by
/// the `NGINX` variable, used for the `listen` of the same address.
pub fn start(dir: &Path, listener: &std::net::TcpListener, http: &str) -> Nginx {
    assert!(
        Path::new(NGINX).exists(),
        "{NGINX} is missing: apt-get install nginx (.ci/run installs it)"
    );
    let temp = dir.join("nginx-temp");
    std::fs::create_dir_all(&temp).unwrap();
    let temp = temp.display();
    let conf = format!(
        "daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {temp};
    proxy_temp_path {temp};
    fastcgi_temp_path {temp};
    uwsgi_temp_path {temp};
    scgi_temp_path {temp};
{http}}}
",
        dir = dir.display(),
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, conf).unwrap();
    let fd = listener.as_raw_fd();
    let mut command = Command::new(NGINX);
    command
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(&path)
        .arg("-e")
        .arg(dir.join("nginx-error.log"))
        .env("NGINX", "3;")
        .stdout(Stdio::null());
    // SAFETY: runs between fork and exec; allocates nothing and only calls the async-signal-
    // safe `fcntl` and `dup2` (the copy first, so that descriptor 3 loses close-on-exec even
    // when the listener is descriptor 3 already).
    unsafe {
        command.pre_exec(move || {
            let copy = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 16);
            if copy < 0 || libc::dup2(copy, 3) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    Nginx(command.spawn().expect("nginx starts"))
}
