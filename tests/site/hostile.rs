//! Hostile input: nothing a visitor sends may crash the server, leak data or get a
//! 5xx. Paths, headers, bodies and queries, reflected markup, over the real router and, where
//! hyper's own parsing matters, over a real socket; then properties of the parsers checked on
//! generated input. Every test prints how many inputs of its class it sent
//! (`cargo test --profile release-test --test site hostile -- --nocapture` shows the counts).

mod bodies;
mod form_posts;
mod headers;
mod pages;
mod paths;
mod properties;
mod queries;
mod smuggling;
mod wire;
mod xss;

use custody_content::Lang;
use serde_json::Value;

use crate::common::SITE;

/// Prints the number of inputs a test sent, for the report of the hostile-input suite.
fn report(class: &str, inputs: usize) {
    println!("hostile inputs: {class}: {inputs}");
}

/// The kinds of 404 page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Missing {
    /// 'Page not found': no page at this path.
    Page,
    /// 'Page Not Found': an unknown id under a dynamic route.
    Id,
}

/// The `<h1>` of the 404 page of `kind` in `lang`.
fn heading(lang: Lang, kind: Missing) -> String {
    let page = match kind {
        Missing::Page => "not-found",
        Missing::Id => "invalid",
    };
    format!(
        "<h1>{}</h1>",
        SITE.content().locale(lang).pages[page].heading
    )
}

/// The `lang` attribute of a document in `lang`.
fn html_lang(lang: Lang) -> String {
    format!("<html lang=\"{}\"", lang.html_lang())
}

/// Checks that `body` is the API's error shape `{"error": {"code", "message", …}}` and returns
/// the error object.
fn api_error(body: &str, what: &str) -> Value {
    let value: Value = serde_json::from_str(body)
        .unwrap_or_else(|e| panic!("{what}: the error is JSON ({e}): {body:.300}"));
    let error = value["error"].clone();
    assert!(
        error["code"].as_str().is_some_and(|code| !code.is_empty()),
        "{what}: an error code: {body:.300}"
    );
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|message| !message.is_empty()),
        "{what}: an error message: {body:.300}"
    );
    error
}

/// The text of the injected runtime configuration (`<script type="application/json">`).
fn runtime_config(html: &str) -> &str {
    let open = "<script type=\"application/json\" id=\"site-config\">";
    let start = html.find(open).expect("the runtime configuration") + open.len();
    let end = start + html[start..].find("</script>").expect("its end");
    &html[start..end]
}
