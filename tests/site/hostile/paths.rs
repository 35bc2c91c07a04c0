//! Hostile request paths over a real socket (hyper parses the request line, the router answers):
//! traversal, encoded separators, NUL, overlong UTF-8, broken percent-encoding, 8 KB paths, and
//! open-redirect shapes around every redirect source of `content/redirects.toml`.

use custody_content::Lang;

use super::wire::{RawResponse, Server};
use super::{Missing, heading, html_lang, report};
use crate::common::{SITE, as_read};

/// Hosts written where a browser or a naive redirect would read them as another site.
const EVIL: [&str; 5] = [
    "//evil.example",
    "\\\\evil.example",
    "/\\evil.example",
    "/%5cevil.example",
    "/%2f%2fevil.example",
];

/// What a path must get.
#[derive(Debug, Clone)]
enum Expect {
    /// The 404 page of this kind in this language.
    NotFound(Lang, Missing),
    /// A 301 to exactly this location.
    Redirect(String),
    /// Refused while the request is parsed, before any handler: 400, 414 or 431.
    Refused,
    /// Any answer below 500 that keeps the invariants every answer keeps.
    Any,
}

use Expect::{Any, NotFound, Redirect, Refused};

/// Sends `GET target` and checks the answer against `expect` and the invariants of every answer:
/// never a 5xx, never a `Location` off this site, never a file from outside the embedded site.
async fn check(server: &Server, target: &[u8], expect: &Expect) -> RawResponse {
    let answer = server.get(target, b"").await;
    let what = String::from_utf8_lossy(&target[..target.len().min(120)]).into_owned();
    assert!(answer.status < 500, "{what}: {}", answer.status);
    let location = answer.header("location");
    if !location.is_empty() || (300..400).contains(&answer.status) {
        assert_local(location, &what);
    }
    let text = String::from_utf8_lossy(&answer.body);
    for secret in ["[package]", "root:x:0:0", "BEGIN PRIVATE KEY"] {
        assert!(!text.contains(secret), "{what}: leaked {secret}");
    }
    match expect {
        NotFound(lang, kind) => {
            assert_eq!(answer.status, 404, "{what}");
            assert!(
                answer.header("content-type").starts_with("text/html"),
                "{what}"
            );
            let page = answer.text();
            assert!(
                page.contains(&html_lang(*lang)),
                "{what}: language {lang:?}"
            );
            assert!(
                as_read(&page).contains(&heading(*lang, *kind)),
                "{what}: {kind:?} page"
            );
            assert!(page.contains("<code>"), "{what}: the path is shown");
        }
        Redirect(to) => {
            assert_eq!(answer.status, 301, "{what}");
            assert_eq!(location, to, "{what}");
        }
        Refused => assert!(
            [400, 414, 431].contains(&answer.status),
            "{what}: refused, not {}",
            answer.status
        ),
        Any => {}
    }
    answer
}

/// A `Location` is a path of this site: one leading `/`, no backslash, a page of the table (or a
/// section of one, after `#`).
pub fn assert_local(location: &str, what: &str) {
    assert!(
        location.starts_with('/') && !location.starts_with("//") && !location.contains('\\'),
        "{what}: Location {location:?} may leave the site"
    );
    let path = location.split(['?', '#']).next().unwrap_or_default();
    assert!(
        SITE.pages().contains(path),
        "{what}: Location {location:?} is not a page"
    );
}

fn missing(path: &str) -> Expect {
    NotFound(Lang::split(path).0, Missing::Page)
}

/// The 404 a path that is no page gets: 'Page Not Found' for one segment after a dynamic
/// route's prefix (`/faq/{id}`, `/announcements/{id}`), 'Page not found' otherwise.
fn not_found(path: &str) -> Expect {
    let (lang, unprefixed) = Lang::split(path);
    let id = ["/faq/", "/announcements/"]
        .iter()
        .find_map(|prefix| unprefixed.strip_prefix(prefix));
    match id {
        Some(id) if !id.is_empty() && !id.contains('/') => NotFound(lang, Missing::Id),
        _ => NotFound(lang, Missing::Page),
    }
}

