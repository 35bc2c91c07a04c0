//! Countries and regions of the application form: every ISO 3166-1 alpha-2 code, and the
//! international calling codes taken from libphonenumber's metadata (the `phonenumber` crate), so
//! the browser's area-code list and the server's phone check come from the same data.

use phonenumber::metadata::DATABASE;

/// Every officially assigned ISO 3166-1 alpha-2 code, alphabetical. Names are not stored: the
/// browser shows each in the page's language (`Intl.DisplayNames`).
pub const COUNTRIES: [&str; 249] = [
    "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ",
    "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS",
    "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN",
    "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE",
    "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF",
    "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM",
    "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM",
    "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC",
    "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
    "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA",
    "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG",
    "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW",
    "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS",
    "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO",
    "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
    "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
];

/// Whether `code` is an ISO 3166-1 alpha-2 country or region code (upper case).
pub fn is_country(code: &str) -> bool {
    COUNTRIES.binary_search(&code).is_ok()
}

/// The international calling code of a country or region (`SG` → 65), from libphonenumber's
/// metadata; `None` for territories without a telephone numbering plan of their own (e.g.
/// Antarctica).
pub fn calling_code(region: &str) -> Option<u16> {
    is_country(region)
        .then(|| DATABASE.by_id(region))
        .flatten()
        .map(|metadata| metadata.country_code())
}

/// The area-code choices: `(region, calling code)` for every country or region that has one, in
/// the order of [`COUNTRIES`].
pub fn calling_codes() -> Vec<(&'static str, u16)> {
    COUNTRIES
        .iter()
        .filter_map(|region| calling_code(region).map(|code| (*region, code)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_sorted_unique_and_upper_case() {
        assert!(COUNTRIES.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(
            COUNTRIES
                .iter()
                .all(|code| code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()))
        );
    }

    #[test]
    fn calling_codes_come_from_libphonenumber() {
        assert_eq!(calling_code("SG"), Some(65));
        assert_eq!(calling_code("HK"), Some(852));
        assert_eq!(calling_code("CA"), Some(1));
        assert_eq!(calling_code("AQ"), None);
        assert_eq!(calling_code("XX"), None);
        let codes = calling_codes();
        assert!(
            codes.len() > 240,
            "{} regions have calling codes",
            codes.len()
        );
    }
}
