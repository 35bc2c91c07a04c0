//! When something is open or runs: around the clock, or in business hours on business days. A
//! channel's hours (`channels.toml`) and a process's (`commitments.toml` `[[hours]]`) are written
//! in copy as tokens, so that no page can say a desk is open at a time it is not.

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::schema::service_facts::ServiceFacts;

/// When a channel is staffed or a process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hours {
    /// Every hour of every day, weekends and public holidays included.
    AroundTheClock,
    /// The business hours of `[service]` in `site.toml`, on business days.
    Business,
}

impl Hours {
    /// The hours as copy reads them: "around the clock, including weekends and public holidays",
    /// "09:00–18:00 HKT/SGT on business days" / "全天候（含周末及公共假期）",
    /// "工作日香港及新加坡时间 09:00–18:00".
    pub fn in_prose(self, service: &ServiceFacts, lang: Lang) -> String {
        match (self, lang) {
            (Self::AroundTheClock, Lang::En) => {
                "around the clock, including weekends and public holidays".to_owned()
            }
            (Self::AroundTheClock, Lang::Zh) => "全天候（含周末及公共假期）".to_owned(),
            (Self::Business, Lang::En) => format!(
                "{}–{} {} on business days",
                service.opens,
                service.closes,
                service.zone(Lang::En)
            ),
            (Self::Business, Lang::Zh) => format!(
                "工作日{} {}–{}",
                service.zone(Lang::Zh),
                service.opens,
                service.closes
            ),
        }
    }

    /// The hours in the claims register's words.
    pub fn label(self) -> &'static str {
        match self {
            Self::AroundTheClock => "around the clock",
            Self::Business => "business hours",
        }
    }
}

/// Phrases that say something is open or runs around the clock. Copy never types them: it writes
/// the hours token of the channel or process they describe, which says what the data says.
pub const AROUND_THE_CLOCK: [(&str, Lang); 10] = [
    ("around the clock", Lang::En),
    ("round the clock", Lang::En),
    ("24/7", Lang::En),
    ("24 hours a day", Lang::En),
    ("every day of the year", Lang::En),
    ("全天候", Lang::Zh),
    ("全年无休", Lang::Zh),
    ("7×24", Lang::Zh),
    ("7x24", Lang::Zh),
    ("每天 24 小时", Lang::Zh),
];
