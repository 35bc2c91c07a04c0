//! The channels the tests of `channels.rs` and of the copy check (`validate/channel_copy.rs`)
//! read: a desk for incidents staffed around the clock with a notice given through it, the
//! security mailbox that takes vulnerability reports, the support desk and the application form,
//! with the words that name each and what each is for; and the durations they promise.

use super::channels::Channels;
use super::durations::{Duration, DurationUnit};

/// The fixture's channels as `channels.toml` writes them.
pub(crate) const CHANNELS: &str = r#"
vulnerability_reports = "vulnerabilities"

[[channel]]
id = "incidents"
purpose = "Incidents and lost keys"
address = "incidents@custody.example"
hours = "around-the-clock"
acknowledgement = "incident-acknowledgement"
deadlines = ["claim-notice"]
called = { en = ["incident response team"] }
about = { en = ["incident", "lost"] }

[[channel]]
id = "vulnerabilities"
purpose = "Vulnerabilities"
address = "security@custody.example"
hours = "business"
acknowledgement = "security-report-acknowledgement"
called = { en = ["security mailbox"] }
about = { en = ["vulnerabilit"] }

[[channel]]
id = "support"
purpose = "Support"
address = "support@custody.example"
hours = "business"
acknowledgement = "support-reply"
called = { en = ["support team"] }

[[channel]]
id = "applications"
purpose = "Applications"
address = "/contact-us"
hours = "business"
acknowledgement = "application-reply"
called = { en = ["contact form"] }
"#;

/// `text` (the fixture's channels, or an edit of them) read.
pub(crate) fn channels(text: &str) -> Channels {
    toml::from_str(text).expect("the fixture parses")
}

/// The durations of `site.toml` the fixture's channels promise.
pub(crate) fn durations() -> Vec<Duration> {
    [
        ("claim-notice", 24, DurationUnit::Hours),
        ("incident-acknowledgement", 1, DurationUnit::Hours),
        (
            "security-report-acknowledgement",
            2,
            DurationUnit::BusinessDays,
        ),
        ("support-reply", 4, DurationUnit::BusinessHours),
        ("application-reply", 1, DurationUnit::BusinessDays),
    ]
    .map(|(id, value, unit)| Duration {
        id: id.into(),
        value,
        unit,
    })
    .to_vec()
}
