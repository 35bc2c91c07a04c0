//! Company figures: the numbers of `site.toml` formatted for each language, for figure strips and
//! for the `{clients}`-style tokens copy writes instead of typing a figure twice.

use super::Lang;
use super::model::Site;
use super::section_items::Figure;

/// Figures shown as `N+` count the named chains minus this many (SPEC.md §9).
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

/// The number of supported chains the site claims: the named chains minus two.
pub fn chain_count(site: &Site) -> usize {
    site.chain.len().saturating_sub(CHAINS_NOT_COUNTED)
}

/// A figure as prose writes it: "300", "USD 10 billion" / "100 亿美元".
pub fn in_prose(site: &Site, figure: Figure, lang: Lang) -> String {
    let figures = &site.figures;
    match figure {
        Figure::Clients => grouped(u64::from(figures.institutional_clients)),
        Figure::Assets => grouped(u64::from(figures.supported_assets)),
        Figure::Chains => chain_count(site).to_string(),
        Figure::Safeguarded => money_in_words(figures.safeguarded_usd, lang),
        Figure::Insurance => money_in_words(figures.insurance_usd, lang),
    }
}

/// A figure as a figure strip shows it: "300+", "USD 10bn+" / "逾 100 亿美元", "USD 50m".
/// Chinese writes "more than" an amount of money as 逾, never as a trailing `+`.
pub fn in_strip(site: &Site, figure: Figure, lang: Lang) -> String {
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

/// Groups thousands with commas, as both languages of the site write numbers: 10,000.
pub fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A number with its significant decimals only: 0.3, 0.25, 0.01, 2.5, 5,000.
pub fn decimal(value: f64) -> String {
    let text = format!("{value:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let whole = grouped(whole.parse().unwrap_or_default());
    if fraction.is_empty() {
        whole
    } else {
        format!("{whole}.{fraction}")
    }
}

/// An amount of money: whole units, or two decimals when it has cents: 5,000, 0.10.
pub fn money(value: f64) -> String {
    if value.fract() == 0.0 {
        grouped(value as u64)
    } else {
        let text = format!("{value:.2}");
        let (whole, cents) = text.split_once('.').unwrap_or((&text, "00"));
        format!("{}.{cents}", grouped(whole.parse().unwrap_or_default()))
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
    fn groups_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(5000), "5,000");
        assert_eq!(grouped(10_000_000), "10,000,000");
    }

    #[test]
    fn writes_decimals_and_money_as_fee_tables_do() {
        assert_eq!(decimal(5000.0), "5,000");
        assert_eq!(decimal(0.3), "0.3");
        assert_eq!(decimal(0.25), "0.25");
        assert_eq!(decimal(0.01), "0.01");
        assert_eq!(money(5000.0), "5,000");
        assert_eq!(money(0.1), "0.10");
        assert_eq!(money(1234.5), "1,234.50");
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
