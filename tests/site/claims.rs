//! The rules that keep the claims of issue 38 true to the data, seen as an editor sees them: a
//! typed duration, a stale assurance report, an asset in an account its entity does not offer,
//! a price step in the fixed package and a rejected English variant each fail with file and
//! line; and the footer says on every page that the company is fictional.

use crate::common::{errors_after, get, replace};

/// Asserts that some error starts with `file` and contains every one of `parts`.
fn reported(errors: &[String], file: &str, parts: &[&str]) {
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(file) && parts.iter().all(|p| e.contains(p))),
        "{file} {parts:?}: {errors:?}"
    );
}

#[test]
fn a_typed_duration_fails_with_file_line_and_token() {
    let errors = errors_after(|f| {
        replace(
            f,
            "en/marketing/trust-center.toml",
            "{duration.security-report-acknowledgement}",
            "two business days",
        );
        replace(f, "zh/faq.toml", "{duration.claim-notice}", "24 小时");
    });
    reported(
        &errors,
        "content/en/marketing/trust-center.toml:",
        &[
            "“two business days” is typed",
            "{duration.security-report-acknowledgement}",
        ],
    );
    reported(
        &errors,
        "content/zh/faq.toml:",
        &["“24 小时” is typed", "{duration.claim-notice}"],
    );
}

#[test]
fn a_report_older_than_twelve_months_before_the_news_fails() {
    let errors =
        errors_after(|f| replace(f, "site.toml", "as_of = 2026-06-30", "as_of = 2025-03-31"));
    reported(
        &errors,
        "content/site.toml:",
        &[
            "SOC 1 Type 1 report ends 2025-03-31",
            "months before the newest announcement",
        ],
    );
}

#[test]
fn an_asset_in_an_account_its_entity_does_not_offer_fails() {
    let errors = errors_after(|f| {
        replace(
            f,
            "assets/hk.toml",
            "network = \"ethereum\", warm = true, cold = true, defi = false, oasis = false",
            "network = \"ethereum\", warm = true, cold = true, defi = true, oasis = false",
        );
    });
    reported(
        &errors,
        "content/assets/hk.toml:",
        &["DeFi account, which entity `hk` does not offer"],
    );
}

#[test]
fn a_step_in_the_fixed_package_fails() {
    let errors = errors_after(|f| {
        replace(
            f,
            "fees.toml",
            "floor = { usd_million = 50 }, fee = { usd = 5000 }",
            "floor = { usd_million = 50 }, fee = { usd = 0 }",
        );
    });
    reported(
        &errors,
        "content/fees.toml:",
        &["just below USD 50,000,000 but USD 0 at it"],
    );
}

#[test]
fn a_rejected_english_variant_and_an_incomplete_boilerplate_fail() {
    let errors = errors_after(|f| {
        replace(
            f,
            "en/marketing/about.toml",
            "Personal data we collect",
            "Private data we collect",
        );
        replace(
            f,
            "en/site.toml",
            "ISO 9001, ISO/IEC 27001",
            "ISO/IEC 27001",
        );
    });
    reported(
        &errors,
        "content/en/marketing/about.toml:",
        &["“private data” is not the house term"],
    );
    reported(&errors, "content/en/site.toml:", &["omits ISO 9001"]);
}

#[tokio::test]
async fn the_footer_says_the_company_is_fictional_in_both_languages() {
    for (path, notice) in [
        ("/", "are fictional, shown for illustration only"),
        ("/zh/faq", "均为虚构，仅作示例之用"),
    ] {
        let page = get(path).await.text;
        assert!(page.contains(notice), "{path}: no fictional-company notice");
    }
}
