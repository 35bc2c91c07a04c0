//! Error documents made per request from a template rendered once: the document of an error
//! page with a marker where the request path goes, cut at every marker, so answering a 404 is
//! joining the pieces around the path escaped for where it stands (HTML text, or a JSON string
//! inside the runtime-configuration script).

use super::document::{html_escape, script_safe};

/// Where the path stands in the document, and so how it is escaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Context {
    /// Element text or attribute value.
    Html,
    /// Inside a JSON string in a `<script>` element.
    ScriptJson,
}

/// An error document cut at its request-path markers.
#[derive(Debug, Clone)]
pub struct ErrorTemplate {
    /// The text between markers: one more piece than there are markers.
    pieces: Vec<String>,
    /// The context of each marker.
    contexts: Vec<Context>,
}

impl ErrorTemplate {
    /// Cuts `document`, rendered with `marker` as the request path, at every `marker`. Markers
    /// after `script_start` (where the JSON configuration begins) are JSON, the others HTML.
    /// `marker` must read the same escaped in both contexts (letters, digits and `_`).
    pub fn new(document: &str, marker: &str, script_start: &str) -> Self {
        debug_assert!(
            marker
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
        );
        let script = document.find(script_start).unwrap_or(document.len());
        let mut pieces = Vec::new();
        let mut contexts = Vec::new();
        let mut rest = 0;
        for (at, _) in document.match_indices(marker) {
            pieces.push(document[rest..at].to_owned());
            contexts.push(if at > script {
                Context::ScriptJson
            } else {
                Context::Html
            });
            rest = at + marker.len();
        }
        pieces.push(document[rest..].to_owned());
        Self { pieces, contexts }
    }

    /// The document for `path` (already decoded for display).
    pub fn render(&self, path: &str) -> String {
        let html = html_escape(path);
        let json = json_string_content(path);
        let length: usize = self.pieces.iter().map(String::len).sum();
        let mut out =
            String::with_capacity(length + self.contexts.len() * json.len().max(html.len()));
        for (piece, context) in self.pieces.iter().zip(&self.contexts) {
            out.push_str(piece);
            out.push_str(match context {
                Context::Html => &html,
                Context::ScriptJson => &json,
            });
        }
        out.push_str(self.pieces.last().map_or("", String::as_str));
        out
    }
}

/// `text` as the inside of a JSON string that is safe within a `<script>` element.
fn json_string_content(text: &str) -> String {
    let quoted = serde_json::Value::from(text).to_string();
    script_safe(&quoted[1..quoted.len() - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    const MARKER: &str = "__PATH__";
    const SCRIPT: &str = "<script type=\"application/json\">";

    #[test]
    fn each_marker_is_escaped_for_where_it_stands() {
        let document =
            format!("<p title=\"{MARKER}\">{MARKER}</p>{SCRIPT}{{\"path\":\"{MARKER}\"}}</script>");
        let template = ErrorTemplate::new(&document, MARKER, SCRIPT);
        let rendered = template.render("/a\"<b>&\u{2028}");
        assert_eq!(
            rendered,
            format!(
                "<p title=\"/a&quot;&lt;b&gt;&amp;\u{2028}\">/a&quot;&lt;b&gt;&amp;\u{2028}</p>{SCRIPT}\
                 {{\"path\":\"/a\\\"\\u003cb\\u003e\\u0026\\u2028\"}}</script>"
            )
        );
    }

    #[test]
    fn a_document_without_markers_is_kept_whole() {
        let template = ErrorTemplate::new("<p>static</p>", MARKER, SCRIPT);
        assert_eq!(template.render("/x"), "<p>static</p>");
    }
}
