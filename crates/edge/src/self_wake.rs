//! An HTTP/2 connection's future polled again at once when it wakes itself while it is polled,
//! instead of being queued behind every other connection of its thread.
//!
//! An HTTP/2 answer made at once (`stream_exec.rs`) is handed to the HTTP/2 library while the
//! connection's future is polled, and the library wakes the connection's task to send it. The
//! answer has gone out in that same poll, but the task, woken while it ran, is queued again at
//! the back of the thread's run queue. Its next poll came one turn of every other connection
//! later, often just before the client's next requests arrived: it found nothing, and those
//! requests then waited a further full turn for their own wake-up. Under h2load with 50
//! connections of 10 streams, a fifth of the answers took that second turn, and the p99 was
//! twice the median (`scripts/bench/README.md` has the figures).
//!
//! Here the future is polled with a waker of its own. A wake that comes while the future is
//! being polled only notes that it came; once the poll has returned `Pending`, the future is
//! polled again at once, and its task is woken (queued) only if it wakes itself again then. A
//! wake at any other time wakes the task as before, and a future that yields on purpose (tokio's
//! cooperative budget wakes its task from within the poll) still yields, after one more poll.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::task::{Context, Poll, Wake, Waker};

use futures_util::task::AtomicWaker;
use pin_project_lite::pin_project;

/// The future is not being polled.
const IDLE: u8 = 0;
/// The future is being polled, and has not woken itself.
const POLLING: u8 = 1;
/// The future is being polled, and has woken itself.
const POLLING_WOKEN: u8 = 2;

/// How many times a poll that woke itself is followed at once by another.
const POLLS_AGAIN: usize = 1;

/// `future`, polled again at once when it wakes itself while it is polled (see the module's
/// documentation).
pub fn polled_again_when_self_woken<F: Future>(future: F) -> PolledAgain<F> {
    let shared = Arc::new(Shared {
        state: AtomicU8::new(IDLE),
        task: AtomicWaker::new(),
    });
    PolledAgain {
        future,
        waker: Waker::from(shared.clone()),
        shared,
    }
}

pin_project! {
    /// A future polled again at once when it wakes itself (see
    /// [`polled_again_when_self_woken`]).
    pub struct PolledAgain<F> {
        #[pin]
        future: F,
        // The waker the future is polled with.
        waker: Waker,
        shared: Arc<Shared>,
    }
}

/// What the future's waker and its poll share.
#[derive(Debug)]
struct Shared {
    /// `IDLE`, `POLLING` or `POLLING_WOKEN`.
    state: AtomicU8,
    /// The task that polls the future, to wake when the future is woken outside its poll.
    task: AtomicWaker,
}

impl Wake for Shared {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        let noted = self.state.compare_exchange(
            POLLING,
            POLLING_WOKEN,
            Ordering::AcqRel,
            Ordering::Acquire,
        );
        if noted == Err(IDLE) {
            self.task.wake();
        }
    }
}

impl<F: Future> Future for PolledAgain<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let mut this = self.project();
        this.shared.task.register(cx.waker());
        let mut own = Context::from_waker(this.waker);
        for _ in 0..=POLLS_AGAIN {
            this.shared.state.store(POLLING, Ordering::Release);
            let polled = this.future.as_mut().poll(&mut own);
            let woken = this.shared.state.swap(IDLE, Ordering::AcqRel) == POLLING_WOKEN;
            if polled.is_ready() || !woken {
                return polled;
            }
        }
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// A future that wakes itself in its first `self_wakes` polls, and is ready in the poll after.
    struct WakesItself {
        polls: usize,
        self_wakes: usize,
    }

    impl Future for WakesItself {
        type Output = usize;

        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<usize> {
            self.polls += 1;
            if self.polls > self.self_wakes {
                return Poll::Ready(self.polls);
            }
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }

    /// A waker that counts its wakes.
    #[derive(Default)]
    struct Counting(AtomicUsize);

    impl Wake for Counting {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// One poll of a future that wakes itself in its first `self_wakes` polls: what it gave,
    /// and how many times its task was woken.
    fn polled_once(self_wakes: usize) -> (Poll<usize>, usize) {
        let task = Arc::new(Counting::default());
        let waker = Waker::from(task.clone());
        let mut future = Box::pin(polled_again_when_self_woken(WakesItself {
            polls: 0,
            self_wakes,
        }));
        let polled = future.as_mut().poll(&mut Context::from_waker(&waker));
        (polled, task.0.load(Ordering::Relaxed))
    }

    #[test]
    fn a_future_that_wakes_itself_once_is_polled_again_without_waking_its_task() {
        assert_eq!(polled_once(1), (Poll::Ready(2), 0));
    }

    #[test]
    fn a_future_that_keeps_waking_itself_still_yields_its_task() {
        assert_eq!(polled_once(10), (Poll::Pending, 1));
    }

    #[test]
    fn a_wake_outside_a_poll_wakes_the_task() {
        let task = Arc::new(Counting::default());
        let waker = Waker::from(task.clone());
        let mut pending = Box::pin(polled_again_when_self_woken(std::future::pending::<()>()));
        assert!(
            pending
                .as_mut()
                .poll(&mut Context::from_waker(&waker))
                .is_pending()
        );
        pending.waker.wake_by_ref();
        assert_eq!(task.0.load(Ordering::Relaxed), 1);
    }
}
