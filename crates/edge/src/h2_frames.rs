//! Follows an HTTP/2 byte stream frame by frame as it passes (RFC 9113 §4.1): reads each
//! 9-byte frame header, and the error code of RST_STREAM frames, and skips every other payload
//! byte without buffering it.

/// The connection preface every HTTP/2 client sends first (RFC 9113 §3.4).
pub const PREFACE: &[u8; 24] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// Frame types (RFC 9113 §6).
pub mod kind {
    /// DATA.
    pub const DATA: u8 = 0x0;
    /// HEADERS.
    pub const HEADERS: u8 = 0x1;
    /// RST_STREAM.
    pub const RST_STREAM: u8 = 0x3;
    /// SETTINGS.
    pub const SETTINGS: u8 = 0x4;
    /// PING.
    pub const PING: u8 = 0x6;
    /// GOAWAY.
    pub const GOAWAY: u8 = 0x7;
}

/// END_STREAM on DATA and HEADERS; ACK on SETTINGS and PING (the same bit).
pub const END_STREAM_OR_ACK: u8 = 0x1;

/// The error code of a stream or connection ended normally (RFC 9113 §7).
pub const NO_ERROR: u32 = 0x0;

/// The RST_STREAM error code of a stream no longer wanted (RFC 9113 §7).
pub const CANCEL: u32 = 0x8;

/// The GOAWAY error code of a peer that may be generating excessive load (RFC 9113 §7).
pub const ENHANCE_YOUR_CALM: u32 = 0xb;

/// Length of a frame header.
const HEADER_LEN: usize = 9;

/// One frame, as far as the follower reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// The frame type (see [`kind`]).
    pub kind: u8,
    /// The flags octet.
    pub flags: u8,
    /// The stream identifier (reserved bit cleared).
    pub stream: u32,
    /// The payload length.
    pub length: u32,
    /// The error code of a RST_STREAM frame; 0 for other frames.
    pub code: u32,
}

/// What a follower has found the stream to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follows {
    /// HTTP/2 so far (or too few bytes yet to tell).
    Http2,
    /// Not HTTP/2: the first bytes are not the connection preface.
    Other,
}

/// Reads frame headers out of one direction of a connection.
#[derive(Debug)]
pub struct FrameFollower {
    /// Bytes of the connection preface still expected.
    preface_left: usize,
    /// The frame header (then the RST_STREAM code) read so far.
    head: [u8; HEADER_LEN + 4],
    /// How many bytes of `head` are filled.
    filled: usize,
    /// How many bytes `head` needs before the frame is complete for the follower.
    wanted: usize,
    /// Payload bytes still to skip.
    skip: u32,
    /// Set once the stream is known not to be HTTP/2.
    other: bool,
}

impl FrameFollower {
    /// A follower of what a client sends: the preface, then frames.
    pub fn client() -> Self {
        Self::new(PREFACE.len())
    }

    /// A follower of what a server sends: frames from the first byte.
    pub fn server() -> Self {
        Self::new(0)
    }

    fn new(preface_left: usize) -> Self {
        Self {
            preface_left,
            head: [0; HEADER_LEN + 4],
            filled: 0,
            wanted: HEADER_LEN,
            skip: 0,
            other: false,
        }
    }

    /// Whether the follower stands between two frames (nothing of a frame read but not all).
    pub fn at_boundary(&self) -> bool {
        self.preface_left == 0 && self.filled == 0 && self.skip == 0
    }

