//! The writes of a TLS connection gathered over one turn of its task, and sent in one go when
//! the turn ends.
//!
//! The HTTP/2 library flushes after every answer's DATA frame, so the answers to streams that
//! arrived together would each become a TLS record and a system call of their own. Here a
//! write only encrypts into the TLS session's buffer (bounded by rustls, 64 KiB by default),
//! a flush only notes that there is something to send, and when the connection's future has
//! been polled, [`Flusher::after_each_turn`] writes everything out: one `writev` for all the
//! answers of the turn. Nothing waits longer than the turn that wrote it.

use std::future::Future;
use std::io::{self, IoSlice};
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_rustls::server::TlsStream;

/// A TLS stream whose writes are gathered, and the flusher that sends them.
pub fn batched<T>(stream: TlsStream<T>) -> (Batched<T>, Flusher<T>) {
    let shared = Arc::new(Mutex::new(Shared {
        tls: stream,
        unsent: false,
    }));
    (
        Batched {
            shared: shared.clone(),
        },
        Flusher { shared },
    )
}

#[derive(Debug)]
struct Shared<T> {
    tls: TlsStream<T>,
    /// Whether something was written since the last complete flush.
    unsent: bool,
}

/// The connection as HTTP sees it (see [`batched`]).
#[derive(Debug)]
pub struct Batched<T> {
    shared: Arc<Mutex<Shared<T>>>,
}

/// Sends what a turn of the connection's task wrote (see [`batched`]).
#[derive(Debug)]
pub struct Flusher<T> {
    shared: Arc<Mutex<Shared<T>>>,
}

/// The shared state; a panic elsewhere cannot leave it half-changed (every change is one
/// assignment or a call into rustls), so a poisoned lock is taken as it is.
fn lock<T>(shared: &Mutex<Shared<T>>) -> MutexGuard<'_, Shared<T>> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<T: AsyncRead + AsyncWrite + Unpin> Shared<T> {
    /// Encrypts what `write` takes into the session's buffer; when that buffer is full, first
    /// sends it (waiting for the socket if need be).
    fn poll_write_with(
        &mut self,
        cx: &mut Context<'_>,
        empty: bool,
        write: impl Fn(&mut rustls::ServerConnection) -> io::Result<usize>,
    ) -> Poll<io::Result<usize>> {
        loop {
            let written = write(self.tls.get_mut().1)?;
            if written > 0 || empty {
                self.unsent |= written > 0;
                return Poll::Ready(Ok(written));
            }
            ready!(Pin::new(&mut self.tls).poll_flush(cx))?;
        }
    }
}

impl<T: AsyncRead + AsyncWrite + Unpin> AsyncRead for Batched<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut lock(&self.shared).tls).poll_read(cx, buf)
    }
}

impl<T: AsyncRead + AsyncWrite + Unpin> AsyncWrite for Batched<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        lock(&self.shared).poll_write_with(cx, buf.is_empty(), |tls| {
            io::Write::write(&mut tls.writer(), buf)
        })
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let empty = bufs.iter().all(|buf| buf.is_empty());
        lock(&self.shared).poll_write_with(cx, empty, |tls| {
            io::Write::write_vectored(&mut tls.writer(), bufs)
        })
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        // Sent when the turn ends (see `Flusher::after_each_turn`).
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut lock(&self.shared).tls).poll_shutdown(cx)
    }
}

impl<T: AsyncRead + AsyncWrite + Unpin> Flusher<T> {
    /// Runs `future` (the connection), sending what it wrote after each of its turns. An error
    /// from the socket is left for the connection's next read or write to meet.
    pub async fn after_each_turn<F: Future>(self, future: F) -> F::Output {
        let mut future = pin!(future);
        std::future::poll_fn(|cx| {
            let polled = future.as_mut().poll(cx);
            let mut shared = lock(&self.shared);
            if shared.unsent {
                match Pin::new(&mut shared.tls).poll_flush(cx) {
                    Poll::Ready(_) => shared.unsent = false,
                    // The socket is full: the task is woken when it takes more.
                    Poll::Pending => {}
                }
            }
            polled
        })
        .await
    }
}
