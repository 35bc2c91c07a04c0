//! The HTTP/2 abuse guard: per-connection budgets for what the HTTP/2 library answers without
//! ever closing the connection (PING and SETTINGS floods, streams reset by the client as fast
//! as it opens them, streams opened beyond the concurrency limit) and a bound on how long an
//! answer may wait for the client to open its flow-control window. It reads the frame headers
//! of both directions (see `h2_frames.rs`); what it decides is acted on by `guarded.rs`.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::h2_frames::{CANCEL, END_STREAM_OR_ACK, Follows, Frame, FrameFollower, NO_ERROR, kind};

/// Why a connection was closed, as the metric label and the log name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abuse {
    /// RST_STREAM frames from the client beyond [`RESETS`] (rapid reset, CVE-2023-44487).
    ResetFlood,
    /// PING frames beyond [`PINGS`].
    PingFlood,
    /// SETTINGS frames beyond [`SETTINGS`].
    SettingsFlood,
    /// Streams the server refused, reset or answered on its own for the client's errors
    /// (beyond the concurrency limit, header lists over the size limit, malformed requests),
    /// beyond [`STREAM_ERRORS`].
    StreamErrors,
    /// Answers waited longer than the stall limit for the client's flow-control window (or
    /// for the client to read the socket) without a DATA byte going out.
    StalledWindow,
}

impl Abuse {
    /// The name of the reason in the metric label and the log.
    pub fn label(self) -> &'static str {
        match self {
            Self::ResetFlood => "rst_stream_flood",
            Self::PingFlood => "ping_flood",
            Self::SettingsFlood => "settings_flood",
            Self::StreamErrors => "stream_errors",
            Self::StalledWindow => "flow_control_stall",
        }
    }
}

/// A budget of frames: `burst` at once, refilled at `per_second`.
#[derive(Debug, Clone, Copy)]
pub struct Rate {
    /// Frames at once.
    pub burst: f64,
    per_second: f64,
}

/// RST_STREAM frames a client may send: a browser cancels at most the requests of a page it
/// leaves (tens, a few hundred for an image gallery), never thousands.
pub const RESETS: Rate = Rate {
    burst: 1_000.0,
    per_second: 100.0,
};

/// PING frames a client may send: browsers send a few per connection to measure the round trip.
const PINGS: Rate = Rate {
    burst: 100.0,
    per_second: 10.0,
};

/// SETTINGS frames a client may send: browsers send one, rarely two.
const SETTINGS: Rate = Rate {
    burst: 100.0,
    per_second: 10.0,
};

/// Streams the server may refuse or reset for the client's errors: a browser waits for a free
/// stream instead of opening more than the advertised limit, and sends well-formed requests.
pub const STREAM_ERRORS: Rate = Rate {
    burst: 100.0,
    per_second: 10.0,
};

/// The longest header block that carries a `:status` alone (a literal of three digits). The
/// HTTP/2 library answers on its own that way (`431` to a header list over the size limit);
/// every answer the site makes carries more (`date`, `x-request-id`, the security headers).
const STATUS_ALONE: u32 = 5;

/// What is left of one [`Rate`].
#[derive(Debug)]
struct Budget {
    tokens: f64,
    at: Instant,
}

impl Budget {
    fn full(rate: Rate, now: Instant) -> Self {
        Self {
            tokens: rate.burst,
            at: now,
        }
    }

    /// Spends one frame; false once the budget is exhausted.
    fn spend(&mut self, rate: Rate) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * rate.per_second;
        self.tokens = (self.tokens + refill).min(rate.burst) - 1.0;
        self.at = now;
        self.tokens >= 0.0
    }
}

/// The guard of one connection.
#[derive(Debug)]
pub struct Guard {
    client: FrameFollower,
    server: FrameFollower,
    resets: Budget,
    pings: Budget,
    settings: Budget,
    stream_errors: Budget,
    /// Streams whose answer has begun (HEADERS) but not ended.
    answering: HashSet<u32>,
    /// The last time a DATA byte went out, or an answer began while none was waiting.
    progress: Instant,
    /// How long answers may wait without a DATA byte going out.
    stall_limit: Duration,
    /// The highest stream the client opened.
    last_stream: u32,
    /// Set once the client turned out not to speak HTTP/2.
    off: bool,
}

impl Guard {
    /// A guard for a new connection whose answers may wait `stall_limit` for the client.
    pub fn new(stall_limit: Duration) -> Self {
        let now = Instant::now();
        Self {
            client: FrameFollower::client(),
            server: FrameFollower::server(),
            resets: Budget::full(RESETS, now),
            pings: Budget::full(PINGS, now),
            settings: Budget::full(SETTINGS, now),
            stream_errors: Budget::full(STREAM_ERRORS, now),
            answering: HashSet::new(),
            progress: now,
            stall_limit,
            last_stream: 0,
            off: false,
        }
    }

    /// The highest stream the client opened, for a GOAWAY.
    pub fn last_stream(&self) -> u32 {
        self.last_stream
    }

    /// Whether the server's side stands between two frames, so a frame may be inserted.
    pub fn server_at_boundary(&self) -> bool {
        self.server.at_boundary()
    }

