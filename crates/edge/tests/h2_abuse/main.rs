//! HTTP/2 abuse: the edge on a real socket (plain-text HTTP/2 with prior knowledge), serving
//! the test's service, under each known attack on HTTP/2, from several connections at once,
//! round after round. For each: the server stays up, the resident memory of the process stays
//! bounded, a well-behaved visitor is answered within a second while the attack runs, and every
//! abusive connection is closed (GOAWAY or end of stream seen by the attacker) within a bounded
//! time. Each test prints its figures (`cargo test --profile release-test -p custody-edge
//! --test h2_abuse -- --ignored --nocapture`).

mod attacks;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use custody_edge::listeners::Role;
use custody_edge_test_support::bound;
use custody_edge_test_support::edge::{EdgeUnderTest, edge_config};
use custody_edge_test_support::http2::http2_request;
use custody_edge_test_support::log::LogReader;
use custody_edge_test_support::process::resident_mb;
use custody_edge_test_support::service::test_service;
use tokio::net::TcpStream;
use tokio::sync::mpsc;

/// Seconds an answer may wait for the client's flow-control window (the header read timeout
/// given to the edge).
const STALL_SECS: u64 = 2;
/// The longest an abusive connection may stay open.
const CLOSE_WITHIN: Duration = Duration::from_secs(STALL_SECS + 3);
/// The longest a well-behaved visitor may wait for the home page.
const ANSWER_WITHIN: Duration = Duration::from_secs(1);
/// Attacking connections at once.
const ATTACKERS: usize = 4;
/// Visits answered while the attack runs before it stops.
const VISITS: usize = 10;
/// Growth of resident memory allowed between before the attack and its peak.
const MEMORY_BOUND_MB: f64 = 64.0;
/// The line the edge logs for each abusive connection it closes, with the peer and the reason.
const CLOSED_ABUSIVE: &str = "closed an abusive HTTP/2 connection";

/// How an attacking connection ended, as the attacker saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// A GOAWAY frame with this error code.
    GoAway(u32),
    /// The end of the stream, or a reset, without a GOAWAY.
    Eof,
}

/// The edge on a socket of its own, in this process: the server's memory is the process's,
/// and its log lines are read from the process's log.
struct Site {
    edge: EdgeUnderTest,
    addr: String,
    log: LogReader,
}

impl Site {
    async fn start() -> Self {
        let (listener, addr) = bound();
        let mut config = edge_config(listener.local_addr().unwrap(), &format!("http://{addr}"));
        config.server.header_read_timeout_secs = STALL_SECS;
        // Started once it is ready, so that no measure counts the start-up.
        let edge = EdgeUnderTest::start(config, vec![(Role::Site, listener)], test_service).await;
        Self {
            edge,
            addr,
            log: LogReader::from_now(),
        }
    }

    fn rss_mb(&self) -> f64 {
        resident_mb(std::process::id())
    }

    /// One visit: the home page over a new HTTP/2 connection; how long it took.
    async fn visit(addr: &str) -> Duration {
        let started = Instant::now();
        let answered = tokio::time::timeout(
            Duration::from_secs(10),
            http2_request(addr.parse().unwrap(), "GET", "/"),
        );
        let (status, _, body) = answered.await.expect("the visitor is answered");
        assert_eq!(status, 200);
        assert!(!body.is_empty());
        started.elapsed()
    }

    /// The reasons the edge logged for closing the abusive connections from `peers` (each
    /// `peer=ADDRESS`) so far. The guard logs a closure before it closes the connection, so
    /// every closure an attacker has seen is in the log.
    fn closures_logged(&mut self, peers: &BTreeSet<String>) -> Vec<String> {
        let mut reasons = Vec::new();
        for line in self.log.read() {
            let from_an_attacker = line.split_whitespace().any(|field| peers.contains(field));
            if line.contains(CLOSED_ABUSIVE) && from_an_attacker {
                let reason = line.split("reason=").nth(1).unwrap_or("?");
                reasons.push(
                    reason
                        .split_whitespace()
                        .next()
                        .unwrap()
                        .trim_matches('"')
                        .into(),
                );
            }
        }
        reasons
    }
}

