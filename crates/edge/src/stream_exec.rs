//! The executor of HTTP/2 streams: each stream is first polled at once on its connection's own
//! task, and only a stream that is still waiting then becomes a task of its own.
//!
//! Most answers are ready at once (documents, files, redirects and cached API answers come
//! from memory), so a stream usually finishes in that first poll: its answer is queued before
//! the connection writes, the answers of all the streams that arrived together go out in the
//! same pass, and no task is spawned, scheduled or woken across threads for it.

use std::future::Future;
use std::task::{Context, Waker};

/// Polls each stream once where it is handed over, and spawns it on the Tokio runtime if it is
/// not finished.
#[derive(Debug, Clone, Copy, Default)]
pub struct FirstPollInline;

impl<F> hyper::rt::Executor<F> for FirstPollInline
where
    F: Future<Output = ()> + Send + 'static,
{
    fn execute(&self, future: F) {
        let mut future = Box::pin(future);
        // Nothing is lost by not being woken here: the spawned task polls the stream again
        // first thing, which registers its own waker wherever the stream waits.
        let mut cx = Context::from_waker(Waker::noop());
        if future.as_mut().poll(&mut cx).is_pending() {
            tokio::spawn(future);
        }
    }
}
