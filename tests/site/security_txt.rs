//! `/.well-known/security.txt` (RFC 9116) made from the vulnerability-report channel of
//! `channels.toml` and the `[security]` policy of `site.toml`, and the trust-center section its
//! `Policy` points to, in both languages.

use custody_content::Lang;
use jiff::Timestamp;

use crate::common::{PUBLIC, SITE, errors_after, get, replace};

/// The file's fields in order, comments left out.
fn fields(text: &str) -> Vec<(&str, &str)> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| line.split_once(": ").expect("a `Field: value` line"))
        .collect()
}

#[tokio::test]
async fn security_txt_names_the_contact_languages_canonical_url_policy_and_a_future_expiry() {
    let answer = get("/.well-known/security.txt").await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("content-type"), "text/plain; charset=utf-8");
    let fields = fields(&answer.text);
    let value = |name: &str| -> Vec<&str> {
        fields
            .iter()
            .filter(|(field, _)| *field == name)
            .map(|(_, value)| *value)
            .collect()
    };
    let email = SITE.content().operations.channels.vulnerability_address();
    assert!(email.contains('@'), "{email}");
    assert_eq!(value("Contact"), [format!("mailto:{email}")]);
    assert_eq!(value("Preferred-Languages"), ["en, zh"]);
    assert_eq!(
        value("Canonical"),
        [format!("{PUBLIC}/.well-known/security.txt")]
    );

    // RFC 9116 §2.5.5: exactly one Expires, less than a year after the file was made.
    let [expires] = value("Expires")[..] else {
        panic!("one Expires field: {}", answer.text);
    };
    let expires: Timestamp = expires.parse().expect("an RFC 3339 timestamp");
    let built = Timestamp::from_millisecond(SITE.build().timestamp as i64).unwrap();
    let ahead = expires.duration_since(built);
    assert!(
        ahead.as_hours() > 300 * 24 && ahead.as_hours() < 365 * 24,
        "{ahead:?}"
    );

    let policies = value("Policy");
    assert_eq!(policies.len(), Lang::ALL.len());
    for (policy, lang) in policies.iter().zip(Lang::ALL) {
        let (page, anchor) = policy
            .strip_prefix(PUBLIC)
            .and_then(|path| path.split_once('#'))
            .expect("a section of a page on this site");
        let html = get(page).await;
        assert_eq!(html.status, 200, "{policy}");
        assert!(
            html.text
                .contains(&format!("lang=\"{}\"", lang.html_lang())),
            "{policy}"
        );
        assert!(html.text.contains(&format!("id=\"{anchor}\"")), "{policy}");
        assert!(
            html.text.contains(&format!("href=\"mailto:{email}\"")),
            "{policy}: the section links the contact"
        );
    }
}

#[test]
fn the_policy_must_be_a_section_in_every_language() {
    let errors = errors_after(|files| {
        replace(
            files,
            "zh/marketing/trust-center.toml",
            "id = \"report-a-security-issue\"",
            "id = \"report-an-issue\"",
        )
    });
    assert!(
        errors.iter().any(|e| e.contains("security.policy")
            && e.contains("no section `report-a-security-issue` in zh")),
        "{errors:?}"
    );
}

#[test]
fn copy_may_link_only_to_a_channels_mailbox_by_its_token() {
    let errors = errors_after(|files| {
        replace(
            files,
            "en/marketing/trust-center.toml",
            "(mailto:{channel.vulnerabilities.address})",
            "(mailto:someone@custody.example)",
        )
    });
    assert!(
        errors
            .iter()
            .any(|e| e.contains("en/marketing/trust-center.toml:")
                && e.contains("e-mail link to `someone@custody.example`")),
        "{errors:?}"
    );
}