/// Reads the resident memory of this process every few milliseconds until `stop` is sent;
/// answers the highest reading.
fn sample_peak_rss(mut stop: tokio::sync::oneshot::Receiver<()>) -> tokio::task::JoinHandle<f64> {
    let pid = std::process::id();
    tokio::spawn(async move {
        let mut peak = resident_mb(pid);
        loop {
            tokio::select! {
                _ = &mut stop => return peak,
                // Sampling is what this measures: memory has no event to wait for.
                () = tokio::time::sleep(Duration::from_millis(5)) => peak = peak.max(resident_mb(pid)),
            }
        }
    })
}

/// Runs `attack` (given the connection and its number) from [`ATTACKERS`] connections at once,
/// round after round, until a well-behaved visitor has been answered [`VISITS`] times while
/// the attack ran; checks every bound and prints the figures. Returns how the connections were
/// closed and the reasons the server logged.
async fn under_attack<F, Fut>(name: &str, attack: F) -> (Vec<Closed>, Vec<String>)
where
    F: Fn(TcpStream, usize) -> Fut,
    Fut: std::future::Future<Output = Closed> + Send + 'static,
{
    let mut site = Site::start().await;
    Site::visit(&site.addr).await;
    let before = site.rss_mb();
    let (answers, mut answered) = mpsc::unbounded_channel();
    let addr = site.addr.clone();
    let visitor = tokio::spawn(async move {
        loop {
            if answers.send(Site::visit(&addr).await).is_err() {
                return;
            }
        }
    });
    let (mut visits, mut slowest_visit) = (0, Duration::ZERO);
    let (stop_sampling, sampling) = tokio::sync::oneshot::channel();
    let sampler = sample_peak_rss(sampling);
    let (mut closed, mut slowest_close) = (Vec::new(), Duration::ZERO);
    let mut peers = BTreeSet::new();
    let mut round = 0;
    while visits < VISITS || round < 2 {
        let mut attackers = Vec::new();
        for n in 0..ATTACKERS {
            let stream = TcpStream::connect(&site.addr).await.unwrap();
            peers.insert(format!("peer={}", stream.local_addr().unwrap()));
            let started = Instant::now();
            let attacking = attack(stream, round * ATTACKERS + n);
            attackers.push(tokio::spawn(async move {
                let ended = tokio::time::timeout(CLOSE_WITHIN, attacking).await;
                (
                    ended.expect("the abusive connection is closed in time"),
                    started.elapsed(),
                )
            }));
        }
        for attacker in attackers {
            let (how, after) = attacker.await.unwrap();
            closed.push(how);
            slowest_close = slowest_close.max(after);
        }
        while let Ok(took) = answered.try_recv() {
            visits += 1;
            slowest_visit = slowest_visit.max(took);
        }
        round += 1;
    }
    visitor.abort();
    let _ = stop_sampling.send(());
    let peak = sampler.await.unwrap();
    let slowest_after = Site::visit(&site.addr).await;
    assert!(site.edge.is_running(), "the server is up");
    let after = site.rss_mb();
    let reasons = site.closures_logged(&peers);
    let goaways = closed
        .iter()
        .filter(|c| matches!(c, Closed::GoAway(_)))
        .count();
    println!(
        "h2 abuse, {name}: {} connections closed ({goaways} with GOAWAY), slowest after {} ms; \
         server log: {} closures {:?}; VmRSS {before:.1} MB before, peak {peak:.1} MB during, \
         {after:.1} MB after; visitor answered {visits} times during, slowest {} ms",
        closed.len(),
        slowest_close.as_millis(),
        reasons.len(),
        reasons.iter().collect::<BTreeSet<_>>(),
        slowest_visit.max(slowest_after).as_millis(),
    );
    assert!(
        slowest_visit.max(slowest_after) <= ANSWER_WITHIN,
        "{name}: a visitor waited {slowest_visit:?}"
    );
    assert!(
        peak - before <= MEMORY_BOUND_MB,
        "{name}: memory grew from {before:.1} MB to {peak:.1} MB"
    );
    (closed, reasons)
}