    /// Reads `bytes`, the next bytes of the stream, and hands every frame header completed in
    /// them to `on_frame`.
    pub fn feed(&mut self, mut bytes: &[u8], mut on_frame: impl FnMut(Frame)) -> Follows {
        if self.other {
            return Follows::Other;
        }
        if self.preface_left > 0 {
            let expected = &PREFACE[PREFACE.len() - self.preface_left..];
            let n = expected.len().min(bytes.len());
            if bytes[..n] != expected[..n] {
                self.other = true;
                return Follows::Other;
            }
            self.preface_left -= n;
            bytes = &bytes[n..];
        }
        while !bytes.is_empty() {
            if self.skip > 0 {
                let n = bytes.len().min(self.skip as usize);
                self.skip -= n as u32;
                bytes = &bytes[n..];
                continue;
            }
            let n = (self.wanted - self.filled).min(bytes.len());
            self.head[self.filled..self.filled + n].copy_from_slice(&bytes[..n]);
            self.filled += n;
            bytes = &bytes[n..];
            if self.filled < self.wanted {
                break;
            }
            let length = u32::from_be_bytes([0, self.head[0], self.head[1], self.head[2]]);
            let kind = self.head[3];
            if self.wanted == HEADER_LEN && kind == kind::RST_STREAM && length >= 4 {
                self.wanted += 4;
                continue;
            }
            let code = if self.wanted > HEADER_LEN {
                u32::from_be_bytes([self.head[9], self.head[10], self.head[11], self.head[12]])
            } else {
                0
            };
            on_frame(Frame {
                kind,
                flags: self.head[4],
                stream: u32::from_be_bytes([
                    self.head[5],
                    self.head[6],
                    self.head[7],
                    self.head[8],
                ]) & 0x7fff_ffff,
                length,
                code,
            });
            self.skip = length - (self.wanted - HEADER_LEN) as u32;
            self.filled = 0;
            self.wanted = HEADER_LEN;
        }
        Follows::Http2
    }
}

/// A GOAWAY frame: no stream after `last_stream` was processed, for the reason `code`.
pub fn goaway(last_stream: u32, code: u32) -> [u8; HEADER_LEN + 8] {
    let mut frame = [0; HEADER_LEN + 8];
    frame[2] = 8;
    frame[3] = kind::GOAWAY;
    frame[9..13].copy_from_slice(&last_stream.to_be_bytes());
    frame[13..].copy_from_slice(&code.to_be_bytes());
    frame
}

/// One frame's bytes, for tests.
#[cfg(test)]
pub fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let mut bytes = (payload.len() as u32).to_be_bytes()[1..].to_vec();
    bytes.extend([kind, flags]);
    bytes.extend(stream.to_be_bytes());
    bytes.extend(payload);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_across_any_split_of_the_bytes() {
        let mut stream = PREFACE.to_vec();
        stream.extend(frame(kind::SETTINGS, 0, 0, &[0; 6]));
        stream.extend(frame(kind::HEADERS, 0x5, 1, b"\x82\x86\x84"));
        stream.extend(frame(kind::RST_STREAM, 0, 1, &8u32.to_be_bytes()));
        stream.extend(frame(kind::DATA, 1, 3, &[7; 300]));
        stream.extend(frame(kind::PING, 0, 0, &[1; 8]));
        let expected = vec![
            (kind::SETTINGS, 0, 0, 6, 0),
            (kind::HEADERS, 5, 1, 3, 0),
            (kind::RST_STREAM, 0, 1, 4, 8),
            (kind::DATA, 1, 3, 300, 0),
            (kind::PING, 0, 0, 8, 0),
        ];
        for chunk in [1, 2, 5, 9, 13, 64, stream.len()] {
            let mut follower = FrameFollower::client();
            let mut seen = Vec::new();
            for piece in stream.chunks(chunk) {
                let follows = follower.feed(piece, |f| {
                    seen.push((f.kind, f.flags, f.stream, f.length, f.code))
                });
                assert_eq!(follows, Follows::Http2);
            }
            assert_eq!(seen, expected, "read {chunk} bytes at a time");
            assert!(follower.at_boundary());
        }
    }

    #[test]
    fn http1_is_told_apart_from_the_first_bytes() {
        let mut follower = FrameFollower::client();
        assert_eq!(follower.feed(b"PRI * HT", |_| ()), Follows::Http2);
        assert_eq!(follower.feed(b"TP/1.1", |_| ()), Follows::Other);
        let mut follower = FrameFollower::client();
        assert_eq!(follower.feed(b"GET / HTTP/1.1\r\n", |_| ()), Follows::Other);
        assert_eq!(follower.feed(PREFACE, |_| ()), Follows::Other);
    }

    #[test]
    fn a_goaway_frame_names_the_last_stream_and_the_reason() {
        let mut follower = FrameFollower::server();
        let mut seen = None;
        follower.feed(&goaway(7, ENHANCE_YOUR_CALM), |f| seen = Some(f));
        let seen = seen.unwrap();
        assert_eq!((seen.kind, seen.stream, seen.length), (kind::GOAWAY, 0, 8));
    }
}
