//! Stopping without failing a request: after the listener closes, HTTP/2 connections get
//! GOAWAY at once and HTTP/1.1 connections answer their next request with `Connection: close`
//! for a short window (a request already on its way to an idle connection is answered, not cut
//! off); then every connection still open is shut down gracefully: in-flight requests finish
//! within the grace period, idle connections close.
//!
//! A connection reads the phase from an atomic each time it is polled, and its task's waker is
//! registered once, for the drain to wake it when the phase changes. (A `watch` channel's
//! `changed()` took a mutex shared by every connection on each poll of each connection.)

use std::collections::HashMap;
use std::future::{Future, poll_fn};
use std::pin::{Pin, pin};
use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use hyper_util::server::graceful::GracefulConnection;
use pin_project_lite::pin_project;
use tokio::sync::Notify;

/// How long HTTP/1.1 connections keep answering (with `Connection: close`) before idle ones
/// are closed. A client sending on a kept-alive connection gets its answer in this window.
pub const DRAIN_WINDOW: Duration = Duration::from_secs(1);

/// The phases, in order, as the atomic holds them.
const SERVING: u8 = 0;
const DRAINING: u8 = 1;
const CLOSING: u8 = 2;

/// The phase every connection of a listener follows.
#[derive(Debug, Default)]
pub struct Drain {
    shared: Arc<Shared>,
}

/// What the drain and its connections share.
#[derive(Debug, Default)]
struct Shared {
    /// [`SERVING`], [`DRAINING`] or [`CLOSING`].
    phase: AtomicU8,
    /// The waker of each connection's task by the connection's number, woken when the phase
    /// changes.
    wakers: Mutex<HashMap<u64, Waker>>,
    /// The number the next connection gets.
    next: AtomicU64,
    /// Connections not yet ended.
    open: AtomicUsize,
    /// Notified when the last open connection ends.
    all_ended: Notify,
}

/// Whether answers should close their HTTP/1.1 connection; cheap to read per answer.
#[derive(Debug, Clone)]
pub struct ClosingFlag(Arc<Shared>);

/// Follows the drain on behalf of one connection.
#[derive(Debug)]
pub struct Watcher {
    shared: Arc<Shared>,
    number: u64,
    /// The waker last registered for this connection, if any.
    registered: Option<Waker>,
}

pin_project! {
    /// A connection served to its end while it follows the drain (see [`Watcher::serve`]). A
    /// future of its own rather than an `async fn`: the arguments of an `async fn` keep their
    /// room in its future after they are moved, so the connection's state was held three times
    /// over in every connection's task.
    pub struct Following<F, S> {
        #[pin]
        connection: F,
        watcher: Watcher,
        http2: bool,
        // What shuts the connection down gracefully; taken when it is called.
        shut_down: Option<S>,
    }
}

impl<F, S> Future for Following<F, S>
where
    F: Future,
    S: FnOnce(Pin<&mut F>),
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let mut this = self.project();
        if this.shut_down.is_some() {
            this.watcher.register(cx.waker());
            if this.watcher.shuts_down(*this.http2)
                && let Some(shut_down) = this.shut_down.take()
            {
                shut_down(this.connection.as_mut());
            }
        }
        this.connection.poll(cx)
    }
}

impl Watcher {
    /// Serves `connection` to its end, following the drain: `http2` connections are shut down
    /// gracefully (GOAWAY) as soon as the drain starts, others when the window is over.
    pub fn serve<C>(self, connection: C, http2: bool) -> Following<C, fn(Pin<&mut C>)>
    where
        C: GracefulConnection,
    {
        self.follow(connection, http2, GracefulConnection::graceful_shutdown)
    }

    /// Runs `connection` to its end, calling `shut_down` on it once when its phase comes.
    fn follow<F, S>(self, connection: F, http2: bool, shut_down: S) -> Following<F, S> {
        Following {
            connection,
            watcher: self,
            http2,
            shut_down: Some(shut_down),
        }
    }

    /// Runs `first`, what a connection does before it is served (finding which protocol it
    /// speaks), unless the drain closes connections first: then `None`, as a connection that
    /// has sent no request has nothing in flight. Through the drain's window it still runs: a
    /// request on its way is answered.
    pub async fn unless_closed<F: Future>(&mut self, first: F) -> Option<F::Output> {
        let mut first = pin!(first);
        poll_fn(|cx| {
            self.register(cx.waker());
            if self.shuts_down(false) {
                return Poll::Ready(None);
            }
            first.as_mut().poll(cx).map(Some)
        })
        .await
    }

    /// Whether the drain's phase shuts this connection down now: an HTTP/2 connection as soon
    /// as the drain starts, any other (and one not yet speaking either protocol) once the window
    /// is over.
    fn shuts_down(&self, http2: bool) -> bool {
        let phase = self.shared.phase.load(Ordering::SeqCst);
        phase == CLOSING || (phase == DRAINING && http2)
    }

    /// Registers `waker` to be woken when the phase changes, unless it already is: once per
    /// connection, as a task's waker stays the same.
    fn register(&mut self, waker: &Waker) {
        if self
            .registered
            .as_ref()
            .is_some_and(|registered| registered.will_wake(waker))
        {
            return;
        }
        self.shared.wakers().insert(self.number, waker.clone());
        self.registered = Some(waker.clone());
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        if self.registered.is_some() {
            self.shared.wakers().remove(&self.number);
        }
        if self.shared.open.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.shared.all_ended.notify_waiters();
        }
    }
}