/// ENHANCE_YOUR_CALM, the GOAWAY code of a peer generating excessive load.
const ENHANCE_YOUR_CALM: u32 = 0xb;

/// Asserts that every connection was closed for `reason`: where the HTTP/2 library itself closes
/// them (`None`), each saw a GOAWAY with `code`; where the guard does, the server logged `reason`
/// for each, and each saw the GOAWAY or, when the guard caught the server in the middle of a
/// frame and could not fit one in, the end of the stream.
fn assert_closed(outcome: &(Vec<Closed>, Vec<String>), code: u32, reason: Option<&str>) {
    let (closed, reasons) = outcome;
    match reason {
        None => assert!(
            closed.iter().all(|c| *c == Closed::GoAway(code)),
            "every connection ends with GOAWAY {code:#x}: {closed:?}"
        ),
        Some(reason) => {
            assert_eq!(reasons.len(), closed.len(), "{reasons:?}");
            assert!(reasons.iter().all(|r| r == reason), "{reasons:?}");
            assert!(
                closed
                    .iter()
                    .all(|c| matches!(c, Closed::GoAway(n) if *n == code) || *c == Closed::Eof),
                "every connection ends with GOAWAY {code:#x} or the end of the stream: {closed:?}"
            );
            assert!(
                closed.contains(&Closed::GoAway(code)),
                "the guard's GOAWAY reaches the attackers: {closed:?}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn rapid_reset_is_closed() {
    let burst = under_attack("rapid reset", |stream, _| attacks::rapid_reset(stream)).await;
    assert_closed(&burst, ENHANCE_YOUR_CALM, None);
    let paced = under_attack("rapid reset, each stream answered first", |stream, _| {
        attacks::paced_reset(stream)
    })
    .await;
    assert_closed(&paced, ENHANCE_YOUR_CALM, Some("rst_stream_flood"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_continuation_flood_is_closed() {
    let outcome = under_attack("CONTINUATION flood", |stream, _| {
        attacks::continuation_flood(stream)
    })
    .await;
    assert_closed(&outcome, ENHANCE_YOUR_CALM, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn settings_and_ping_floods_are_closed() {
    let settings = under_attack("SETTINGS flood", |stream, _| {
        attacks::settings_flood(stream)
    })
    .await;
    assert_closed(&settings, ENHANCE_YOUR_CALM, Some("settings_flood"));
    let pings = under_attack("PING flood", |stream, _| attacks::ping_flood(stream)).await;
    assert_closed(&pings, ENHANCE_YOUR_CALM, Some("ping_flood"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_client_that_never_opens_its_window_is_closed() {
    let outcome = under_attack("window never opened", |stream, n| {
        attacks::closed_window(stream, n % 2 == 0)
    })
    .await;
    assert_closed(&outcome, ENHANCE_YOUR_CALM, Some("flow_control_stall"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn hpack_header_list_bombs_are_closed() {
    let bomb = under_attack("HPACK bomb", |stream, _| attacks::hpack_bomb(stream)).await;
    assert_closed(&bomb, ENHANCE_YOUR_CALM, None);
    let oversize = under_attack("header lists over the limit", |stream, _| {
        attacks::oversize_header_lists(stream)
    })
    .await;
    assert_closed(&oversize, ENHANCE_YOUR_CALM, Some("stream_errors"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn a_thousand_streams_at_once_are_closed() {
    let outcome = under_attack("1,000 streams at once", |stream, _| {
        attacks::thousand_streams(stream)
    })
    .await;
    assert_closed(&outcome, ENHANCE_YOUR_CALM, Some("stream_errors"));
}
