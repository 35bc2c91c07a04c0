//! Syntax checks of the free-text answers: length and control characters, web addresses and
//! email addresses.

/// Why a text answer cannot be stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextProblem {
    /// More characters than the field allows.
    TooLong,
    /// A control character (line breaks included: every field is one line).
    ControlCharacters,
}

/// The answer trimmed, if it has at most `max` characters and no control character.
pub fn text(value: &str, max: usize) -> Result<String, TextProblem> {
    let value = value.trim();
    if value.chars().any(char::is_control) {
        return Err(TextProblem::ControlCharacters);
    }
    if value.chars().count() > max {
        return Err(TextProblem::TooLong);
    }
    Ok(value.to_owned())
}

/// A website answer with its scheme (`https://` is added when none is given); `Some("")` for no
/// answer, `None` when it is not a web address: a host name with a dot and a top-level domain
/// of at least two letters, an optional port and path, no spaces, no user name.
pub fn website(value: &str) -> Option<String> {
    if value.is_empty() {
        return Some(String::new());
    }
    let lower = value.to_ascii_lowercase();
    let (scheme, rest) = if let Some(rest) = lower.strip_prefix("https://") {
        ("https://", &value[value.len() - rest.len()..])
    } else if let Some(rest) = lower.strip_prefix("http://") {
        ("http://", &value[value.len() - rest.len()..])
    } else if lower.contains("://") {
        return None;
    } else {
        ("https://", value)
    };
    if rest.contains(char::is_whitespace) {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.contains('@') {
        return None;
    }
    let host = match authority.rsplit_once(':') {
        Some((host, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => host,
        Some(_) => return None,
        None => authority,
    };
    is_domain(host).then(|| format!("{scheme}{rest}"))
}

/// An email address with its domain in lower case, or `None` when it is not `local@domain.tld`
/// (a local part of 1–64 characters without spaces, quotes or angle brackets).
pub fn email(value: &str) -> Option<String> {
    let (local, domain) = value.rsplit_once('@')?;
    let local_ok = !local.is_empty()
        && local.chars().count() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && !local
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "@\"<>()[],;:\\".contains(c));
    (local_ok && is_domain(domain)).then(|| format!("{local}@{}", domain.to_lowercase()))
}

/// A host name of at least two labels of letters, digits and inner hyphens (letters of any
/// script), ending in a top-level domain of two or more letters.
fn is_domain(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    let labels: Vec<&str> = host.split('.').collect();
    let label_ok = |label: &&str| {
        !label.is_empty()
            && label.chars().count() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_alphanumeric() || c == '-')
    };
    let tld_ok = labels
        .last()
        .is_some_and(|tld| tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic));
    labels.len() >= 2 && host.len() <= 253 && labels.iter().all(label_ok) && tld_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_and_bounded() {
        assert_eq!(text("  Acme  ", 10), Ok("Acme".into()));
        assert_eq!(text("Acme\nCorp", 10), Err(TextProblem::ControlCharacters));
        assert_eq!(text("\u{7}", 10), Err(TextProblem::ControlCharacters));
        assert_eq!(text("长长长长长", 5), Ok("长长长长长".into()));
        assert_eq!(text("长长长长长长", 5), Err(TextProblem::TooLong));
    }

    #[test]
    fn websites() {
        assert_eq!(website("").as_deref(), Some(""));
        assert_eq!(
            website("www.acme.com").as_deref(),
            Some("https://www.acme.com")
        );
        assert_eq!(
            website("HTTP://Acme.co.uk:8080/about?x=1").as_deref(),
            Some("http://Acme.co.uk:8080/about?x=1")
        );
        assert_eq!(
            website("https://例子.中国").as_deref(),
            Some("https://例子.中国")
        );
        for bad in [
            "acme",
            "ftp://acme.com",
            "javascript:alert(1)",
            "https://acme.c0m",
            "https://user@acme.com",
            "acme .com",
            "https://-acme.com",
            "https://acme.com:port",
        ] {
            assert_eq!(website(bad), None, "{bad}");
        }
    }

    #[test]
    fn emails() {
        assert_eq!(email("Ops@Acme.COM").as_deref(), Some("Ops@acme.com"));
        assert_eq!(
            email("a.b+c@mail.acme.io").as_deref(),
            Some("a.b+c@mail.acme.io")
        );
        for bad in [
            "",
            "acme.com",
            "@acme.com",
            "a@acme",
            "a b@acme.com",
            "a@@acme.com",
            ".a@acme.com",
            "a@acme..com",
            "<a>@acme.com",
        ] {
            assert_eq!(email(bad), None, "{bad}");
        }
    }
}
