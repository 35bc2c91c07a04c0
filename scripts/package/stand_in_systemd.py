#!/usr/bin/env python3
"""A stand-in for systemd, for the package test (scripts/package/test.sh) on machines where
systemd is not PID 1. It starts the installed custody-site.service the way its unit says and
restarts it the way `systemctl try-restart` does, behind a listening socket it holds as
custody-site.socket holds port 443.

What it reads from the installed units (/lib/systemd/system): ExecStartPre, ExecStart,
WorkingDirectory, Environment, EnvironmentFile, UMask, DynamicUser, StateDirectory,
StateDirectoryMode, TimeoutStopSec, and the socket unit's FileDescriptorName. Like systemd it:
- runs the service as a transient user (DynamicUser=yes: an unused id of systemd's dynamic
  range) in /var/lib/private/custody-site, linked from /var/lib/custody-site;
- passes the socket as descriptor 3 with LISTEN_FDS, LISTEN_FDNAMES and LISTEN_PID;
- waits for READY=1 on NOTIFY_SOCKET before a start counts as done (Type=notify);
- on a restart, sends SIGTERM, waits for the process to exit and starts it again, while the
  listening socket stays open, so new connections wait in its queue.
The sandboxing directives (Protect*, SystemCallFilter, …) are not emulated; systemd-analyze
verify checks the units. The socket is 127.0.0.1 on a port the system chose, not 443.

Usage:
  stand_in_systemd.py run STATE_DIR
      Starts the service, then prints `ready HOST:PORT` and serves `systemctl` requests on
      STATE_DIR/control until `systemctl exit`. The service's log is STATE_DIR/service.log.
  stand_in_systemd.py systemctl ARGS...
      What the package's maintainer scripts call as `systemctl` (scripts/package/bin/systemctl),
      talking to the `run` whose STATE_DIR is in SYSTEMD_STAND_IN_DIR; every call is appended
      to STATE_DIR/systemctl.calls.
"""

import os
import pwd
import grp
import shlex
import signal
import socket
import subprocess
import sys
import time

UNITS = "/lib/systemd/system"
SERVICE = "custody-site.service"
READY_WITHIN_SECS = 60
# The first and last ids of systemd's dynamic users.
DYNAMIC_IDS = range(61184, 65520)


def unit_settings(path):
    """The unit file's settings, each name with the list of its values in order."""
    settings = {}
    with open(path) as file:
        for line in file:
            line = line.strip()
            if not line or line.startswith(("#", ";", "[")):
                continue
            name, _, value = line.partition("=")
            settings.setdefault(name.strip(), []).append(value.strip())
    return settings


def last(settings, name, default=None):
    values = settings.get(name)
    return values[-1] if values else default


def dynamic_id():
    """An id in systemd's dynamic range that no user or group has."""
    taken = {entry.pw_uid for entry in pwd.getpwall()} | {entry.gr_gid for entry in grp.getgrall()}
    return next(candidate for candidate in DYNAMIC_IDS if candidate not in taken)


def environment(settings):
    """The service's environment: systemd's few variables, then Environment= and
    EnvironmentFile= (a leading '-' makes the file optional)."""
    env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}
    for value in settings.get("Environment", []):
        for assignment in shlex.split(value):
            name, _, content = assignment.partition("=")
            env[name] = content
    for value in settings.get("EnvironmentFile", []):
        optional = value.startswith("-")
        path = value.lstrip("-")
        if not os.path.exists(path):
            if optional:
                continue
            raise SystemExit(f"EnvironmentFile {path} is missing")
        with open(path) as file:
            for line in file:
                line = line.strip()
                if line and not line.startswith("#"):
                    name, _, content = line.partition("=")
                    env[name.strip()] = content.strip().strip('"')
    return env


