//! The threads that serve connections: one single-threaded runtime per core, each keeping the
//! connections handed to it from the accept to the close, as a web server's worker processes do.
//!
//! On tokio's multi-threaded scheduler a connection's task moves between workers: a worker that
//! runs out of work steals from the other, and a connection woken by the kernel on one thread is
//! often run on the other, each hand-over a cross-thread wake-up. With a connection pinned to
//! one thread, its requests are read, answered and written where its socket is polled, and every
//! ready connection of a thread is served in turn from one queue.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures_util::future::join_all;

use tokio::net::TcpStream;
use tokio::runtime::{Builder, Handle};
use tokio::sync::oneshot;

/// How many tasks a connection thread runs from its own queue before it takes one from the
/// queue of tasks handed to it from other threads: the connections just accepted.
///
/// When thousands of clients connect at once, each thread's own queue is full of the
/// connections it already serves, and tokio visits the other queue by default once per 31
/// tasks: the first request of a new connection then waits behind 31 answers for each
/// connection ahead of it (`scripts/bench/README.md` has the figures).
const NEW_CONNECTIONS_INTERVAL: u32 = 2;

/// The connection threads of one listener. Dropping it stops them: each thread's runtime is
/// shut down on its own thread, which drops the connections still open there.
#[derive(Debug)]
pub struct ConnectionThreads {
    threads: Vec<ConnectionThread>,
    next: AtomicUsize,
}

/// One connection thread: where to spawn on it, and the sender whose drop stops it.
#[derive(Debug)]
struct ConnectionThread {
    runtime: Handle,
    _stop: oneshot::Sender<()>,
}

impl ConnectionThreads {
    /// Starts one connection thread per core the process may use.
    pub fn start(name: &str) -> std::io::Result<Self> {
        let cores = std::thread::available_parallelism().map_or(1, |count| count.get());
        Self::start_threads(name, cores)
    }

    /// Starts `count` connection threads, named `{name}-0` and so on.
    fn start_threads(name: &str, count: usize) -> std::io::Result<Self> {
        let threads = (0..count)
            .map(|index| ConnectionThread::start(&format!("{name}-{index}")))
            .collect::<std::io::Result<_>>()?;
        Ok(Self {
            threads,
            next: AtomicUsize::new(0),
        })
    }

    /// Hands `stream` to the next thread in turn, where `serve` runs it to its end.
    pub fn serve<F, Fut>(&self, stream: TcpStream, serve: F)
    where
        F: FnOnce(TcpStream) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let index = self.next.fetch_add(1, Ordering::Relaxed) % self.threads.len();
        let stream = match stream.into_std() {
            Ok(stream) => stream,
            Err(error) => {
                tracing::debug!(%error, "an accepted connection could not be handed over");
                return;
            }
        };
        self.threads[index].runtime.spawn(async move {
            match TcpStream::from_std(stream) {
                Ok(stream) => serve(stream).await,
                Err(error) => tracing::debug!(%error, "an accepted connection could not be polled"),
            }
        });
    }

    /// Whether every thread runs a task handed to it within `limit`: a thread stuck in one
    /// connection's work does not, and neither does a thread that has stopped.
    pub async fn responsive(&self, limit: Duration) -> bool {
        let probes = join_all(
            self.threads
                .iter()
                .map(|thread| thread.runtime.spawn(async {})),
        );
        tokio::time::timeout(limit, probes)
            .await
            .is_ok_and(|probed| probed.iter().all(Result::is_ok))
    }
}

impl ConnectionThread {
    fn start(name: &str) -> std::io::Result<Self> {
        let runtime = Builder::new_current_thread()
            .enable_all()
            .global_queue_interval(NEW_CONNECTIONS_INTERVAL)
            .build()?;
        let handle = runtime.handle().clone();
        let (stop, stopped) = oneshot::channel::<()>();
        std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                let _ = runtime.block_on(stopped);
            })?;
        Ok(Self {
            runtime: handle,
            _stop: stop,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    /// Accepts one connection from a new client on `listener` and hands it to `threads`, which
    /// answer with the name of the thread serving it, then keep it open until the client sends
    /// a byte (answered with the name again, from the same thread) or the thread stops.
    async fn connect(threads: &ConnectionThreads, listener: &TcpListener) -> TcpStream {
        let client = TcpStream::connect(listener.local_addr().unwrap());
        let (client, accepted) = tokio::join!(client, listener.accept());
        threads.serve(accepted.unwrap().0, |mut stream| async move {
            let name = || std::thread::current().name().unwrap_or_default().to_owned();
            let _ = stream.write_all(format!("{}\n", name()).as_bytes()).await;
            let mut byte = [0u8; 1];
            while stream.read(&mut byte).await.is_ok_and(|read| read > 0) {
                let _ = stream.write_all(format!("{}\n", name()).as_bytes()).await;
            }
        });
        client.unwrap()
    }

    async fn read_line(client: &mut TcpStream) -> String {
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        while client.read(&mut byte).await.unwrap() == 1 && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        String::from_utf8(line).unwrap()
    }

    #[tokio::test]
    async fn connections_take_turns_between_threads_and_each_stays_on_its_own() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let threads = ConnectionThreads::start_threads("test-connections", 2).unwrap();
        let mut clients = Vec::new();
        for _ in 0..4 {
            clients.push(connect(&threads, &listener).await);
        }
        let mut first = Vec::new();
        for client in &mut clients {
            first.push(read_line(client).await);
        }
        assert_eq!(
            first,
            [
                "test-connections-0",
                "test-connections-1",
                "test-connections-0",
                "test-connections-1"
            ]
        );
        for (client, name) in clients.iter_mut().zip(&first) {
            for _ in 0..3 {
                client.write_all(b"?").await.unwrap();
                assert_eq!(&read_line(client).await, name);
            }
        }
    }

    #[tokio::test]
    async fn a_thread_stuck_in_a_connection_is_not_responsive() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let threads = ConnectionThreads::start_threads("test-stuck", 2).unwrap();
        let limit = Duration::from_secs(1);
        assert!(threads.responsive(limit).await);
        let (release, released) = std::sync::mpsc::channel::<()>();
        let (stuck, stuck_signal) = tokio::sync::oneshot::channel::<()>();
        let client = TcpStream::connect(listener.local_addr().unwrap());
        let (_client, accepted) = tokio::join!(client, listener.accept());
        threads.serve(accepted.unwrap().0, move |_stream| async move {
            let _ = stuck.send(());
            let _ = released.recv();
        });
        stuck_signal.await.unwrap();
        assert!(!threads.responsive(Duration::from_millis(200)).await);
        release.send(()).unwrap();
        assert!(threads.responsive(limit).await);
    }

    #[tokio::test]
    async fn stopping_the_threads_closes_their_connections() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let threads = ConnectionThreads::start_threads("test-stopping", 2).unwrap();
        let mut client = connect(&threads, &listener).await;
        assert_eq!(read_line(&mut client).await, "test-stopping-0");
        drop(threads);
        let mut rest = Vec::new();
        client.read_to_end(&mut rest).await.unwrap();
        assert!(
            rest.is_empty(),
            "nothing more is sent, the connection just closes"
        );
    }
}
