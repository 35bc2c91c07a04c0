//! An HTTP/2 connection's byte stream with the abuse guard (`h2_guard.rs`) applied: every byte
//! read and written passes the guard, and a connection it condemns is ended with a GOAWAY
//! (`ENHANCE_YOUR_CALM`) where one fits between the frames being written, then an I/O error that
//! makes the HTTP/2 library drop it. One warning line and one count per closed connection.

use std::io::{self, IoSlice};
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

use super::h2_frames::{ENHANCE_YOUR_CALM, goaway};
use super::h2_guard::{Abuse, Guard};
use custody_metrics::metrics;

/// `io`, the connection with `peer`, guarded; answers may wait `stall_limit` for the client.
pub fn guarded<T>(io: T, peer: SocketAddr, stall_limit: Duration) -> Guarded<T> {
    Guarded {
        io,
        guard: Guard::new(stall_limit),
        peer,
        closed: None,
        timer: None,
    }
}

/// A guarded connection (see [`guarded`]).
#[derive(Debug)]
pub struct Guarded<T> {
    io: T,
    guard: Guard,
    peer: SocketAddr,
    /// Why the connection was closed, once it was.
    closed: Option<Abuse>,
    /// Wakes the connection when its answers may have stalled for too long.
    timer: Option<Pin<Box<Sleep>>>,
}

impl<T: AsyncRead + AsyncWrite + Unpin> Guarded<T> {
    /// Ends the connection for `abuse`: counts and logs it, sends a GOAWAY if one fits without
    /// waiting, and returns the error every later read or write gets too.
    fn close(&mut self, abuse: Abuse, cx: &mut Context<'_>) -> io::Error {
        if self.closed.is_none() {
            self.closed = Some(abuse);
            metrics().record_http2_abuse(abuse.label());
            tracing::warn!(peer = %self.peer, reason = abuse.label(), "closed an abusive HTTP/2 connection");
            if self.guard.server_at_boundary() {
                let frame = goaway(self.guard.last_stream(), ENHANCE_YOUR_CALM);
                let io = Pin::new(&mut self.io);
                if let Poll::Ready(Ok(n)) = io.poll_write(cx, &frame)
                    && n == frame.len()
                {
                    let _ = Pin::new(&mut self.io).poll_flush(cx);
                }
            }
            let _ = Pin::new(&mut self.io).poll_shutdown(cx);
        }
        closed_error(abuse)
    }

    /// The verdict on what just passed, acted on.
    fn settle<R>(
        &mut self,
        cx: &mut Context<'_>,
        verdict: Result<(), Abuse>,
        ok: R,
    ) -> Poll<io::Result<R>> {
        match verdict {
            Ok(()) => Poll::Ready(Ok(ok)),
            Err(abuse) => Poll::Ready(Err(self.close(abuse, cx))),
        }
    }

    /// Called where the connection would wait: fails once the answers have waited too long,
    /// and otherwise makes sure the connection is woken when they will have.
    fn poll_stall(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        loop {
            let Some(deadline) = self.guard.stall_deadline() else {
                return Poll::Pending;
            };
            if Instant::now() >= deadline {
                return Poll::Ready(Err(self.close(Abuse::StalledWindow, cx)));
            }
            // Progress only moves the deadline later, so the timer is set again when it runs
            // out early rather than each time the deadline moves.
            let timer = self
                .timer
                .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline.into())));
            if timer.as_mut().poll(cx).is_pending() {
                return Poll::Pending;
            }
            timer.as_mut().reset(deadline.into());
        }
    }

    /// Writes with `write` (the bytes of `bufs`), then feeds what was written to the guard.
    fn poll_written(
        &mut self,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
        write: impl FnOnce(&mut T, &mut Context<'_>) -> Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        if let Some(abuse) = self.closed {
            return Poll::Ready(Err(closed_error(abuse)));
        }
        let written = match write(&mut self.io, cx) {
            Poll::Ready(Ok(n)) => n,
            Poll::Ready(Err(error)) => return Poll::Ready(Err(error)),
            Poll::Pending => return self.poll_stall(cx).map_ok(|()| 0),
        };
        let mut left = written;
        let mut verdict = Ok(());
        for buf in bufs {
            let taken = buf.len().min(left);
            verdict = verdict.and_then(|()| self.guard.on_write(&buf[..taken]));
            left -= taken;
        }
        self.settle(cx, verdict, written)
    }
}

/// The error of a read or write on a connection closed for `abuse`.
fn closed_error(abuse: Abuse) -> io::Error {
    io::Error::new(
        io::ErrorKind::ConnectionAborted,
        format!("HTTP/2 connection closed: {}", abuse.label()),
    )
}

impl<T: AsyncRead + AsyncWrite + Unpin> AsyncRead for Guarded<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Some(abuse) = this.closed {
            return Poll::Ready(Err(closed_error(abuse)));
        }
        let before = buf.filled().len();
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                let verdict = this.guard.on_read(&buf.filled()[before..]);
                this.settle(cx, verdict, ())
            }
            Poll::Ready(Err(error)) => Poll::Ready(Err(error)),
            Poll::Pending => this.poll_stall(cx),
        }
    }
}

impl<T: AsyncRead + AsyncWrite + Unpin> AsyncWrite for Guarded<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.get_mut()
            .poll_written(cx, &[IoSlice::new(buf)], |io, cx| {
                Pin::new(io).poll_write(cx, buf)
            })
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.get_mut().poll_written(cx, bufs, |io, cx| {
            Pin::new(io).poll_write_vectored(cx, bufs)
        })
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.io).poll_flush(cx) {
            Poll::Pending => this.poll_stall(cx),
            ready => ready,
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}
