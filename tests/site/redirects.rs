//! The permanent redirects of content/redirects.toml, language-prefix redirects and open-redirect
//! attempts.

use crate::common::get;

/// The retired paths and where they lead, old path → new path: written out here, independently
/// of content/redirects.toml, so that losing or changing one there fails this test.
const SPEC_REDIRECTS: [(&str, &str); 15] = [
    ("serve", "/services"),
    ("client", "/clients"),
    ("defi", "/defi-connector"),
    ("supports/overview", "/faq"),
    ("supports/search", "/faq/search"),
    ("supports/details/about", "/faq/about"),
    ("details/products", "/faq/services"),
    ("details/registered", "/faq/account-opening"),
    ("details/account", "/faq/account-functions"),
    ("details/scenes", "/faq/special-scenarios"),
    ("details/protection", "/faq/security"),
    ("touch", "/contact-us"),
    ("guide/user", "/user-security-guide"),
    ("guide/company", "/company-security-guide"),
    ("cookie", "/cookie-policy"),
];

async fn assert_redirect(from: &str, to: &str) {
    let answer = get(from).await;
    assert_eq!(answer.status, 301, "{from}");
    assert_eq!(answer.header("location"), to, "{from}");
}

#[tokio::test]
async fn spec_redirects_keep_the_language_prefix_and_query() {
    for (old, new) in SPEC_REDIRECTS {
        assert_redirect(&format!("/{old}"), new).await;
        assert_redirect(&format!("/zh/{old}"), &format!("/zh{new}")).await;
        assert_redirect(
            &format!("/{old}?utm_source=mail&x=1"),
            &format!("{new}?utm_source=mail&x=1"),
        )
        .await;
        assert_redirect(
            &format!("/zh/{old}?q=%E6%89%98%E7%AE%A1"),
            &format!("/zh{new}?q=%E6%89%98%E7%AE%A1"),
        )
        .await;
    }
}

/// Paths visitors guess, beyond SPEC's table: the supported assets by their name, and the fees,
/// a section of the entities page, whose anchor stays after a kept query string.
#[tokio::test]
async fn guessed_paths_lead_to_the_supported_assets_and_the_fee_schedules() {
    assert_redirect("/supported-assets", "/support-token").await;
    assert_redirect("/zh/supported-assets", "/zh/support-token").await;
    assert_redirect("/fees", "/entities#fees-flexible").await;
    assert_redirect("/zh/fees", "/zh/entities#fees-flexible").await;
    assert_redirect(
        "/fees?utm_source=mail",
        "/entities?utm_source=mail#fees-flexible",
    )
    .await;
}

#[tokio::test]
async fn english_prefix_and_trailing_slashes_redirect_to_the_canonical_path() {
    assert_redirect("/en", "/").await;
    assert_redirect("/en/", "/").await;
    assert_redirect("/en/about", "/about").await;
    assert_redirect("/en/faq/security?x=1", "/faq/security?x=1").await;
    assert_redirect("/en/serve", "/services").await;
    assert_redirect("/about/", "/about").await;
    assert_redirect("/zh/", "/zh").await;
    assert_redirect("/zh/about/", "/zh/about").await;
}

#[tokio::test]
async fn no_request_redirects_off_the_site() {
    for path in [
        "//evil.example",
        "//evil.example/",
        "/en//evil.example",
        "/en//evil.example/",
        "/%5cevil.example",
        "/%5Cevil.example/",
        "/en/%2F%2Fevil.example",
        "/zh//evil.example",
        "///evil.example",
        "/serve/..%2F..%2Fevil.example",
    ] {
        let answer = get(path).await;
        let location = answer.header("location");
        assert!(
            answer.status == 404
                || (answer.status == 301
                    && location.starts_with('/')
                    && !location.starts_with("//")),
            "{path}: {} {location}",
            answer.status
        );
        assert!(!location.contains("evil"), "{path} → {location}");
    }
}
