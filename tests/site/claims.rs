//! The rules that keep the claims of issue 38 true to the data, seen as an editor sees them: a
//! typed duration, a stale assurance report, an asset in an account its entity does not offer,
//! a price step in the fixed package and a rejected English variant each fail with file and
//! line, and so does an amendment of a legal page out of order or after its review date; the
//! privacy policy shows its latest amendment; and the footer says on every page that the company
//! is fictional.

use custody_site::embedded::content_files;

use crate::common::{as_read, errors_after, get, replace, visible_text};

/// Asserts that some error starts with `file` and contains every one of `parts`.
pub fn reported(errors: &[String], file: &str, parts: &[&str]) {
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(file) && parts.iter().all(|p| e.contains(p))),
        "{file} {parts:?}: {errors:?}"
    );
}

/// `content/{file}:{line}:` of the first line of `file` holding `needle`, as errors begin.
pub fn at(file: &str, needle: &str) -> String {
    let text = &content_files()[file];
    let offset = text
        .find(needle)
        .unwrap_or_else(|| panic!("{file} holds {needle}"));
    format!(
        "content/{file}:{}:",
        text[..offset].matches('\n').count() + 1
    )
}

/// Replaces `from` with `to` in `file` and asserts that the check fails at that line with every
/// one of `parts`.
pub fn refused(file: &str, from: &str, to: &str, parts: &[&str]) {
    let errors = errors_after(|f| replace(f, file, from, to));
    reported(&errors, &at(file, from), parts);
}

#[test]
fn a_typed_duration_fails_with_file_line_and_token() {
    let errors = errors_after(|f| {
        replace(
            f,
            "en/marketing/trust-center.toml",
            "{channel.vulnerabilities.acknowledgement}",
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

#[test]
fn an_amendment_after_the_review_date_or_out_of_order_fails() {
    let errors = errors_after(|f| {
        replace(
            f,
            "en/documents.toml",
            "date = 2021-02-01",
            "date = 2027-01-15",
        );
        replace(
            f,
            "zh/documents.toml",
            "reviewed = 2026-10-30",
            "reviewed = 2026-10-01",
        );
    });
    reported(&errors, "content/en/documents.toml:9:", &["oldest first"]);
    reported(
        &errors,
        "content/zh/documents.toml:8:",
        &["`reviewed` (2026-10-01) is earlier than the latest amendment (2026-10-30)"],
    );
}

#[tokio::test]
async fn the_privacy_policy_shows_its_latest_amendment_under_its_effective_date() {
    for (path, dates, amendment) in [
        (
            "/privacy",
            "Effective 30 June 2019. Last amended 30 October 2026. Last reviewed 30 October 2026.",
            "1 February 2021: The notification of data breaches",
        ),
        (
            "/zh/privacy",
            "生效日期：2019年6月30日。最近修订：2026年10月30日。最近审阅：2026年10月30日。",
            "2021年2月1日：按 PDPA 自该日起的要求",
        ),
    ] {
        let page = visible_text(&get(path).await.text);
        assert!(
            page.contains(dates),
            "{path}: no effective and amendment dates"
        );
        assert!(page.contains(amendment), "{path}: amendments not listed");
    }
}

#[tokio::test]
async fn the_footer_says_the_company_is_fictional_in_both_languages() {
    for (path, notice) in [
        ("/", "are fictional, shown for illustration only"),
        ("/zh/faq", "均为虚构，仅作示例之用"),
    ] {
        let page = as_read(&get(path).await.text);
        assert!(page.contains(notice), "{path}: no fictional-company notice");
    }
}
