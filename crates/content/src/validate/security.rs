//! The rules of the security contact and the channels' mailboxes: plausible addresses, a policy
//! that is a page section in every language, and e-mail links in copy that name a channel's
//! mailbox by its token only.

use crate::ContentError;
use crate::pages::page_instances;
use crate::schema::model::Content;
use crate::schema::security::MAILTO_LINK;
use crate::source::files::ContentFiles;
use crate::source::lines::copy_lines;

/// Checks the contact: plausible mailboxes, a policy that is a page section in every language,
/// and e-mail links in copy that name a channel's mailbox by its token only.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let security = &content.site.security;
    let text = |file: &str| files.get(file).map(String::as_str).unwrap_or_default();
    let site_text = text("site.toml");
    let channels = &content.operations.channels;
    let mut errors = Vec::new();
    for channel in channels.channel.iter().filter(|c| c.is_mailbox()) {
        if !is_address(&channel.address) {
            errors.push(ContentError::near(
                "channels.toml",
                text("channels.toml"),
                &channel.address,
                format!(
                    "channel `{}`: \"{}\" is not an e-mail address",
                    channel.id, channel.address
                ),
            ));
        }
    }
    if !channels
        .get(&channels.vulnerability_reports)
        .is_some_and(|c| c.is_mailbox())
    {
        errors.push(ContentError::near(
            "channels.toml",
            text("channels.toml"),
            "vulnerability_reports",
            "`vulnerability_reports` must name a channel with an e-mail address: security.txt \
             gives it as its Contact",
        ));
    }
    if let Some(problem) = policy_problem(content, &security.policy) {
        errors.push(ContentError::near(
            "site.toml",
            site_text,
            &security.policy,
            problem,
        ));
    }
    let mailboxes: Vec<String> = channels
        .channel
        .iter()
        .filter(|c| c.is_mailbox())
        .map(|c| format!("{{channel.{}.address}}", c.id))
        .collect();
    for (file, text) in files {
        for (offset, address) in mailto_links(text) {
            if !mailboxes.iter().any(|mailbox| mailbox == address) {
                errors.push(ContentError::at_offset(
                    file,
                    text,
                    offset,
                    format!(
                        "e-mail link to `{address}`: copy links only to a channel's mailbox, \
                         written as its token: {}",
                        mailboxes.join(", ")
                    ),
                ));
            }
        }
    }
    errors
}

/// `local@domain.tld` without spaces: enough to catch a slip, not a full address grammar.
fn is_address(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.contains(char::is_whitespace)
        && !domain.contains('@')
}

/// Why `policy` is not a section of a page in every language, if it is not.
fn policy_problem(content: &Content, policy: &str) -> Option<String> {
    let Some((path, anchor)) = policy.split_once('#') else {
        return Some(format!(
            "`security.policy` \"{policy}\" needs the anchor of the section on reporting (`/page#section`)"
        ));
    };
    let Some(instance) = page_instances(content)
        .into_iter()
        .find(|instance| instance.path == path)
    else {
        return Some(format!(
            "`security.policy` \"{policy}\": `{path}` is not a page"
        ));
    };
    let missing: Vec<&str> = content
        .locales
        .iter()
        .filter(|(_, locale)| {
            locale
                .marketing
                .get(&instance.page)
                .is_none_or(|page| page.section.iter().all(|section| section.id() != anchor))
        })
        .map(|(lang, _)| lang.code())
        .collect();
    (!missing.is_empty()).then(|| {
        format!(
            "`security.policy` \"{policy}\": {path} has no section `{anchor}` in {}",
            missing.join(", ")
        )
    })
}

/// The e-mail links of a content file, outside `#` comment lines: byte offset and address.
fn mailto_links(text: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    for (line_start, line) in copy_lines(text) {
        for (at, _) in line.match_indices(MAILTO_LINK) {
            let rest = &line[at + MAILTO_LINK.len()..];
            let end = rest.find(')').unwrap_or(rest.len());
            found.push((line_start + at, &rest[..end]));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_need_a_local_part_and_a_dotted_domain() {
        assert!(is_address("security@custody.example"));
        for bad in [
            "security",
            "@custody.example",
            "security@example",
            "a b@custody.example",
            "a@b@c.example",
        ] {
            assert!(!is_address(bad), "{bad}");
        }
    }

    #[test]
    fn finds_mailto_links_outside_comments() {
        let text =
            "# [x](mailto:a@b.example)\nbody = \"Write to [us](mailto:{channel.x.address}).\"\n";
        assert_eq!(mailto_links(text), vec![(46, "{channel.x.address}")]);
    }
}
