//! Tells open preview pages to reload: a generation number, sent as server-sent events to a
//! small script every preview page loads. The generation starts at a random value, so pages
//! left open across a restart of the server reload too.

use std::convert::Infallible;
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use tokio::sync::watch;

/// The script that reloads the page when the generation it first saw changes.
pub const RELOAD_SCRIPT: &str = r#"// custody-site preview: reload when the content changes or the server restarts.
let seen = null;
new EventSource("/_dev/events").addEventListener("generation", (event) => {
  if (seen !== null && event.data !== seen) location.reload();
  seen = event.data;
});
"#;

/// The module every preview document starts: the reload script, Vite's hot-reload client and
/// the interface's entry, all served through this binary.
pub const PREVIEW_ENTRY: &str = r#"import "/_dev/reload.js";
import "/_app/@vite/client";
import "/_app/src/entry-client.tsx";
"#;

/// The current generation; `None` once the server is shutting down (open streams end, so they
/// do not hold the graceful shutdown up).
#[derive(Debug)]
pub struct Reloads {
    generation: watch::Sender<Option<u64>>,
}

impl Default for Reloads {
    fn default() -> Self {
        Self {
            generation: watch::Sender::new(Some(fastrand::u64(..))),
        }
    }
}

impl Reloads {
    /// Every open page reloads.
    pub fn announce(&self) {
        self.generation
            .send_modify(|generation| *generation = generation.map(|g| g.wrapping_add(1)));
    }

    /// Ends every open event stream.
    pub fn close(&self) {
        self.generation.send_replace(None);
    }

    /// `GET /_dev/events`: the generation now and after every change.
    pub fn events(&self) -> Response {
        let receiver = self.generation.subscribe();
        let generations = stream::unfold((receiver, true), |(mut receiver, first)| async move {
            if !first && receiver.changed().await.is_err() {
                return None;
            }
            let generation = (*receiver.borrow_and_update())?;
            let event = Event::default()
                .event("generation")
                .data(generation.to_string());
            Some((Ok::<_, Infallible>(event), (receiver, false)))
        });
        Sse::new(generations)
            .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
            .into_response()
    }
}