impl ClosingFlag {
    /// Whether the server is stopping.
    pub fn is_set(&self) -> bool {
        self.0.phase.load(Ordering::Relaxed) != SERVING
    }
}

impl Shared {
    fn wakers(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Waker>> {
        self.wakers.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Moves every connection to `phase` and wakes them to act on it. The phase is stored
    /// before the wakers are read: a connection that read the old phase had registered its
    /// waker before, so it is woken.
    fn enter(&self, phase: u8) {
        self.phase.store(phase, Ordering::SeqCst);
        for waker in self.wakers().values() {
            waker.wake_by_ref();
        }
    }

    /// Completes once no connection is open.
    async fn all_ended(&self) {
        loop {
            let mut notified = pin!(self.all_ended.notified());
            notified.as_mut().enable();
            if self.open.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drain {
    /// The flag answers read to add `Connection: close`.
    pub fn closing_flag(&self) -> ClosingFlag {
        ClosingFlag(self.shared.clone())
    }

    /// A watcher for one more connection; the drain waits for it to end.
    pub fn watcher(&self) -> Watcher {
        self.shared.open.fetch_add(1, Ordering::SeqCst);
        Watcher {
            shared: self.shared.clone(),
            number: self.shared.next.fetch_add(1, Ordering::Relaxed),
            registered: None,
        }
    }

    /// Drains every connection served through a [`Watcher`]: the window, then graceful
    /// shutdown, until all have ended or `grace` (counted from now) is over.
    pub async fn run(self, grace: Duration) {
        self.shared.enter(DRAINING);
        let window = DRAIN_WINDOW.min(grace);
        if tokio::time::timeout(window, self.shared.all_ended())
            .await
            .is_ok()
        {
            return;
        }
        self.shared.enter(CLOSING);
        if tokio::time::timeout(grace - window, self.shared.all_ended())
            .await
            .is_err()
        {
            tracing::warn!("grace period over; closing the remaining connections");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A connection that never ends by itself, only once shut down; counts its polls.
    struct Endless {
        shut_down: bool,
        polls: Arc<AtomicUsize>,
    }

    impl Future for Endless {
        type Output = ();

        fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<()> {
            self.polls.fetch_add(1, Ordering::SeqCst);
            if self.shut_down {
                Poll::Ready(())
            } else {
                Poll::Pending
            }
        }
    }

    /// A connection of `drain`, served on a task; how often it was polled.
    fn serve(drain: &Drain, http2: bool) -> (tokio::task::JoinHandle<()>, Arc<AtomicUsize>) {
        let polls = Arc::new(AtomicUsize::new(0));
        let connection = Endless {
            shut_down: false,
            polls: polls.clone(),
        };
        let shut_down = |mut connection: Pin<&mut Endless>| connection.shut_down = true;
        let task = tokio::spawn(drain.watcher().follow(connection, http2, shut_down));
        (task, polls)
    }

    #[tokio::test]
    async fn http2_connections_shut_down_at_once_http1_after_the_window() {
        let drain = Drain::default();
        let closing = drain.closing_flag();
        let (h1, h1_polls) = serve(&drain, false);
        let (h2, _) = serve(&drain, true);
        while h1_polls.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        tokio::task::yield_now().await;
        assert_eq!(
            h1_polls.load(Ordering::SeqCst),
            1,
            "polled once, then waits"
        );
        assert!(!closing.is_set());

        let started = std::time::Instant::now();
        let draining = tokio::spawn(drain.run(Duration::from_secs(10)));
        h2.await.unwrap();
        assert!(closing.is_set());
        assert!(!h1.is_finished(), "HTTP/1.1 answers through the window");

        h1.await.unwrap();
        assert!(started.elapsed() >= DRAIN_WINDOW);
        draining.await.unwrap();
    }

    #[tokio::test]
    async fn a_connection_yet_to_send_anything_is_waited_for_through_the_window_only() {
        let drain = Drain::default();
        let mut silent = drain.watcher();
        let silent = tokio::spawn(async move {
            silent
                .unless_closed(std::future::pending::<()>())
                .await
                .is_none()
        });
        let (arrives, arrived) = oneshot_pair();
        let mut late = drain.watcher();
        let late = tokio::spawn(async move { late.unless_closed(arrived).await });
        tokio::task::yield_now().await;

        let started = std::time::Instant::now();
        let draining = tokio::spawn(drain.run(Duration::from_secs(10)));
        arrives.send(()).unwrap();
        assert!(
            late.await.unwrap().is_some(),
            "first bytes arriving in the window are served"
        );
        assert!(silent.await.unwrap(), "a silent connection is closed");
        assert!(started.elapsed() >= DRAIN_WINDOW);
        draining.await.unwrap();
    }

    /// A sender, and a future that completes once it has sent.
    fn oneshot_pair() -> (
        tokio::sync::oneshot::Sender<()>,
        impl Future<Output = ()> + Send,
    ) {
        let (send, receive) = tokio::sync::oneshot::channel();
        (send, async move {
            let _ = receive.await;
        })
    }

    #[tokio::test]
    async fn the_drain_ends_when_no_connection_is_open() {
        Drain::default().run(Duration::from_secs(600)).await;
        let drain = Drain::default();
        let (h2, _) = serve(&drain, true);
        drain.run(Duration::from_secs(600)).await;
        h2.await.unwrap();
    }
}
