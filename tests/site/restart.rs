//! Restarts and upgrades no visitor notices. With the sockets held as systemd's socket unit
//! holds them, the service is stopped (SIGTERM) and started again; without systemd, the binary
//! at the program's path is replaced and SIGUSR2 hands the sockets over to it. Throughout,
//! clients send requests without pause over kept-alive HTTP/1.1, new connections and HTTP/2:
//! no request fails, no connection is refused, and applications in flight are stored.

use std::path::Path;
use std::time::Duration;

use crate::activation::{BIN, Notifications, activated, bound, signal, spawn_logged, wait_exit};
use crate::common::Running;
use crate::traffic::{InFlight, Traffic};

const WITHIN: Duration = Duration::from_secs(20);

/// Answers counted between two events: enough to show the server kept serving.
const SOME: u64 = 300;

fn configured(command: &mut std::process::Command, dir: &Path) {
    command
        .env("CUSTODY_SITE_CONTACT_LOG", dir.join("applications.jsonl"))
        .env("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0")
        .env("CUSTODY_SITE_SERVER_SHUTDOWN_GRACE_SECS", "10")
        .env("RUST_LOG", "info");
}

/// Applications stored in the log, by company.
fn stored_companies(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("applications.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            record["company"].as_str().unwrap().to_owned()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_socket_activated_restart_refuses_nothing_and_fails_no_request() {
    let dir = tempfile::tempdir().unwrap();
    let (listener, addr) = bound();
    let origin = format!("http://{addr}");
    let notifications = Notifications::bind(dir.path());
    let start = || {
        let mut command = activated(BIN.as_ref(), &[("listen", &listener)], &origin);
        configured(&mut command, dir.path());
        command
            .env("NOTIFY_SOCKET", notifications.path())
            .env("WATCHDOG_USEC", "500000");
        spawn_logged(&mut command)
    };
    let (first, _first_log) = start();
    let mut first = Running(first);
    notifications.wait_for("READY=1", WITHIN);
    notifications.wait_for("WATCHDOG=1", WITHIN);

    let traffic = Traffic::start(&addr, 4, 2, 1);
    traffic.wait_for_more(SOME, WITHIN).await;
    let mut in_flight = Vec::new();
    for n in 0..3 {
        in_flight.push(InFlight::start(&addr, &origin, &format!("In flight {n}")).await);
    }
    signal(first.0.id(), "-TERM");
    notifications.wait_for("STOPPING=1", WITHIN);
    for application in in_flight {
        let (status, answer) = application.finish().await;
        assert_eq!(status, 201, "an application in flight at SIGTERM: {answer}");
    }
    assert!(wait_exit(&mut first.0, WITHIN).success());

    let (second, _second_log) = start();
    let _second = Running(second);
    notifications.wait_for("READY=1", WITHIN);
    traffic.wait_for_more(SOME, WITHIN).await;
    let tally = traffic.finish().await;
    println!("socket-activated restart: {}", tally.summary());
    assert_eq!(tally.failures(), Vec::<String>::new());
    let stored = stored_companies(dir.path());
    for n in 0..3 {
        assert!(stored.contains(&format!("In flight {n}")), "{stored:?}");
    }
}

/// Stops the process whose id is in the pid file when the test ends, however it ends.
struct PidFileGuard(std::path::PathBuf);

impl Drop for PidFileGuard {
    fn drop(&mut self) {
        if let Ok(pid) = std::fs::read_to_string(&self.0) {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", pid.trim()])
                .status();
        }
    }
}

/// Puts `source` at `program` the way an installer does: a new file renamed over the old.
fn install(source: &Path, program: &Path) {
    let staged = program.with_extension("new");
    std::fs::copy(source, &staged).unwrap();
    std::fs::rename(&staged, program).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn sigusr2_replaces_the_binary_without_refusing_or_failing_a_request() {
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("custody-site");
    install(BIN.as_ref(), &program);
    let pid_file = dir.path().join("custody-site.pid");
    let _cleanup = PidFileGuard(pid_file.clone());
    let (listener, addr) = bound();
    let origin = format!("http://{addr}");
    let notifications = Notifications::bind(dir.path());
    let mut command = activated(&program, &[("listen", &listener)], &origin);
    configured(&mut command, dir.path());
    command
        .env("NOTIFY_SOCKET", notifications.path())
        .env("CUSTODY_SITE_SERVER_PID_FILE", &pid_file);
    let (first, mut log) = spawn_logged(&mut command);
    drop(listener);
    let mut first = Running(first);
    notifications.wait_for("READY=1", WITHIN);
    let first_pid = first.0.id();
    assert_eq!(
        std::fs::read_to_string(&pid_file).unwrap().trim(),
        first_pid.to_string()
    );

    let traffic = Traffic::start(&addr, 4, 2, 1);
    traffic.wait_for_more(SOME, WITHIN).await;

    // A new binary that cannot start: the upgrade fails and the old process keeps serving.
    std::fs::write(dir.path().join("broken"), "#!/bin/sh\nexit 3\n").unwrap();
    std::fs::set_permissions(
        dir.path().join("broken"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    install(&dir.path().join("broken"), &program);
    signal(first_pid, "-USR2");
    log.wait_for("the upgrade failed", WITHIN);
    traffic.wait_for_more(SOME, WITHIN).await;

    // The real binary: handed over, with applications in flight finished by the old process.
    install(BIN.as_ref(), &program);
    let mut in_flight = Vec::new();
    for n in 0..3 {
        in_flight.push(InFlight::start(&addr, &origin, &format!("Upgrade in flight {n}")).await);
    }
    signal(first_pid, "-USR2");
    log.wait_for("the new process is ready", WITHIN);
    for application in in_flight {
        let (status, answer) = application.finish().await;
        assert_eq!(
            status, 201,
            "an application in flight at the upgrade: {answer}"
        );
    }
    assert!(wait_exit(&mut first.0, WITHIN).success());
    let new_pid: u32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert_ne!(new_pid, first_pid);
    let running = std::fs::read_link(format!("/proc/{new_pid}/exe")).unwrap();
    assert_eq!(
        running, program,
        "the new process runs the binary now at the program path"
    );
    traffic.wait_for_more(SOME, WITHIN).await;

    let tally = traffic.finish().await;
    println!("upgrade: {}", tally.summary());
    assert_eq!(tally.failures(), Vec::<String>::new());
    let stored = stored_companies(dir.path());
    for n in 0..3 {
        assert!(
            stored.contains(&format!("Upgrade in flight {n}")),
            "{stored:?}"
        );
    }
}
