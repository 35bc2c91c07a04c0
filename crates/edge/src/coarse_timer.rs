//! The timer of HTTP/1.1 connections, for their header read timeout: each connection thread
//! keeps the deadlines of its connections in a table of its own and checks them every [`TICK`],
//! instead of tokio's timer wheel.
//!
//! The HTTP library starts the timeout each time a connection waits for a request's head and
//! drops it once the head has come: on a kept-alive connection, once per request. With tokio's
//! timer each start was an allocation of a timer entry, its registration in the runtime's wheel
//! and its removal (its cost per answer: `scripts/bench/README.md`, "Figures the code's choices
//! rest on"). Here it is a deadline and a slot in the thread's table. A
//! deadline is noticed at the first check after it: a connection is closed up to one tick after
//! its timeout.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use hyper::rt::{Sleep, Timer};
use slab::Slab;
use tokio::time::MissedTickBehavior;

/// How often a thread's deadlines are checked, while it has any.
pub const TICK: Duration = Duration::from_millis(250);

/// The timer (see the module's documentation). Its sleeps must be polled and dropped on the
/// thread that first polled them, as a connection thread's connections are.
#[derive(Debug, Clone, Copy, Default)]
pub struct CoarseTimer;

impl Timer for CoarseTimer {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn Sleep>> {
        self.sleep_until(Instant::now() + duration)
    }

    fn sleep_until(&self, deadline: Instant) -> Pin<Box<dyn Sleep>> {
        Box::pin(CoarseSleep {
            deadline,
            slot: None,
        })
    }
}

thread_local! {
    /// The deadlines of the sleeps polled on this thread.
    static TABLE: RefCell<Table> = RefCell::new(Table::default());
}

/// One thread's deadlines.
#[derive(Debug, Default)]
struct Table {
    entries: Slab<Entry>,
    /// Whether the task that checks them runs.
    checking: bool,
}

/// A sleep waiting for its deadline.
#[derive(Debug)]
struct Entry {
    deadline: Instant,
    /// The waker of the sleep's task; taken when the deadline has passed.
    waker: Option<Waker>,
}

/// A sleep of [`CoarseTimer`].
#[derive(Debug)]
struct CoarseSleep {
    deadline: Instant,
    /// Its entry in its thread's table, once polled.
    slot: Option<usize>,
}

impl Future for CoarseSleep {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let sleep = self.get_mut();
        TABLE.with_borrow_mut(|table| match sleep.slot {
            Some(slot) => match &mut table.entries[slot].waker {
                None => Poll::Ready(()),
                Some(waker) => {
                    waker.clone_from(cx.waker());
                    Poll::Pending
                }
            },
            None => {
                sleep.slot = Some(table.entries.insert(Entry {
                    deadline: sleep.deadline,
                    waker: Some(cx.waker().clone()),
                }));
                if !table.checking {
                    table.checking = true;
                    tokio::spawn(check_deadlines());
                }
                Poll::Pending
            }
        })
    }
}

impl Sleep for CoarseSleep {}

impl Drop for CoarseSleep {
    fn drop(&mut self) {
        if let Some(slot) = self.slot {
            // A sleep dropped while its thread's table is borrowed (a waker dropped by the
            // check) or gone (the thread ending) leaves its entry: it is never woken again.
            let _ = TABLE.try_with(|table| {
                if let Ok(mut table) = table.try_borrow_mut() {
                    table.entries.try_remove(slot);
                }
            });
        }
    }
}

/// Wakes, every [`TICK`], the sleeps of this thread whose deadline has passed; ends when the
/// thread has none left.
async fn check_deadlines() {
    let mut ticks = tokio::time::interval(TICK);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let now = Instant::now();
        let due: Option<Vec<Waker>> = TABLE.with_borrow_mut(|table| {
            if table.entries.is_empty() {
                table.checking = false;
                return None;
            }
            Some(
                table
                    .entries
                    .iter_mut()
                    .filter(|(_, entry)| entry.deadline <= now)
                    .filter_map(|(_, entry)| entry.waker.take())
                    .collect(),
            )
        });
        let Some(due) = due else { return };
        due.into_iter().for_each(Waker::wake);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> usize {
        TABLE.with_borrow(|table| table.entries.len())
    }

    #[tokio::test]
    async fn a_sleep_ends_after_its_deadline_within_a_tick_or_so() {
        let timer = CoarseTimer;
        let started = Instant::now();
        timer.sleep(Duration::from_millis(300)).await;
        let slept = started.elapsed();
        assert!(slept >= Duration::from_millis(300), "{slept:?}");
        assert!(slept < Duration::from_millis(300) + 8 * TICK, "{slept:?}");
        assert_eq!(entries(), 0, "its entry went with it");
    }

    #[tokio::test]
    async fn a_sleep_past_its_deadline_ends_at_the_next_check() {
        CoarseTimer
            .sleep_until(Instant::now() - Duration::from_secs(1))
            .await;
        assert_eq!(entries(), 0);
    }

    #[tokio::test]
    async fn a_dropped_sleep_leaves_no_entry_and_the_check_stops_with_the_last() {
        let mut sleep = CoarseTimer.sleep(Duration::from_secs(60));
        let mut cx = Context::from_waker(Waker::noop());
        assert!(sleep.as_mut().poll(&mut cx).is_pending());
        assert_eq!(entries(), 1);
        assert!(TABLE.with_borrow(|table| table.checking));
        drop(sleep);
        assert_eq!(entries(), 0);
        let stopped = async {
            while TABLE.with_borrow(|table| table.checking) {
                tokio::time::sleep(TICK).await;
            }
        };
        tokio::time::timeout(Duration::from_secs(10), stopped)
            .await
            .expect("the check stops at its next tick");
    }
}
