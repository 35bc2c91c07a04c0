//! Dates and amounts of money as the prose of each language writes them: "30 September 2026" /
//! "2026年9月30日", "USD 50 million" / "5,000 万美元". Company figures, the insurance policy and the
//! attestation of client balances write their values with them; and lists of names: "A, B and C" /
//! "A、B及C".

use crate::Lang;
use crate::text::numbers::{decimal, grouped};

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

/// An amount of US dollars as prose writes it: "USD 10 billion", "USD 50 million", "USD 250,000" /
/// "100 亿美元", "5,000 万美元", "25 万美元".
pub fn money_in_words(usd: u64, lang: Lang) -> String {
    match lang {
        Lang::En => match scale_en(usd) {
            Some((amount, word)) => format!("USD {amount} {word}"),
            None => format!("USD {}", grouped(usd)),
        },
        Lang::Zh => money_zh(usd),
    }
}

/// An amount as a figure strip shows it: "USD 10bn", "USD 50m" / "100 亿美元", "5,000 万美元".
pub fn money_short(usd: u64, lang: Lang) -> String {
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

/// Names as a list reads them: "A, B and C" in English; in Chinese joined by 、 with 及 before the
/// last, spaced where Latin symbols stand either side of it ("ETH、SOL 及 ADA", "亚洲、欧洲及北美洲"),
/// so that every list of the site joins its last item one way.
pub fn listed(names: &[&str], lang: Lang) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => match lang {
            Lang::En => format!("{} and {last}", rest.join(", ")),
            Lang::Zh => {
                let latin = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
                let before = rest.last().and_then(|name| name.chars().next_back());
                let and = if latin(before) && latin(last.chars().next()) {
                    " 及 "
                } else {
                    "及"
                };
                format!("{}{and}{last}", rest.join("、"))
            }
        },
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

    #[test]
    fn joins_the_last_item_of_a_chinese_list_with_ji_spaced_between_latin_symbols() {
        assert_eq!(listed(&["ETH", "SOL", "ADA"], Lang::Zh), "ETH、SOL 及 ADA");
        assert_eq!(
            listed(&["亚洲", "欧洲", "北美洲"], Lang::Zh),
            "亚洲、欧洲及北美洲"
        );
        assert_eq!(listed(&["ETH", "SOL"], Lang::En), "ETH and SOL");
    }
}
