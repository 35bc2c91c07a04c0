//! Phone numbers checked against libphonenumber's numbering plans (the `phonenumber` crate).

use phonenumber::Mode;
use phonenumber::country::Id;
use phonenumber::metadata::DATABASE;

use super::rules::{MAX_PHONE_DIGITS, MIN_PHONE_DIGITS, PHONE_PUNCTUATION};
use custody_content::schema::countries;

/// The international calling code of a country or region (`SG` → 65); `None` for territories
/// without a numbering plan of their own (Antarctica) and for anything not an ISO 3166-1 code.
pub fn calling_code(region: &str) -> Option<u16> {
    countries::is_country(region)
        .then(|| DATABASE.by_id(region))
        .flatten()
        .map(|metadata| metadata.country_code())
}

/// Loads libphonenumber's metadata (a few hundred milliseconds), so that the first application
/// does not wait for it; the store calls this once the log is open.
pub fn load_metadata() {
    let _ = DATABASE.by_id("SG");
}

/// Whether `phone` looks like a number at all: ASCII digits with [`PHONE_PUNCTUATION`] (spaces,
/// brackets, dots, dashes), 4 to 17 digits. The browser applies the same test before sending.
pub fn plausible(phone: &str) -> bool {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    phone
        .chars()
        .all(|c| c.is_ascii_digit() || PHONE_PUNCTUATION.contains(c))
        && (MIN_PHONE_DIGITS..=MAX_PHONE_DIGITS).contains(&digits)
}

/// The number in E.164 (`+85221234567`) when it is a valid number of the area code's plan:
/// parsed as dialled in `region`, valid, and carrying `calling_code`.
pub fn e164(phone: &str, region: &str, calling_code: u16) -> Option<String> {
    if !plausible(phone) {
        return None;
    }
    let region: Id = region.parse().ok()?;
    let number = phonenumber::parse(Some(region), phone).ok()?;
    (number.code().value() == calling_code && phonenumber::is_valid(&number))
        .then(|| number.format().mode(Mode::E164).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calling_codes_come_from_libphonenumber() {
        assert_eq!(calling_code("SG"), Some(65));
        assert_eq!(calling_code("HK"), Some(852));
        assert_eq!(calling_code("CA"), Some(1));
        assert_eq!(calling_code("AQ"), None);
        assert_eq!(calling_code("XX"), None);
        assert_eq!(calling_code("001"), None);
    }

    #[test]
    fn valid_numbers_of_their_area_code() {
        assert_eq!(e164("9123 4567", "SG", 65).as_deref(), Some("+6591234567"));
        assert_eq!(
            e164("2123 4567", "HK", 852).as_deref(),
            Some("+85221234567")
        );
        assert_eq!(
            e164("(415) 555-2671", "US", 1).as_deref(),
            Some("+14155552671")
        );
        assert_eq!(
            e164("07911 123456", "GB", 44).as_deref(),
            Some("+447911123456")
        );
        assert_eq!(
            e164("138 0013 8000", "CN", 86).as_deref(),
            Some("+8613800138000")
        );
    }

    #[test]
    fn invalid_numbers_are_refused() {
        assert_eq!(
            e164("1234 5678", "SG", 65),
            None,
            "no Singapore number starts with 1"
        );
        assert_eq!(e164("123", "SG", 65), None);
        assert_eq!(
            e164("+44 7911 123456", "SG", 65),
            None,
            "another country's number"
        );
        assert_eq!(e164("9123 4567 ext 5", "SG", 65), None);
        assert!(!plausible("12ab5678"));
        assert!(plausible("(02) 9876-5432"));
    }
}