    /// Reads bytes the client sent.
    pub fn on_read(&mut self, bytes: &[u8]) -> Result<(), Abuse> {
        if self.off {
            return Ok(());
        }
        let mut verdict = Ok(());
        let Self {
            client,
            resets,
            pings,
            settings,
            answering,
            last_stream,
            ..
        } = self;
        let follows = client.feed(bytes, |frame: Frame| {
            let ack = frame.flags & END_STREAM_OR_ACK != 0;
            let exceeded = match frame.kind {
                kind::HEADERS => {
                    *last_stream = (*last_stream).max(frame.stream);
                    None
                }
                kind::RST_STREAM => {
                    answering.remove(&frame.stream);
                    (!resets.spend(RESETS)).then_some(Abuse::ResetFlood)
                }
                kind::PING if !ack => (!pings.spend(PINGS)).then_some(Abuse::PingFlood),
                kind::SETTINGS if !ack => {
                    (!settings.spend(SETTINGS)).then_some(Abuse::SettingsFlood)
                }
                _ => None,
            };
            if let Some(abuse) = exceeded {
                verdict = verdict.and(Err(abuse));
            }
        });
        if follows == Follows::Other {
            self.off = true;
        }
        verdict
    }

    /// Reads bytes the server is sending.
    pub fn on_write(&mut self, bytes: &[u8]) -> Result<(), Abuse> {
        if self.off {
            return Ok(());
        }
        let mut verdict = Ok(());
        let Self {
            server,
            stream_errors,
            answering,
            progress,
            ..
        } = self;
        server.feed(bytes, |frame: Frame| {
            let ends = frame.flags & END_STREAM_OR_ACK != 0;
            match frame.kind {
                kind::HEADERS if !ends => {
                    if answering.is_empty() {
                        *progress = Instant::now();
                    }
                    answering.insert(frame.stream);
                }
                kind::DATA if frame.length > 0 => {
                    *progress = Instant::now();
                    if ends {
                        answering.remove(&frame.stream);
                    }
                }
                kind::HEADERS if frame.length <= STATUS_ALONE => {
                    answering.remove(&frame.stream);
                    if !stream_errors.spend(STREAM_ERRORS) {
                        verdict = verdict.and(Err(Abuse::StreamErrors));
                    }
                }
                kind::HEADERS | kind::DATA if ends => {
                    answering.remove(&frame.stream);
                }
                kind::RST_STREAM => {
                    answering.remove(&frame.stream);
                    let client_error = frame.code != NO_ERROR && frame.code != CANCEL;
                    if client_error && !stream_errors.spend(STREAM_ERRORS) {
                        verdict = verdict.and(Err(Abuse::StreamErrors));
                    }
                }
                _ => {}
            }
        });
        verdict
    }

    /// When the waiting answers will have stalled for too long, if any answer is waiting.
    pub fn stall_deadline(&self) -> Option<Instant> {
        (!self.answering.is_empty()).then(|| self.progress + self.stall_limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::h2_frames::{PREFACE, frame};

    fn opened() -> Guard {
        let mut guard = Guard::new(Duration::from_secs(10));
        guard.on_read(PREFACE).unwrap();
        guard
    }

    #[test]
    fn pings_within_the_budget_pass_and_a_flood_is_named() {
        let mut guard = opened();
        let ping = frame(kind::PING, 0, 0, &[0; 8]);
        for _ in 0..100 {
            guard.on_read(&ping).unwrap();
        }
        let acks = frame(kind::PING, END_STREAM_OR_ACK, 0, &[0; 8]).repeat(1_000);
        guard.on_read(&acks).unwrap();
        // The budget refills at 10 a second: a flood runs dry at once however slow the test.
        let flood = (0..100).find_map(|_| guard.on_read(&ping).err());
        assert_eq!(flood, Some(Abuse::PingFlood));
    }

    #[test]
    fn an_answer_waiting_for_the_window_sets_a_deadline_that_data_moves() {
        let mut guard = opened();
        assert_eq!(guard.stall_deadline(), None);
        guard
            .on_write(&frame(kind::HEADERS, 0x4, 1, &[0x88; 20]))
            .unwrap();
        let first = guard.stall_deadline().expect("an answer waits");
        guard.on_write(&frame(kind::DATA, 0, 1, &[7; 100])).unwrap();
        assert!(guard.stall_deadline().unwrap() >= first);
        guard
            .on_write(&frame(kind::DATA, END_STREAM_OR_ACK, 1, &[7; 100]))
            .unwrap();
        assert_eq!(guard.stall_deadline(), None);
    }

    #[test]
    fn refusals_and_answers_of_a_status_alone_count_as_stream_errors() {
        let mut guard = opened();
        let refused = frame(kind::RST_STREAM, 0, 1, &7u32.to_be_bytes());
        let cancelled = frame(kind::RST_STREAM, 0, 1, &CANCEL.to_be_bytes());
        let too_large = frame(kind::HEADERS, 0x5, 3, &[0x48, 0x82, 0x64, 0x1f]);
        for _ in 0..50 {
            guard.on_write(&refused).unwrap();
            guard.on_write(&cancelled).unwrap();
            guard.on_write(&too_large).unwrap();
        }
        let flood = (0..100).find_map(|_| guard.on_write(&refused).err());
        assert_eq!(flood, Some(Abuse::StreamErrors));
    }

    #[test]
    fn http1_is_left_alone() {
        let mut guard = Guard::new(Duration::from_secs(10));
        guard.on_read(b"GET / HTTP/1.1\r\n\r\n").unwrap();
        let ping = frame(kind::PING, 0, 0, &[0; 8]).repeat(1_000);
        guard.on_read(&ping).unwrap();
        guard
            .on_write(&frame(kind::HEADERS, 0x4, 1, &[0x88]))
            .unwrap();
        assert_eq!(guard.stall_deadline(), None);
    }
}