/// The 404 a redirect source (`from`, then `slash`) with `evil` appended gets in `lang`, with or
/// without a trailing slash after it: an unknown id when `evil` stays within the segment after
/// `/faq/` (`/faq/multi-signature-three-continents\\evil.example`), 'Page not found' otherwise.
fn appended_missing(lang: Lang, from: &str, slash: &str, evil: &str) -> Expect {
    match not_found(&format!("/{from}{slash}{evil}")) {
        NotFound(_, kind) => NotFound(lang, kind),
        other => other,
    }
}

#[tokio::test]
async fn traversal_encoding_and_size_tricks_get_a_404_or_a_redirect_home() {
    let server = Server::start().await;
    let en = |kind| NotFound(Lang::En, kind);
    let zh = |kind| NotFound(Lang::Zh, kind);
    let long = "a".repeat(8 * 1024);
    let mut cases: Vec<(Vec<u8>, Expect)> = vec![
        // Dot segments, plain and encoded: never resolved, never a file.
        ("/..".into(), en(Missing::Page)),
        ("/../../../../etc/passwd".into(), en(Missing::Page)),
        ("/zh/../about".into(), zh(Missing::Page)),
        ("/%2e%2e/%2e%2e/etc/passwd".into(), en(Missing::Page)),
        ("/.%2e/.%2e/Cargo.toml".into(), en(Missing::Page)),
        ("/_app/assets/../../Cargo.toml".into(), en(Missing::Page)),
        (
            "/_app/assets/%2e%2e%2f%2e%2e%2fCargo.toml".into(),
            en(Missing::Page),
        ),
        ("/favicon.svg/..".into(), en(Missing::Page)),
        ("/zh/%2e%2e".into(), zh(Missing::Page)),
        // Encoded slashes are not separators.
        ("/about%2f".into(), en(Missing::Page)),
        ("/%2fabout".into(), en(Missing::Page)),
        ("/zh%2fabout".into(), en(Missing::Page)),
        ("/faq%2fabout".into(), en(Missing::Page)),
        ("/faq/about%2f..%2fsecurity".into(), en(Missing::Id)),
        // NUL.
        ("/%00".into(), en(Missing::Page)),
        ("/about%00".into(), en(Missing::Page)),
        ("/about%00.html".into(), en(Missing::Page)),
        ("/zh/%00".into(), zh(Missing::Page)),
        ("/faq/%00".into(), en(Missing::Id)),
        ("/zh/announcements/%00".into(), zh(Missing::Id)),
        // Overlong UTF-8 for `.` and `/`: undecodable, never a dot or a separator.
        ("/%c0%ae%c0%ae/".into(), en(Missing::Page)),
        (
            "/%c0%ae%c0%ae%c0%afetc%c0%afpasswd".into(),
            en(Missing::Page),
        ),
        ("/%e0%80%af".into(), en(Missing::Page)),
        ("/zh/%e0%80%ae%e0%80%ae/about".into(), zh(Missing::Page)),
        ("/faq/%c0%ae".into(), en(Missing::Id)),
        // Broken percent-encoding.
        ("/%zz".into(), en(Missing::Page)),
        ("/%".into(), en(Missing::Page)),
        ("/%%".into(), en(Missing::Page)),
        ("/%2".into(), en(Missing::Page)),
        ("/zh/%zz".into(), zh(Missing::Page)),
        ("/faq/%zz".into(), en(Missing::Id)),
        ("/zh/faq/%".into(), zh(Missing::Id)),
        // 8 KB paths.
        (format!("/{long}").into(), en(Missing::Page)),
        (
            format!("/zh/{}", "%41".repeat(2731)).into(),
            zh(Missing::Page),
        ),
        (format!("/faq/{long}").into(), en(Missing::Id)),
        (format!("/{}", "%ff".repeat(2731)).into(), en(Missing::Page)),
        ("/".repeat(8 * 1024).into(), Redirect("/".into())),
        (
            format!("/zh{}", "/".repeat(8 * 1024)).into(),
            Redirect("/zh".into()),
        ),
        (
            format!("/en{}", "/".repeat(8 * 1024)).into(),
            Redirect("/".into()),
        ),
        (
            format!("/about{}", "/".repeat(8 * 1024)).into(),
            Redirect("/about".into()),
        ),
        // Too long for any request line: refused before routing.
        (format!("/{}", "a".repeat(70 * 1024)).into(), Refused),
        // Raw bytes: UTF-8 is a path like any other, anything else is refused.
        ("/关于".into(), en(Missing::Page)),
        ("/zh/关于我们".into(), zh(Missing::Page)),
        (b"/\xff\xfe".to_vec(), Refused),
        (b"/\xc0\xae\xc0\xae/".to_vec(), Refused),
        (b"/a\x01b".to_vec(), Refused),
        (b"/a\x00b".to_vec(), Refused),
        (b"/a\x7fb".to_vec(), Refused),
        ("/<script>".into(), Refused),
        ("/a b".into(), Refused),
        // Other request-target forms.
        (
            "http://evil.example/serve".into(),
            Redirect("/services".into()),
        ),
        (
            "http://evil.example//evil.example".into(),
            en(Missing::Page),
        ),
        ("evil.example:443".into(), Any),
        ("*".into(), Any),
        ("?x=1".into(), Any),
        ("/serve#//evil.example".into(), Redirect("/services".into())),
        ("\\\\evil.example".into(), Refused),
    ];
    // Every page's path with a NUL, an encoded slash, a dot segment and an overlong dot after it.
    let mut pages: Vec<&String> = SITE.pages().paths().collect();
    pages.sort();
    for page in pages {
        for suffix in ["%00", "%2f", "/..", "/%c0%ae"] {
            let path = match page.as_str() {
                "/" => format!("/{}", suffix.trim_start_matches('/')),
                page => format!("{page}{suffix}"),
            };
            let expect = not_found(&path);
            cases.push((path.into_bytes(), expect));
        }
    }
    for (target, expect) in &cases {
        check(&server, target, expect).await;
    }
    report(
        "paths: traversal, encodings, NUL, sizes, raw bytes",
        cases.len(),
    );
}

