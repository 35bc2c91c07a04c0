//! Numbers as both languages of the site write them: thousands grouped with commas, significant
//! decimals only, and money with cents when it has them.

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
}
