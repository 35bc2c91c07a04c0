//! Company figures: the numbers of `site.toml` formatted for each language, for figure strips and
//! for the `{clients}`-style tokens copy writes instead of typing a figure twice.

use super::Lang;
use super::model::{ChainFamily, SiteFacts};
use super::numbers::{decimal, grouped};
use super::section_items::Figure;

/// Figures shown as `N+` count the named chains minus this many.
const CHAINS_NOT_COUNTED: usize = 2;

/// A figure token copy may write, e.g. `{clients}`, and the figure it stands for.
pub const TOKENS: [(&str, Figure); 5] = [
    ("clients", Figure::Clients),
    ("assets", Figure::Assets),
    ("safeguarded", Figure::Safeguarded),
    ("chains", Figure::Chains),
    ("insurance", Figure::Insurance),
];

/// Tokens filled in at run time rather than from figures (the footer's current year).
pub const RUNTIME_TOKENS: [&str; 1] = ["year"];

/// The token of the EVM chains figure: copy writes `{evm_chains}+`, as SPEC shows it ("13+").
pub const EVM_CHAINS: &str = "evm_chains";

/// The token of the day the figures describe.
pub const AS_OF: &str = "figures.as_of";

/// The figure tokens outside figure strips: `{evm_chains}` and `{figures.as_of}`.
pub fn other_tokens(site: &SiteFacts, lang: Lang) -> [(String, String); 2] {
    [
        (
            EVM_CHAINS.to_owned(),
            grouped(u64::from(site.figures.evm_chains)),
        ),
        (AS_OF.to_owned(), long_date(site.figures.as_of, lang)),
    ]
}

/// The EVM chains named in `[[chain]]`, which the `{evm_chains}+` figure may not exceed.
pub fn evm_chains_named(site: &SiteFacts) -> usize {
    site.chain
        .iter()
        .filter(|chain| chain.family == ChainFamily::Evm)
        .count()
}

/// A day as prose writes it: "30 September 2026" / "2026年9月30日".
pub fn long_date(date: toml::value::Date, lang: Lang) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    match lang {
        Lang::En => format!(
            "{} {} {}",
            date.day,
            MONTHS[usize::from(date.month.clamp(1, 12)) - 1],
            date.year
        ),
        Lang::Zh => format!("{}年{}月{}日", date.year, date.month, date.day),
    }
}

/// The number of supported chains the site claims: the named chains minus two.
pub fn chain_count(site: &SiteFacts) -> usize {
    site.chain.len().saturating_sub(CHAINS_NOT_COUNTED)
}

/// A figure as prose writes it: "300", "USD 10 billion" / "100 亿美元".
pub fn in_prose(site: &SiteFacts, figure: Figure, lang: Lang) -> String {
    let figures = &site.figures;
    match figure {
        Figure::Clients => grouped(claimed(figures.institutional_clients)),
        Figure::Assets => grouped(u64::from(figures.supported_assets)),
        Figure::Chains => chain_count(site).to_string(),
        Figure::Safeguarded => money_in_words(figures.safeguarded_usd, lang),
        Figure::Insurance => money_in_words(figures.insurance_usd, lang),
    }
}

/// The clients the site claims ("more than 300", "300+"): the exact count rounded down to a
/// hundred, or to ten below a hundred, so that "more than" stays true of the count.
fn claimed(count: u32) -> u64 {
    let step = if count >= 100 { 100 } else { 10 };
    u64::from(count / step * step)
}

/// A figure as a figure strip shows it: "300+", "USD 10bn+" / "逾 100 亿美元", "USD 50m".
/// Chinese writes "more than" an amount of money as 逾, never as a trailing `+`.
pub fn in_strip(site: &SiteFacts, figure: Figure, lang: Lang) -> String {
    match figure {
        Figure::Clients | Figure::Assets | Figure::Chains => {
            format!("{}+", in_prose(site, figure, lang))
        }
        Figure::Safeguarded => {
            let amount = money_short(site.figures.safeguarded_usd, lang);
            match lang {
                Lang::En => format!("{amount}+"),
                Lang::Zh => format!("逾 {amount}"),
            }
        }
        Figure::Insurance => money_short(site.figures.insurance_usd, lang),
    }
}

/// "USD 10 billion", "USD 50 million" / "100 亿美元", "5,000 万美元".
fn money_in_words(usd: u64, lang: Lang) -> String {
    match lang {
        Lang::En => match scale_en(usd) {
            Some((amount, word)) => format!("USD {amount} {word}"),
            None => format!("USD {}", grouped(usd)),
        },
        Lang::Zh => money_zh(usd),
    }
}

/// "USD 10bn", "USD 50m" / "100 亿美元", "5,000 万美元".
fn money_short(usd: u64, lang: Lang) -> String {
    match lang {
        Lang::En => match scale_en(usd) {
            Some((amount, "billion")) => format!("USD {amount}bn"),
            Some((amount, _)) => format!("USD {amount}m"),
            None => format!("USD {}", grouped(usd)),
        },
        Lang::Zh => money_zh(usd),
    }
}

fn scale_en(usd: u64) -> Option<(String, &'static str)> {
    const BILLION: u64 = 1_000_000_000;
    const MILLION: u64 = 1_000_000;
    if usd >= BILLION && usd.is_multiple_of(BILLION / 10) {
        Some((decimal(usd as f64 / BILLION as f64), "billion"))
    } else if usd >= MILLION && usd.is_multiple_of(MILLION / 10) {
        Some((decimal(usd as f64 / MILLION as f64), "million"))
    } else {
        None
    }
}

/// Chinese amounts count in 亿 (10⁸) and 万 (10⁴).
fn money_zh(usd: u64) -> String {
    const YI: u64 = 100_000_000;
    const WAN: u64 = 10_000;
    if usd >= YI && usd.is_multiple_of(YI) {
        format!("{} 亿美元", grouped(usd / YI))
    } else if usd >= WAN && usd.is_multiple_of(WAN) {
        format!("{} 万美元", grouped(usd / WAN))
    } else {
        format!("{} 美元", grouped(usd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_days_in_each_language() {
        let date = toml::value::Date {
            year: 2026,
            month: 9,
            day: 30,
        };
        assert_eq!(long_date(date, Lang::En), "30 September 2026");
        assert_eq!(long_date(date, Lang::Zh), "2026年9月30日");
    }

    #[test]
    fn writes_money_in_each_language() {
        assert_eq!(money_in_words(10_000_000_000, Lang::En), "USD 10 billion");
        assert_eq!(money_in_words(50_000_000, Lang::En), "USD 50 million");
        assert_eq!(money_in_words(2_500_000_000, Lang::En), "USD 2.5 billion");
        assert_eq!(money_in_words(10_000_000_000, Lang::Zh), "100 亿美元");
        assert_eq!(money_in_words(50_000_000, Lang::Zh), "5,000 万美元");
        assert_eq!(money_short(10_000_000_000, Lang::En), "USD 10bn");
        assert_eq!(money_short(50_000_000, Lang::En), "USD 50m");
    }
}