class Service:
    """The service as its unit describes it, with the socket passed to it."""

    def __init__(self, state_dir, listener, fd_name):
        self.state_dir = state_dir
        self.settings = unit_settings(os.path.join(UNITS, SERVICE))
        self.listener = listener
        self.fd_name = fd_name
        self.process = None
        self.starts = 0
        self.ident = dynamic_id() if last(self.settings, "DynamicUser") == "yes" else 0
        self.log = open(os.path.join(state_dir, "service.log"), "ab")
        self.notify_path = os.path.join(state_dir, "notify")
        self.notifications = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notifications.bind(self.notify_path)
        os.chmod(self.notify_path, 0o777)
        os.chmod(state_dir, 0o755)
        self.prepare_state_directory()

    def prepare_state_directory(self):
        """StateDirectory= with DynamicUser=yes: /var/lib/private/NAME owned by the transient
        user, and /var/lib/NAME a link to it."""
        name = last(self.settings, "StateDirectory")
        if not name:
            return
        mode = int(last(self.settings, "StateDirectoryMode", "0755"), 8)
        private = "/var/lib/private"
        os.makedirs(private, mode=0o700, exist_ok=True)
        os.chmod(private, 0o700)
        target = os.path.join(private, name)
        os.makedirs(target, exist_ok=True)
        for root, dirs, files in os.walk(target):
            for entry in [root] + [os.path.join(root, item) for item in dirs + files]:
                os.lchown(entry, self.ident, self.ident)
        os.chmod(target, mode)
        link = os.path.join("/var/lib", name)
        if not os.path.islink(link):
            os.symlink(os.path.join("private", name), link)

    def command(self, line, with_socket):
        """An Exec line as the transient user. A shell sets LISTEN_PID to its own id and execs
        setpriv, which execs the binary: the id stays the same, so LISTEN_PID names the service."""
        words = shlex.split(line.lstrip("-+!@:"))
        if self.ident != 0:
            words = [
                "setpriv", f"--reuid={self.ident}", f"--regid={self.ident}", "--clear-groups",
                "--no-new-privs", "--",
            ] + words
        if not with_socket:
            return words
        return ["/bin/sh", "-c", 'LISTEN_PID=$$ exec "$0" "$@"'] + words

    def spawn(self, line, with_socket):
        env = environment(self.settings)
        if with_socket:
            env.update({
                "LISTEN_FDS": "1",
                "LISTEN_FDNAMES": self.fd_name,
                "NOTIFY_SOCKET": self.notify_path,
            })
        listener_fd = self.listener.fileno()

        def socket_at_descriptor_3():
            os.dup2(listener_fd, 3)
            os.set_inheritable(3, True)

        return subprocess.Popen(
            self.command(line, with_socket),
            cwd=last(self.settings, "WorkingDirectory", "/"),
            env=env,
            umask=int(last(self.settings, "UMask", "0022"), 8),
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
            preexec_fn=socket_at_descriptor_3 if with_socket else None,
            pass_fds=(3,) if with_socket else (),
        )

    def start(self):
        for line in self.settings.get("ExecStartPre", []):
            status = self.spawn(line, with_socket=False).wait()
            if status != 0:
                raise SystemExit(f"ExecStartPre {line} exited with {status}")
        self.process = self.spawn(last(self.settings, "ExecStart"), with_socket=True)
        self.starts += 1
        self.wait_ready()

    def wait_ready(self):
        deadline = time.monotonic() + READY_WITHIN_SECS
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise SystemExit("the service did not report READY=1 in time")
            self.notifications.settimeout(remaining)
            message = self.notifications.recv(4096).decode()
            if "READY=1" in message.split("\n"):
                return

    def stop(self):
        if self.process is None:
            return
        self.process.send_signal(signal.SIGTERM)
        timeout = float(last(self.settings, "TimeoutStopSec", "90"))
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def restart(self):
        self.stop()
        self.start()


def run(state_dir):
    socket_unit = unit_settings(os.path.join(UNITS, "custody-site.socket"))
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(int(last(socket_unit, "Backlog", "4096")))
    service = Service(state_dir, listener, last(socket_unit, "FileDescriptorName", "listen"))
    service.start()

    control_path = os.path.join(state_dir, "control")
    control = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    control.bind(control_path)
    control.listen(4)
    host, port = listener.getsockname()
    print(f"ready {host}:{port}", flush=True)

    while True:
        connection, _ = control.accept()
        with connection:
            words = connection.makefile().readline().split()
            answer = handle(service, words)
            connection.sendall(answer.encode())
            if words == ["exit"]:
                return


def handle(service, words):
    """One `systemctl` request: the exit status and what to print."""
    verb = next((word for word in words if not word.startswith("-")), "")
    units = [word for word in words[words.index(verb) + 1:]] if verb else []
    if verb == "exit":
        service.stop()
        return "0\n"
    if verb in ("daemon-reload", "--version"):
        return "0\n"
    if verb in ("is-active",):
        return "0\nactive\n" if service.process else "3\ninactive\n"
    if verb in ("try-restart", "restart") and units == [SERVICE]:
        if verb == "try-restart" and service.process is None:
            return "0\n"
        service.restart()
        return f"0\nstarted {service.starts} times\n"
    return f"1\nthe stand-in does not do: {' '.join(words)}\n"


def systemctl(arguments):
    state_dir = os.environ["SYSTEMD_STAND_IN_DIR"]
    with open(os.path.join(state_dir, "systemctl.calls"), "a") as file:
        file.write(" ".join(arguments) + "\n")
    if arguments == ["--version"]:
        print("systemd 252 (stand-in)")
        return 0
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(os.path.join(state_dir, "control"))
    with client:
        client.sendall((" ".join(arguments) + "\n").encode())
        status, _, printed = client.makefile().read().partition("\n")
    sys.stdout.write(printed)
    return int(status)


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "run":
        run(sys.argv[2])
    elif len(sys.argv) >= 2 and sys.argv[1] == "systemctl":
        sys.exit(systemctl(sys.argv[2:]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