#[tokio::test]
async fn no_redirect_source_can_be_turned_into_an_open_redirect() {
    let server = Server::start().await;
    let mut sent = 0;
    for redirect in &SITE.content().redirects {
        for prefix in ["", "/zh", "/en"] {
            let lang = if prefix == "/zh" { Lang::Zh } else { Lang::En };
            let target = lang.localize(&redirect.to);
            for slash in ["", "/"] {
                let source = format!("{prefix}/{}{slash}", redirect.from);
                check(&server, source.as_bytes(), &Redirect(target.clone())).await;
                for query in [
                    "next=//evil.example",
                    "u=/%5cevil.example&x=%0d%0aSet-Cookie:x",
                ] {
                    let with_query = format!("{source}?{query}");
                    // The query goes before the anchor of a redirect to a section.
                    let (page, anchor) = target.split_at(target.find('#').unwrap_or(target.len()));
                    let answer = check(
                        &server,
                        with_query.as_bytes(),
                        &Redirect(format!("{page}?{query}{anchor}")),
                    )
                    .await;
                    assert!(
                        !answer.headers.iter().any(|(name, _)| name == "set-cookie"),
                        "{with_query}: no header injection"
                    );
                }
                sent += 3;
                for evil in EVIL {
                    let prefixed = format!("{evil}{source}");
                    let expect_prefixed = if evil.starts_with('/') {
                        missing(&prefixed)
                    } else {
                        // Not an origin-form request target at all.
                        Refused
                    };
                    check(&server, prefixed.as_bytes(), &expect_prefixed).await;
                    let appended = format!("{source}{evil}");
                    let expect_appended = appended_missing(lang, &redirect.from, slash, evil);
                    check(&server, appended.as_bytes(), &expect_appended).await;
                    let appended_slash = format!("{appended}/");
                    check(&server, appended_slash.as_bytes(), &expect_appended).await;
                    let inside = format!("{prefix}{evil}/{}{slash}", redirect.from);
                    let expect_inside = if prefix.is_empty() && !evil.starts_with('/') {
                        Refused
                    } else {
                        // `/zh\\evil.example/…` is English: its first segment is not `zh`.
                        missing(&inside)
                    };
                    check(&server, inside.as_bytes(), &expect_inside).await;
                    sent += 4;
                }
            }
        }
    }
    report("paths: open-redirect shapes around redirect sources", sent);
}
