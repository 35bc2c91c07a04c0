//! `/.well-known/security.txt` (RFC 9116): where to report a vulnerability, from the
//! vulnerability-report channel of `content/channels.toml` and the `[security]` policy of
//! `content/site.toml`, valid for a year after the build.

use jiff::{SignedDuration, Timestamp};

use super::discovery::absolute;
use custody_content::text::markup::localize_link;
use custody_content::{Content, Lang};

/// Where the file is served.
pub const SECURITY_TXT_PATH: &str = "/.well-known/security.txt";

/// How long after the build the file stays valid (RFC 9116 advises less than a year ahead).
const VALID_FOR: SignedDuration = SignedDuration::from_hours(364 * 24);

/// The file's text. `built_ms` is when the UI build was made (milliseconds since the Unix
/// epoch); `Expires` is [`VALID_FOR`] after it.
pub fn security_txt(content: &Content, public_url: &str, built_ms: u64) -> String {
    let security = &content.site.security;
    let built = Timestamp::from_second(i64::try_from(built_ms / 1000).unwrap_or(i64::MAX))
        .unwrap_or(Timestamp::UNIX_EPOCH);
    let expires = built.saturating_add(VALID_FOR).unwrap_or(Timestamp::MAX);
    let languages: Vec<&str> = Lang::ALL.iter().map(|lang| lang.code()).collect();
    let mut text = format!(
        "# How to report a security vulnerability to {name}; see the policy for what to include.\n\
         Contact: mailto:{email}\n\
         Expires: {expires}\n\
         Preferred-Languages: {languages}\n\
         Canonical: {canonical}\n",
        name = content.locale(Lang::En).site.name,
        email = content.operations.channels.vulnerability_address(),
        expires = expires.strftime("%Y-%m-%dT%H:%M:%SZ"),
        languages = languages.join(", "),
        canonical = absolute(public_url, SECURITY_TXT_PATH),
    );
    for lang in Lang::ALL {
        text.push_str(&format!(
            "Policy: {}\n",
            absolute(public_url, &localize_link(&security.policy, lang))
        ));
    }
    text
}
